import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/web/lib/query-keys';
import { useRealtimeEvent } from '@/web/lib/realtime';

/** Any change to a punishment of the pair reloads the list (spec 2 §4: punishments, all events). */
export function usePunishmentRealtime() {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.punishments });
  useRealtimeEvent('punishment.changed', reload);
  useRealtimeEvent('pair.ended', reload);
}
