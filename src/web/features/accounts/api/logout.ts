import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

export const logout = () => unwrap(api.api.auth.logout.$post());

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Nothing of the previous user may stay on screen or in memory.
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me, null);
    },
  });
}
