import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@/shared/schemas/accounts';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

export const requestPasswordReset = (email: string) =>
  unwrap(api.api.auth['forgot-password'].$post({ json: { email } }));

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

export const checkResetToken = (token: string) =>
  unwrap(api.api.auth.recovery.check.$post({ json: { token } }));

export const recoveryCheckQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.recoveryCheck(token),
    queryFn: () => checkResetToken(token),
    retry: false,
    gcTime: 0,
  });

export const useRecoveryCheck = (token: string) => useQuery(recoveryCheckQuery(token));

export const resetPassword = (input: ResetPasswordInput) =>
  unwrap(api.api.auth['reset-password'].$post({ json: input }));

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
