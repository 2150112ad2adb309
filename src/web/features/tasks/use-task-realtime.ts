import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/web/lib/query-keys';
import { useRealtimeEvent } from '@/web/lib/realtime';

/** Any change to a task or its history reloads both lists (spec: "a change to any row ... triggers a reload"). */
export function useTaskRealtime() {
  const queryClient = useQueryClient();
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.tasks });
    void queryClient.invalidateQueries({ queryKey: queryKeys.taskHistory });
  };
  useRealtimeEvent('task.changed', reload);
  useRealtimeEvent('task.deleted', reload);
  useRealtimeEvent('task_completion.changed', reload);
  useRealtimeEvent('pair.ended', reload);
}
