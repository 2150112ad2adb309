import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/web/lib/query-keys';
import { useRealtimeEvent } from '@/web/lib/realtime';

/**
 * Spec 2 §4: a change to the contract reloads it, wherever it is shown (the page, the dashboard card, the
 * history); a saved version never changes, so those stay cached.
 */
export function useContractRealtime() {
  const queryClient = useQueryClient();
  const reload = () =>
    void queryClient.invalidateQueries({
      queryKey: queryKeys.contracts,
      predicate: (q) => q.queryKey[1] !== 'version',
    });
  useRealtimeEvent('contract.changed', reload);
  useRealtimeEvent('pair.ended', reload);
}
