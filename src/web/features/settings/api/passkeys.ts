import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api';
import { registerPasskey } from '@/web/lib/passkey';
import { queryKeys } from '@/web/lib/query-keys';

export const passkeysQuery = queryOptions({
  queryKey: queryKeys.passkeys,
  queryFn: async () => (await unwrap(api.api.me.passkeys.$get())).passkeys,
  staleTime: 10_000,
});
export const usePasskeys = () => useQuery(passkeysQuery);

/** Every change to a passkey is in the security log too. */
function usePasskeyMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      for (const key of [queryKeys.passkeys, queryKeys.security]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}

export const useAddPasskey = () => usePasskeyMutation((name: string) => registerPasskey(name || undefined));

export const useRenamePasskey = () =>
  usePasskeyMutation(async ({ id, name }: { id: string; name: string }) =>
    unwrap(api.api.me.passkeys[':id'].$patch({ param: { id }, json: { name } })),
  );

export const useRemovePasskey = () =>
  usePasskeyMutation((id: string) => unwrap(api.api.me.passkeys[':id'].$delete({ param: { id } })));
