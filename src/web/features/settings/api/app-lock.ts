import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppLockView } from '@/shared/schemas/app-lock';
import type { LockIdleMinutes } from '@/shared/texts/app-lock';
import { api, unwrap } from '@/web/lib/api';
import { proofForNewPin } from '@/web/lib/app-lock';
import { queryKeys } from '@/web/lib/query-keys';

/** This device's PIN and idle time (decision 078): each write answers the lock, put in place. */
export function useLockWrites() {
  const queryClient = useQueryClient();
  const put = (view: AppLockView) => queryClient.setQueryData(queryKeys.appLock, view);
  const setPin = useMutation({
    mutationFn: async ({ pin, idleMinutes }: { pin: string; idleMinutes: LockIdleMinutes }) => {
      const { proof, keep } = await proofForNewPin(pin);
      const view = await unwrap(api.api.me.lock.$put({ json: { proof, idleMinutes } }));
      // The secret is kept only once the server holds the proof made with it.
      keep();
      return view;
    },
    onSuccess: put,
  });
  const setIdle = useMutation({
    mutationFn: (idleMinutes: LockIdleMinutes) => unwrap(api.api.me.lock.$patch({ json: { idleMinutes } })),
    onSuccess: put,
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.api.me.lock.$delete()),
    onSuccess: put,
  });
  return { setPin, setIdle, remove };
}
