import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AftercareWishesInput, NegotiationView } from '@/shared/schemas/negotiation';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** The first negotiation of each of the user's pairs (decision 058). */
export const negotiationQuery = queryOptions({
  queryKey: queryKeys.negotiation,
  queryFn: (): Promise<NegotiationView> => unwrap(api.api.negotiation.$get()),
});
export const useNegotiation = () => useQuery(negotiationQuery);

/** The submissive confirms the first negotiation with this partner; the answer is the new view. */
export function useConfirmNegotiation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partnerId: string) => unwrap(api.api.negotiation.confirm.$post({ json: { partnerId } })),
    onSuccess: (view) => queryClient.setQueryData(queryKeys.negotiation, view),
  });
}

/** The submissive withdraws their confirmation: new assignments wait again. */
export function useWithdrawNegotiation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partnerId: string) => unwrap(api.api.negotiation.withdraw.$post({ json: { partnerId } })),
    onSuccess: (view) => queryClient.setQueryData(queryKeys.negotiation, view),
  });
}

/** The user's own aftercare wishes for the pair with this partner. */
export function useSaveAftercareWishes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: AftercareWishesInput) => unwrap(api.api.negotiation.aftercare.$put({ json })),
    onSuccess: (view) => queryClient.setQueryData(queryKeys.negotiation, view),
  });
}
