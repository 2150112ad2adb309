import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { engageLock, forgetDeviceSecret, useAppLock, useLockedHere } from '@/web/lib/app-lock';
import { beforeLogout } from '@/web/lib/logout-hooks';
import { RealtimeProvider } from '@/web/lib/realtime';
import { LockScreen } from './lock-screen';

/** What counts as the user being there: any touch, key, pointer (moved or pressed) or scroll. */
const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * The app lock's gate (decision 078): while this device is locked (here, or by the server, which renders a
 * locked page with the lock only) nothing but the lock screen is rendered: the signed-in shell, its pages,
 * dialogs and toasts are not in the page at all. The event stream stays open under the lock; no handler
 * shows what it brings, and everything is read again at the unlock.
 */
export function AppLockGate({ children }: { children: ReactNode }) {
  const lock = useAppLock();
  const lockedHere = useLockedHere();
  const locked = lockedHere || lock.data?.locked === true;
  useLockTriggers(lock.data?.pinSet === true && !locked, lock.data?.idleMinutes ?? 5);
  // Signed out, this device's secret is worthless (its lock went with the session): it is not kept.
  useEffect(() => beforeLogout(async () => forgetDeviceSecret()), []);
  if (!locked) return children;
  return (
    <RealtimeProvider>
      <LockScreen />
    </RealtimeProvider>
  );
}

/**
 * Engages the lock after `idleMinutes` without activity, and as soon as the page is hidden (sent to the
 * background, another tab, the screen off): it is locked when it comes back. The hidden case renders the lock
 * synchronously (flushSync), before the browser takes its snapshot.
 */
function useLockTriggers(armed: boolean, idleMinutes: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!armed) return;
    const idleMs = idleMinutes * 60_000;
    let last = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      if (Date.now() - last >= idleMs) engageLock(queryClient);
      else timer = setTimeout(check, last + idleMs - Date.now());
    };
    const active = () => {
      last = Date.now();
    };
    // Hidden: the tab locks at once, before the switcher's snapshot; the server hears of it a moment later.
    const lockNow = () => flushSync(() => engageLock(queryClient, { tellServer: false }));
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') lockNow();
    };
    for (const name of ACTIVITY) window.addEventListener(name, active, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', lockNow);
    timer = setTimeout(check, idleMs);
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY) window.removeEventListener(name, active, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', lockNow);
    };
  }, [armed, idleMinutes, queryClient]);
}
