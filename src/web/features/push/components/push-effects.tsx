import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onDiscreetChange } from '@/web/lib/discreet';
import { beforeLogout } from '@/web/lib/logout-hooks';
import { queryKeys } from '@/web/lib/query-keys';
import { forgetThisDevice, resyncThisDevice } from '../api/device';

/**
 * Each time the app opens for a user (the signed-in layout mounts this once per user), a device with notifications on tells the server its subscription
 * again (it may have changed, or the server may have dropped it). A failure is only logged (spec 1 §8).
 */
export function PushEffects() {
  const queryClient = useQueryClient();
  useEffect(() => {
    resyncThisDevice()
      .catch((error) => console.warn('push subscription not re-synced', error))
      .finally(() => void queryClient.invalidateQueries({ queryKey: queryKeys.pushDevice }));
  }, [queryClient]);
  // Discreet mode chosen or left (decision 081): the subscription is sent again, with the cookie that says so.
  useEffect(
    () =>
      onDiscreetChange(() => {
        resyncThisDevice().catch((error) => console.warn('push subscription not re-synced', error));
      }),
    [],
  );
  return null;
}

/** At logout, while the session still exists: the server forgets this device (see forgetThisDevice). */
export function usePushLogout() {
  useEffect(() => beforeLogout(forgetThisDevice), []);
}
