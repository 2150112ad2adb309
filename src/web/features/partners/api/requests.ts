import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { withKey } from '@/web/lib/writes';

export const partnerRequestsQuery = queryOptions({
  queryKey: queryKeys.partnerRequests,
  queryFn: async () => (await unwrap(api.api['partner-requests'].$get())).requests,
});
/** The pending requests addressed to this user, newest first as the server sends them. */
export function useIncomingRequests(userId: string) {
  const requests = useQuery(partnerRequestsQuery);
  return (requests.data ?? []).filter((r) => r.status === 'pending' && r.receiverId === userId);
}

export const partnerRequestQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.partnerRequest(id),
    queryFn: async () => (await unwrap(api.api['partner-requests'][':id'].$get({ param: { id } }))).request,
    retry: false,
  });
export const usePartnerRequest = (id: string | null) =>
  useQuery({ ...partnerRequestQuery(id ?? ''), enabled: id !== null });

/** After any answer, the request lists, the partner list (in /me) and the bell refresh. */
function useRefreshAfterAnswer() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.partnerRequests });
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
  };
}

export function useSendRequest() {
  const refresh = useRefreshAfterAnswer();
  return useMutation({
    mutationFn: async ({ receiverId, key }: { receiverId: string; key: string }) =>
      (await unwrap(api.api['partner-requests'].$post({ json: { receiverId } }, withKey(key)))).request,
    onSuccess: refresh,
  });
}

export function useAnswerRequest() {
  const refresh = useRefreshAfterAnswer();
  return useMutation({
    mutationFn: async ({ id, answer }: { id: string; answer: 'accept' | 'reject' | 'block' }) => {
      const route = api.api['partner-requests'][':id'];
      if (answer === 'accept') return (await unwrap(route.accept.$post({ param: { id } }))).partner;
      await unwrap(
        answer === 'reject' ? route.reject.$post({ param: { id } }) : route.block.$post({ param: { id } }),
      );
      return null;
    },
    onSettled: refresh,
  });
}
