import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';
import { myKeysQuery } from './api';
import { loadDeviceIdentity, saveDeviceIdentity } from './device-keys';
import type { IdentityKeys } from './keys';

/** Keeps `identity` as `userId`'s on this device and tells every reader of it (and of the pairs' sealing). */
export async function keepOnDevice(queryClient: QueryClient, userId: string, identity: IdentityKeys) {
  await saveDeviceIdentity(userId, identity);
  queryClient.setQueryData(queryKeys.deviceKeys(userId), identity);
  await queryClient.invalidateQueries({ queryKey: [...queryKeys.allKeys, 'sealing'] });
}

/**
 * At sign-in by password, this device unlocks the account's key with the password just typed (decision
 * 101): no second prompt. It does nothing without keys, or when this device has them already; a password
 * that does not open the wrap (it was reset by e-mail) leaves the keys locked, for the recovery key to open.
 * Answers whether the keys are open on this device now.
 */
export async function unlockAtSignIn(queryClient: QueryClient, userId: string, password: string) {
  try {
    const mine = await queryClient.fetchQuery({ ...myKeysQuery, staleTime: 0 });
    if (!mine) return false;
    const here = await loadDeviceIdentity(userId);
    if (here?.publicRaw === mine.publicKey) return true;
    const keys = await import('./keys');
    const identity = await keys.identityFrom(
      await keys.unwrapWithPassword(mine.passwordWrap, password, userId),
    );
    if (identity.publicRaw !== mine.publicKey) return false;
    await keepOnDevice(queryClient, userId, identity);
    return true;
  } catch {
    return false;
  }
}

/**
 * The account's key wrapped again by `next` at a password change (decision 101), opened by `current`: sent
 * with the change so that the key follows the password. Undefined without keys, or when `current` does not
 * open them (the server refuses a wrong current password anyway).
 */
export async function rewrapForNewPassword(
  queryClient: QueryClient,
  userId: string,
  current: string,
  next: string,
) {
  try {
    const mine = await queryClient.fetchQuery({ ...myKeysQuery, staleTime: 0 });
    if (!mine) return undefined;
    const keys = await import('./keys');
    return await keys.wrapWithPassword(
      await keys.unwrapWithPassword(mine.passwordWrap, current, userId),
      next,
      userId,
    );
  } catch {
    return undefined;
  }
}
