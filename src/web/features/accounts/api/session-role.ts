import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionRole } from '@/shared/domain/roles';
import { ApiError, api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

export const chooseSessionRole = async (role: SessionRole) =>
  (await unwrap(api.api.me['session-role'].$put({ json: { role } }))).user;

export function useChooseSessionRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseSessionRole,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me, user),
    // Another tab of this session chose first: the session keeps that role, read it.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'ROLE_ALREADY_CHOSEN') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      }
    },
  });
}
