import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { flushSync } from 'react-dom';
import type { AppLockView } from '@/shared/schemas/app-lock';
import {
  engageLock,
  forgetDeviceSecret,
  tellServerLocked,
  useAppLock,
  useLockedHere,
} from '@/web/lib/app-lock';
import { beforeLogout } from '@/web/lib/logout-hooks';
import { queryKeys } from '@/web/lib/query-keys';
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
/** How long a hidden page waits before telling the server it is locked (an unload never gets there). */
const TELL_SERVER_AFTER_MS = 1000;

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
    // Hidden: the tab locks at once, before the switcher's snapshot. The server is told a moment later, or as
    // the page comes back: a reload or a full navigation also hides the page, and must not lock the next one.
    let tell: ReturnType<typeof setTimeout> | undefined;
    const tellNow = () => {
      clearTimeout(tell);
      tell = undefined;
      tellServerLocked();
    };
    const lockNow = () => {
      if (!queryClient.getQueryData<AppLockView>(queryKeys.appLock)?.pinSet) return;
      flushSync(() => engageLock(queryClient, { tellServer: false }));
      clearTimeout(tell);
      tell = setTimeout(tellNow, TELL_SERVER_AFTER_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') lockNow();
      else if (tell !== undefined) tellNow();
    };
    for (const name of ACTIVITY) window.addEventListener(name, active, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', lockNow);
    timer = setTimeout(check, idleMs);
    return () => {
      clearTimeout(timer);
      clearTimeout(tell);
      for (const name of ACTIVITY) window.removeEventListener(name, active, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', lockNow);
    };
  }, [armed, idleMinutes, queryClient]);
}
