import { useEffect } from 'react';
import { forgetDeviceIdentities } from '@/web/lib/e2ee/device-keys';
import { beforeLogout } from '@/web/lib/logout-hooks';

/** At logout, this device forgets every unlocked key (decision 100): the next sign-in unlocks again. */
export function useEncryptionLogout() {
  useEffect(() => beforeLogout(forgetDeviceIdentities), []);
}
