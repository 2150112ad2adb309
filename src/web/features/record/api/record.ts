import { queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { RecordPageView, RecordPairView, RecordVerdict } from '@/shared/schemas/record';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** The pairs whose record the user reads: active ones first, then those that ended. */
export const recordPairsQuery = queryOptions({
  queryKey: queryKeys.recordPairs,
  queryFn: async (): Promise<RecordPairView[]> => (await unwrap(api.api.record.pairs.$get())).pairs,
});
export const useRecordPairs = () => useQuery(recordPairsQuery);

/** A pair's record, newest first, a page at a time; `kind` '' for every entry. */
export const useRecord = (pairId: string | null, kind: string) =>
  useInfiniteQuery({
    queryKey: queryKeys.record(pairId ?? '', kind),
    enabled: pairId !== null,
    queryFn: async ({ pageParam }): Promise<RecordPageView> =>
      unwrap(
        api.api.record.$get({
          query: {
            pairId: pairId ?? undefined,
            ...(kind ? { kind } : {}),
            ...(pageParam ? { cursor: String(pageParam) } : {}),
          },
        }),
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Recomputes the pair's record whole on the server. */
export const useVerifyRecord = () =>
  useMutation({
    mutationFn: async (pairId: string): Promise<RecordVerdict> =>
      unwrap(api.api.record.verify.$post({ json: { pairId } })),
  });
