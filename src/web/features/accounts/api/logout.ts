import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/shared/routes';
import { api, unwrap } from '@/web/lib/api';
import { runBeforeLogout } from '@/web/lib/logout-hooks';
import { queryKeys } from '@/web/lib/query-keys';
import { initialLoad } from '@/web/lib/sign-in-session';
import { toast } from '@/web/lib/toast';

/** What features must do while still signed in (forget this device's pushes), then the logout itself. */
export const logout = async () => {
  await runBeforeLogout();
  return unwrap(api.api.auth.logout.$post());
};

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Nothing of the previous user may stay on screen or in memory.
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me, null);
      initialLoad.reset();
    },
  });
}

/** Logging out from a button: the spec's toasts, then /auth. */
export function useLogoutAction() {
  const navigate = useNavigate();
  const logout = useLogout();
  const run = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast.success('Logged out successfully');
        navigate(paths.auth, { replace: true });
      },
      onError: () => toast.error('Failed to logout', { description: 'Please try again' }),
    });
  return { run, pending: logout.isPending };
}
