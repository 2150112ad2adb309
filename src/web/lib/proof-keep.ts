import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PROOF_KEEP, type ProofKeep } from '@/shared/texts/media';
import { api, unwrap } from './api';
import { queryKeys } from './query-keys';

/** The user's default keep-time of the proofs they send (decision 076); until deleted while it loads. */
export function useProofKeep() {
  const query = useQuery({
    queryKey: queryKeys.proofKeep,
    queryFn: async () => (await unwrap(api.api.media.keep.$get())).keep,
  });
  return { keep: query.data ?? DEFAULT_PROOF_KEEP, loaded: query.isSuccess };
}

export function useSetProofKeep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (keep: ProofKeep) => (await unwrap(api.api.media.keep.$put({ json: { keep } }))).keep,
    onSuccess: (keep) => queryClient.setQueryData(queryKeys.proofKeep, keep),
  });
}

/** The sender deletes a proof before its time: every list that may show it reads again. */
export function useDeleteProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(api.api.media[':id'].$delete({ param: { id } })),
    onSettled: () =>
      Promise.all(
        [queryKeys.tasks, queryKeys.taskHistory, queryKeys.punishments, queryKeys.allJournal].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
