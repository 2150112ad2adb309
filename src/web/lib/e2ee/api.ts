import { queryOptions } from '@tanstack/react-query';
import type { PairWrapsInput } from '@/shared/schemas/keys';
import { api, unwrap } from '../api';
import { queryKeys } from '../query-keys';
import { loadDeviceIdentity } from './device-keys';

/** What end-to-end encryption reads from the server and from this device (decisions 100, 101). */
const keys = api.api.keys;

export const myKeysQuery = queryOptions({
  queryKey: queryKeys.myKeys,
  queryFn: async () => (await unwrap(keys.$get())).keys,
});

/** The user's active pairs, with both partners' names. */
export const pairsQuery = queryOptions({
  queryKey: [...queryKeys.allKeys, 'pairs'],
  queryFn: async () => (await unwrap(api.api.pairs.$get())).pairs,
});

/** A pair's keys as the server holds them for the reader (read fresh each time it is settled). */
export const fetchPairKeys = async (pairId: string) =>
  unwrap(keys.pairs[':id'].$get({ param: { id: pairId } }));

export const addPairWraps = async (pairId: string, input: PairWrapsInput) =>
  unwrap(keys.pairs[':id'].wraps.$post({ param: { id: pairId }, json: input }));

/** This device's unlocked identity, or null: read from IndexedDB, never from the network. */
export const deviceKeysQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.deviceKeys(userId),
    queryFn: () => loadDeviceIdentity(userId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
