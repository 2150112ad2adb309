import { queryOptions, useQuery } from '@tanstack/react-query';
import { customItemId } from '@/shared/domain/limits';
import type { LimitsView, LimitTagView } from '@/shared/schemas/limits';
import { api, unwrap } from './api';
import { queryKeys } from './query-keys';

/** The user's limits in each active pair (decision 055): the Limits page and the tag pickers share it. */
export const limitsQuery = queryOptions({
  queryKey: queryKeys.limits,
  queryFn: (): Promise<LimitsView> => unwrap(api.api.limits.$get()),
});

/**
 * The items of the pair's own that a task or punishment for `partnerId` may be tagged with (decision 056),
 * as tag ids with their titles; none until the limits are read, or with no partner chosen.
 */
export function useCustomLimitItems(partnerId: string | null | undefined): LimitTagView[] {
  const { data } = useQuery({ ...limitsQuery, enabled: Boolean(partnerId) });
  const pair = data?.pairs.find((p) => p.partnerId === partnerId);
  return (pair?.custom ?? []).map((c) => ({ id: customItemId(c.id), title: c.title }));
}
