import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CadenceInput,
  CadencesView,
  CheckinAnswerInput,
  CheckinHistoryView,
  CheckinInput,
  CheckinsView,
} from '@/shared/schemas/checkins';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** The open check-ins of the user's pairs: theirs to answer, and the Yellow asks they wait on. */
export const checkinsQuery = queryOptions({
  queryKey: queryKeys.checkins,
  queryFn: (): Promise<CheckinsView> => unwrap(api.api.checkins.$get()),
});
export const useCheckins = () => useQuery(checkinsQuery);

/** The pair's answered check-ins, newest first; older pages as the list asks for them. */
export const useCheckinHistory = () =>
  useInfiniteQuery({
    queryKey: queryKeys.checkinHistory,
    queryFn: ({ pageParam }): Promise<CheckinHistoryView> =>
      unwrap(api.api.checkins.history.$get({ query: pageParam ? { before: pageParam } : {} })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The cadence of each pair of the user. */
export const useCadences = () =>
  useQuery({
    queryKey: queryKeys.checkinCadence,
    queryFn: (): Promise<CadencesView> => unwrap(api.api.checkins.cadence.$get()),
  });

function useCheckinsWrite<I>(write: (input: I) => Promise<CheckinsView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    // The answer is the open check-ins as they now are: shown at once, without waiting for the event.
    onSuccess: (view) => queryClient.setQueryData(queryKeys.checkins, view),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.checkins }),
  });
}

/** Yellow: the partner (every partner, or the one named) is asked to check in. */
export const useAskCheckin = () =>
  useCheckinsWrite((json: CheckinInput) => unwrap(api.api.checkins.$post({ json })));

/** Answers a check-in that is the user's: a mood and an optional note. */
export const useAnswerCheckin = () =>
  useCheckinsWrite(({ id, ...json }: CheckinAnswerInput & { id: string }) =>
    unwrap(api.api.checkins[':id'].answer.$post({ param: { id }, json })),
  );

/** Sets (or turns off) one pair's cadence. */
export function useSetCadence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: CadenceInput): Promise<CadencesView> =>
      unwrap(api.api.checkins.cadence.$put({ json })),
    onSuccess: (view) => queryClient.setQueryData(queryKeys.checkinCadence, view),
  });
}
