import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetUpKeysInput } from '@/shared/schemas/keys';
import { api, unwrap } from '@/web/lib/api';
import { deviceKeysQuery, myKeysQuery, pairsQuery } from '@/web/lib/e2ee/api';
import type { IdentityKeys } from '@/web/lib/e2ee/keys';
import { keepOnDevice } from '@/web/lib/e2ee/unlock';
import { queryKeys } from '@/web/lib/query-keys';

const keys = api.api.keys;

export const useMyKeys = () => useQuery(myKeysQuery);
export const usePairs = () => useQuery(pairsQuery);
export const useDeviceKeys = (userId: string) => useQuery(deviceKeysQuery(userId));

export function useSetUpKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SetUpKeysInput) => (await unwrap(keys.$put({ json: input }))).keys,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.allKeys });
      void queryClient.invalidateQueries({ queryKey: queryKeys.security });
    },
  });
}

/** Keeps the unlocked identity on this device and says so to every reader of it. */
export function useKeepOnDevice() {
  const queryClient = useQueryClient();
  return (userId: string, identity: IdentityKeys) => keepOnDevice(queryClient, userId, identity);
}
