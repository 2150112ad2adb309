import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { timerStartFor } from '@/shared/domain/punishments';
import type { CreatePunishmentInput, PunishmentView } from '@/shared/schemas/punishments';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { patchQuery, withKey } from '@/web/lib/writes';

export const punishmentsQuery = queryOptions({
  queryKey: queryKeys.punishments,
  queryFn: async () => (await unwrap(api.api.punishments.$get())).punishments,
});
export const usePunishments = () => useQuery(punishmentsQuery);

/** Every punishment change refreshes the list and the bell (and `more`, what else it changes). */
function usePunishmentMutation<I, O>(
  fn: (input: I) => Promise<O>,
  more: readonly (readonly unknown[])[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      for (const key of [queryKeys.punishments, queryKeys.notifications, ...more]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}

const punishments = api.api.punishments;
const byId = punishments[':id'];

/** One assigned from an infraction links to it (decision 066): the infractions are read again too. */
export const useCreatePunishment = () =>
  usePunishmentMutation(
    async ({ key, ...json }: CreatePunishmentInput & { key: string }) =>
      (await unwrap(punishments.$post({ json }, withKey(key)))).punishment,
    [queryKeys.allInfractions],
  );
/** The dominant changes an open punishment's limit tags (decision 056). */
export const useEditPunishmentTags = () =>
  usePunishmentMutation(
    async ({ id, limitTags }: { id: string; limitTags: string[] }) =>
      (await unwrap(byId.tags.$put({ param: { id }, json: { limitTags } }))).punishment,
  );
/** The dominant deletes an open punishment (a paused one, say). */
export const useDeletePunishment = () =>
  usePunishmentMutation(async (id: string): Promise<void> => {
    await unwrap(byId.$delete({ param: { id } }));
  });
/** The submissive accepts or declines a request (decision 056). */
export const useAnswerPunishmentRequest = () =>
  usePunishmentMutation(async ({ id, accept }: { id: string; accept: boolean }): Promise<void> => {
    if (accept) await unwrap(byId.accept.$post({ param: { id } }));
    else await unwrap(byId.decline.$post({ param: { id } }));
  });
/**
 * The timer starts on screen at once and goes back if the server refuses; spec 2 §8 gives a timer's
 * failure no message.
 */
export function useStartTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await unwrap(byId.timer.$post({ param: { id } }))).punishment,
    onMutate: async (id) => {
      const at = Date.now();
      return {
        pending: await patchQuery<PunishmentView[]>(
          queryClient,
          queryKeys.punishments,
          // A timer Red paused runs on from what it had left (decision 049).
          (list) =>
            list.map((p) =>
              p.id === id
                ? {
                    ...p,
                    timerStartTime: timerStartFor(p.timerDuration, p.timerRemainingMs, at),
                    timerRemainingMs: null,
                  }
                : p,
            ),
          (list) => !list.some((p) => p.id === id && p.timerStartTime == null),
        ),
      };
    },
    onSuccess: (_punishment, _id, context) => context.pending.settle(),
    onError: (_error, _id, context) => context?.pending.rollback(),
    onSettled: () => {
      for (const key of [queryKeys.punishments, queryKeys.notifications]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}
export const useSetCompleted = () =>
  usePunishmentMutation(
    async ({ id, completed }: { id: string; completed: boolean }) =>
      (await unwrap(byId.completion.$put({ param: { id }, json: { completed } }))).punishment,
  );
export const usePunishmentFeedback = () =>
  usePunishmentMutation(
    async ({ id, feedback }: { id: string; feedback: string }) =>
      (await unwrap(byId.feedback.$post({ param: { id }, json: { feedback } }))).punishment,
  );
export const emailPunishmentFeedback = (id: string) =>
  unwrap(byId['feedback-email'].$post({ param: { id } }));
