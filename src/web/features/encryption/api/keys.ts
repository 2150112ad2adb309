import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PairWrapsInput, SetUpKeysInput } from '@/shared/schemas/keys';
import { api, unwrap } from '@/web/lib/api';
import { loadDeviceIdentity, saveDeviceIdentity } from '@/web/lib/e2ee/device-keys';
import type { IdentityKeys } from '@/web/lib/e2ee/keys';
import { queryKeys } from '@/web/lib/query-keys';

const keys = api.api.keys;

export const myKeysQuery = queryOptions({
  queryKey: queryKeys.myKeys,
  queryFn: async () => (await unwrap(keys.$get())).keys,
});
export const useMyKeys = () => useQuery(myKeysQuery);

/** The user's active pairs, with both partners' names. */
export const usePairs = () =>
  useQuery({
    queryKey: [...queryKeys.allKeys, 'pairs'],
    queryFn: async () => (await unwrap(api.api.pairs.$get())).pairs,
  });

/** A pair's keys as the server holds them for the reader (read fresh each time it is settled). */
export const fetchPairKeys = async (pairId: string) =>
  unwrap(keys.pairs[':id'].$get({ param: { id: pairId } }));

/** This device's unlocked identity, or null: read from IndexedDB, never from the network. */
export const deviceKeysQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.deviceKeys(userId),
    queryFn: () => loadDeviceIdentity(userId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
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
  return async (userId: string, identity: IdentityKeys) => {
    await saveDeviceIdentity(userId, identity);
    queryClient.setQueryData(queryKeys.deviceKeys(userId), identity);
  };
}

export const addPairWraps = async (pairId: string, input: PairWrapsInput) =>
  unwrap(keys.pairs[':id'].wraps.$post({ param: { id: pairId }, json: input }));
