import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@/shared/schemas/settings';
import { DELETE_CONFIRMATION } from '@/shared/texts/settings';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/*
 * The settings page reads what can change outside this tab (a block from the request dialog, a sign-in on
 * another device), so each of its lists is read afresh whenever the page opens, unless it was read in the
 * last few seconds: the page the server rendered with them is not read again as it hydrates.
 */
const FRESH_MS = 10_000;

export const blockedUsersQuery = queryOptions({
  queryKey: queryKeys.blockedUsers,
  queryFn: async () => (await unwrap(api.api.blocks.$get())).blocked,
  staleTime: FRESH_MS,
});
export const useBlockedUsers = () => useQuery(blockedUsersQuery);

export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.api.blocks[':id'].$delete({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.blockedUsers }),
  });
}

export const securityQuery = queryOptions({
  queryKey: queryKeys.security,
  queryFn: () => unwrap(api.api.me.security.$get()),
  staleTime: FRESH_MS,
});
export const useSecurity = () => useQuery(securityQuery);

export const sessionsQuery = queryOptions({
  queryKey: queryKeys.sessions,
  queryFn: async () => (await unwrap(api.api.me.sessions.$get())).sessions,
  staleTime: FRESH_MS,
});
export const useSessions = () => useQuery(sessionsQuery);

/** Signing others out and changing the password both end sessions and write to the security log. */
function useSecurityMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      for (const key of [queryKeys.sessions, queryKeys.security]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}

export const useRevokeOtherSessions = () =>
  useSecurityMutation(async () => (await unwrap(api.api.me.sessions['revoke-others'].$post())).revoked);

export const useChangePassword = () =>
  useSecurityMutation((json: ChangePasswordInput) => unwrap(api.api.me.password.$post({ json })));

/** Only ever sends the exact confirmation: the dialog enables Confirm for nothing else. */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: async () =>
      (await unwrap(api.api.me.$delete({ json: { confirm: DELETE_CONFIRMATION } }))).partnershipsAffected,
  });
