import type { QueryClient } from '@tanstack/react-query';
import type { TaskView } from '@/shared/schemas/tasks';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** The list's order: newest first, then by id (created_at desc, id desc, as the server answers). */
const newerFirst = (a: TaskView, b: TaskView) =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The cached list with one task put in place, or taken out (null). */
function placed(list: TaskView[], id: string, task: TaskView | null) {
  const others = list.filter((t) => t.id !== id);
  return task ? [...others, task].sort(newerFirst) : others;
}

/**
 * A task's event changes the cached list in place: the one task is read by its id (GET /api/tasks/:id)
 * and put where it belongs, or taken out when it went or is no longer the user's to see; the whole list
 * is not read again (decision 045). While the list is being read, or before it ever was, it is read again
 * instead, so that no change is lost to an answer older than it.
 */
async function changeInPlace(queryClient: QueryClient, id: string, gone: boolean) {
  const key = queryKeys.tasks;
  const reload = () => queryClient.invalidateQueries({ queryKey: key });
  if (!queryClient.getQueryData<TaskView[]>(key) || queryClient.isFetching({ queryKey: key }) > 0) {
    return reload();
  }
  let task: TaskView | null = null;
  if (!gone) {
    const response = await api.api.tasks[':id'].$get({ param: { id } }).catch(() => null);
    const status: number | undefined = response?.status;
    if (response && response.status === 200) task = (await response.json()).task;
    else if (status !== 404) return reload();
  }
  if (queryClient.isFetching({ queryKey: key }) > 0) return reload();
  queryClient.setQueryData<TaskView[]>(key, (list) => (list ? placed(list, id, task) : list));
}

/** A task's event: the task is put in place in the cached list (or taken out, `task.deleted`). */
export const taskChangedInPlace = (queryClient: QueryClient, { taskId }: { taskId: string }) =>
  void changeInPlace(queryClient, taskId, false);
export const taskDeletedInPlace = (queryClient: QueryClient, { taskId }: { taskId: string }) =>
  void changeInPlace(queryClient, taskId, true);
