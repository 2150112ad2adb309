import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@/shared/schemas/accounts';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { initialLoad, signedOutDestination } from '@/web/lib/sign-in-session';

export const login = async (input: LoginInput) =>
  (await unwrap(api.api.auth.login.$post({ json: input }))).user;

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me, user);
      initialLoad.reset();
      signedOutDestination.reset();
    },
  });
}

/**
 * What the login form's action answers when the form was sent before the page's code ran: the address typed
 * and either the server's refusal or the address that must be confirmed first.
 */
export interface LoginFormAnswer {
  email: string;
  failure?: string;
  unconfirmed?: string;
}
