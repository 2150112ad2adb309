import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LimitAnswerInput, LimitItemInput, LimitsView } from '@/shared/schemas/limits';
import { api, unwrap } from '@/web/lib/api';
import { limitsQuery } from '@/web/lib/limits';
import { queryKeys } from '@/web/lib/query-keys';

/** The user's limits in each active pair: their own answers, and the matches once both finished (decision 055). */
export const useLimits = () => useQuery(limitsQuery);

/** Answers one item at once: shown before the server answers, put right by the refetch after. */
export function useAnswerLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: LimitAnswerInput) => unwrap(api.api.limits.answer.$put({ json })),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.limits });
      queryClient.setQueryData<LimitsView>(queryKeys.limits, (view) =>
        view
          ? {
              pairs: view.pairs.map((p) => {
                if (p.partnerId !== input.partnerId) return p;
                const mine = { ...p.mine };
                if (input.answer) mine[input.itemId] = input.answer;
                else delete mine[input.itemId];
                return { ...p, mine };
              }),
            }
          : view,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.limits }),
  });
}

export function useAddLimitItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: LimitItemInput) => unwrap(api.api.limits.items.$post({ json })),
    onSuccess: (view) => queryClient.setQueryData(queryKeys.limits, view),
  });
}

export function useFinishLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partnerId: string) => unwrap(api.api.limits.finish.$post({ json: { partnerId } })),
    onSuccess: (view) => queryClient.setQueryData(queryKeys.limits, view),
  });
}
