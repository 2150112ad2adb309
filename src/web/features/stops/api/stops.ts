import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StopInput, StopsView } from '@/shared/schemas/stops';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

export { useStops } from '@/web/lib/stops';

function useStopMutation(write: (input: StopInput) => Promise<StopsView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    // The answer is the stops as they now are: shown at once, without waiting for the event.
    onSuccess: (stops) => queryClient.setQueryData(queryKeys.stops, stops),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.stops }),
  });
}

/** Red: every pair of the user, at once, in one tap. */
export const useCallRed = () => useStopMutation((json) => unwrap(api.api.stops.$post({ json })));

/** Lifts the user's own Red: in every pair, or only with one partner. */
export const useLiftRed = () => useStopMutation((json) => unwrap(api.api.stops.lift.$post({ json })));
