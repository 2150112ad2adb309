import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

export function useDisconnectPartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partnerId: string) =>
      unwrap(api.api.partners[':partnerId'].$delete({ param: { partnerId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
