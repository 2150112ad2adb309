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
 * What the login, registration and password-reset forms' action answers when a form was sent before the page's code ran:
 * which form, what was typed (never a password), and either the server's refusal (with its fields) or the
 * address that must be confirmed first.
 */
export interface AccountFormAnswer {
  intent?: string;
  email: string;
  displayName?: string;
  role?: string;
  failure?: string;
  fields?: Record<string, string>;
  unconfirmed?: string;
  /** The password-reset form was sent and the server took it (whether or not the address has an account). */
  resetSent?: boolean;
}
