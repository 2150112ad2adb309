import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '@/shared/schemas/accounts';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { initialLoad, signedOutDestination } from '@/web/lib/sign-in-session';

export const register = (input: RegisterInput) => unwrap(api.api.auth.register.$post({ json: input }));

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (result) => {
      if (result.status !== 'signed_in') return;
      queryClient.setQueryData(queryKeys.me, result.user);
      initialLoad.reset();
      signedOutDestination.reset();
    },
  });
}
