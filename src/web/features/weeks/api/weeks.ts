import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** How the last eight weeks went with one partner (GET /api/weeks?partnerId=, decision 071). */
export const weeksQuery = (partnerId: string) =>
  queryOptions({
    queryKey: queryKeys.weeks(partnerId),
    queryFn: () => unwrap(api.api.weeks.$get({ query: { partnerId } })),
  });

export const useWeeks = (partnerId: string) => useQuery(weeksQuery(partnerId));
