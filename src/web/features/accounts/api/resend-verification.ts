import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api';

export const resendVerification = (email: string) =>
  unwrap(api.api.auth['resend-verification'].$post({ json: { email } }));

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
