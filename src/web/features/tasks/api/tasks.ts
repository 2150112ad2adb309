import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AboveAndBeyondInput,
  CompleteTaskInput,
  CreateTaskInput,
  TaskPage,
  TaskView,
  UpdateTaskInput,
} from '@/shared/schemas/tasks';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { patchQuery, withKey } from '@/web/lib/writes';

/**
 * Every live task (open, repeating, Above & Beyond; a done one-off task is history, decision 063): the
 * list's pages followed to the end (one request for most couples, decision 045), so that every reader (the
 * list, the dashboard, the reminders) sees all of them.
 */
export const tasksQuery = queryOptions({
  queryKey: queryKeys.tasks,
  queryFn: async () => {
    const all: TaskView[] = [];
    let after: string | null = null;
    do {
      const page: TaskPage = await unwrap(api.api.tasks.$get({ query: after ? { after } : {} }));
      all.push(...page.tasks);
      after = page.nextCursor;
    } while (after);
    return all;
  },
});
export const useTasks = () => useQuery(tasksQuery);

const taskHistoryQuery = queryOptions({
  queryKey: queryKeys.taskHistory,
  queryFn: async () => (await unwrap(api.api['task-completions'].$get())).completions,
});
export const useTaskHistory = () => useQuery(taskHistoryQuery);

/** Every task change refreshes the list, the history and the bell. */
function useTaskMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      for (const key of [queryKeys.tasks, queryKeys.taskHistory, queryKeys.notifications]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}

const tasks = api.api.tasks;
const byId = tasks[':id'];
const history = api.api['task-completions'][':id'];

export const useCreateTask = () =>
  useTaskMutation(
    async ({ key, ...json }: CreateTaskInput & { key: string }) =>
      (await unwrap(tasks.$post({ json }, withKey(key)))).task,
  );
export const useUpdateTask = () =>
  useTaskMutation(
    async ({ id, json }: { id: string; json: UpdateTaskInput }) =>
      (await unwrap(byId.$put({ param: { id }, json }))).task,
  );
export const useDeleteTask = () => useTaskMutation((id: string) => unwrap(byId.$delete({ param: { id } })));
/** Undo of a deletion, from its toast, within the server's minute (decision 099). */
export const useRestoreTask = () =>
  useTaskMutation(async (id: string) => (await unwrap(byId.restore.$post({ param: { id } }))).task);
/** The submissive accepts or declines a request (decision 056). */
export const useAnswerTaskRequest = () =>
  useTaskMutation(async ({ id, accept }: { id: string; accept: boolean }): Promise<void> => {
    if (accept) await unwrap(byId.accept.$post({ param: { id } }));
    else await unwrap(byId.decline.$post({ param: { id } }));
  });
/**
 * Completing shows at once: the task is marked completed in the list before the server answers, and put
 * back as it was if the server refuses (the caller's toast names the failure).
 */
export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...json }: CompleteTaskInput & { id: string; by: string }) => {
      const { by: _by, ...body } = json;
      return (await unwrap(byId.complete.$post({ param: { id }, json: body }))).task;
    },
    onMutate: async ({ id, by }) => {
      const at = Date.now();
      return {
        pending: await patchQuery<TaskView[]>(
          queryClient,
          queryKeys.tasks,
          (list) =>
            list.map((t) =>
              t.id === id ? { ...t, isCompleted: true, completedAt: at, completedBy: by } : t,
            ),
          (list) => !list.some((t) => t.id === id && !t.isCompleted),
        ),
      };
    },
    onSuccess: (_task, _input, context) => context.pending.settle(),
    onError: (_error, _input, context) => context?.pending.rollback(),
    onSettled: () => {
      for (const key of [queryKeys.tasks, queryKeys.taskHistory, queryKeys.notifications]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}
export const useTaskFeedback = () =>
  useTaskMutation(({ id, feedback }: { id: string; feedback: string }) =>
    unwrap(byId.feedback.$post({ param: { id }, json: { feedback } })),
  );
export const useCompletionFeedback = () =>
  useTaskMutation(({ id, feedback }: { id: string; feedback: string }) =>
    unwrap(history.feedback.$post({ param: { id }, json: { feedback } })),
  );
export const useAcknowledgeFeedback = () =>
  useTaskMutation((id: string) => unwrap(history.acknowledge.$post({ param: { id } })));
export const useAboveAndBeyond = () =>
  useTaskMutation(
    async ({ key, ...json }: AboveAndBeyondInput & { key: string }) =>
      (await unwrap(tasks['above-and-beyond'].$post({ json }, withKey(key)))).task,
  );

/** Spec 2 §7 send-feedback-email: the server mails the stored feedback of a task or a history entry. */
export const emailTaskFeedback = (id: string) => unwrap(byId['feedback-email'].$post({ param: { id } }));
export const emailCompletionFeedback = (id: string) =>
  unwrap(history['feedback-email'].$post({ param: { id } }));
