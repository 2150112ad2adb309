import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { AppLockView } from '@/shared/schemas/app-lock';
import { ApiError, api, unwrap } from './api';
import { queryKeys } from './query-keys';
import { toast } from './toast';

/**
 * The app lock's shared half (decision 078): this device's secret and the PIN's proof, the lock's query,
 * and whether this tab is locked. The lock screen and its triggers are composed by app/layout; the
 * settings section sets the PIN.
 */

/** The device's secret: 32 random bytes, in this browser only; never sent. */
const SECRET_KEY = 'pact-lock-secret';

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

const fromHex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (h) => Number.parseInt(h, 16));

function readSecret(): Uint8Array<ArrayBuffer> | null {
  try {
    const stored = localStorage.getItem(SECRET_KEY);
    return stored && /^[0-9a-f]{64}$/.test(stored) ? fromHex(stored) : null;
  } catch {
    return null;
  }
}

/** What the server is sent for a PIN: HMAC-SHA256(key = the device's secret, message = the PIN), hex. */
async function proofWith(secret: Uint8Array<ArrayBuffer>, pin: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(pin)));
}

/** A new secret for a new PIN (the old one, and every proof made with it, are worthless from now on). */
export async function proofForNewPin(pin: string): Promise<{ proof: string; keep: () => void }> {
  const secret = crypto.getRandomValues(new Uint8Array(32));
  const proof = await proofWith(secret, pin);
  return { proof, keep: () => localStorage.setItem(SECRET_KEY, hex(secret)) };
}

/** The proof of a PIN tried on the lock screen; null when this browser no longer holds the secret. */
export async function proofForPin(pin: string): Promise<string | null> {
  const secret = readSecret();
  return secret ? proofWith(secret, pin) : null;
}

export function forgetDeviceSecret() {
  try {
    localStorage.removeItem(SECRET_KEY);
  } catch {
    // Storage refused: nothing kept to forget.
  }
}

export const appLockQuery = queryOptions({
  queryKey: queryKeys.appLock,
  queryFn: (): Promise<AppLockView> => unwrap(api.api.me.lock.$get()),
  // Changed only by this device's own writes, which put their answer in place.
  staleTime: Number.POSITIVE_INFINITY,
});
export const useAppLock = () => useQuery(appLockQuery);

/** Whether this tab is locked: set at once when the lock engages, whatever the server has heard yet. */
let lockedHere = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
export const localLock = {
  get: () => lockedHere,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  set(locked: boolean) {
    if (lockedHere === locked) return;
    lockedHere = locked;
    // Nothing said before the lock stays on screen, nor in the page's first data.
    if (locked) {
      toast.dismiss();
      dropStreamedData();
    }
    emit();
  },
};
export const useLockedHere = () => useSyncExternalStore(localLock.subscribe, localLock.get, () => false);

/**
 * The page's first data, streamed by the server as inline scripts (React Router's hydration context), stays
 * in the DOM after it ran: it goes with the lock, so that the locked page's DOM holds nothing of the app.
 */
function dropStreamedData() {
  if (typeof document === 'undefined') return;
  for (const script of document.querySelectorAll('script:not([src])')) {
    // Emptied, not removed: React keeps the element, and a script runs once, so nothing changes but the text.
    if (script.textContent?.includes('__reactRouterContext')) script.textContent = '';
  }
}

/**
 * Engages the lock: this tab at once (offline too), then the server, so that every page and read of this
 * session answers only the lock until the PIN is given. `keepalive` lets the request outlive a page being
 * put away. Without a PIN on this device there is no lock to engage.
 */
export function engageLock(queryClient: QueryClient, { tellServer = true } = {}) {
  const lock = queryClient.getQueryData<AppLockView>(queryKeys.appLock);
  if (!lock?.pinSet) return;
  localLock.set(true);
  queryClient.setQueryData<AppLockView>(queryKeys.appLock, { ...lock, locked: true });
  if (tellServer) tellServerLocked();
  else tellServerSoon();
}

/**
 * A hidden page tells the server a moment later, or as it comes back (decision 078): a reload or a full
 * navigation hides the page too, and must not lock the next one. Kept here, not in the triggers' effect,
 * which ends as soon as the tab is locked.
 */
let pendingTell: ReturnType<typeof setTimeout> | undefined;
function tellServerSoon() {
  if (pendingTell !== undefined || typeof document === 'undefined') return;
  const tellNow = () => {
    clearTimeout(pendingTell);
    pendingTell = undefined;
    document.removeEventListener('visibilitychange', onVisible);
    tellServerLocked();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') tellNow();
  };
  pendingTell = setTimeout(tellNow, 1000);
  document.addEventListener('visibilitychange', onVisible);
}

/** Tells the server this session is locked; offline, the tab stays locked and the unlock reaches it later. */
export function tellServerLocked() {
  void fetch('/api/me/lock/engage', {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { Accept: 'application/json' },
  }).catch(() => {
    // Offline: the tab is locked all the same, and the next engage (or the unlock) reaches the server.
  });
}

/**
 * A read or write refused with 423 means the session was locked elsewhere (another tab of this browser):
 * this tab locks too. Subscribed once by the query client.
 */
export function watchLockRefusals(queryClient: QueryClient) {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'APP_LOCKED') localLock.set(true);
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
  });
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
  });
}

/** Cover the screen when Pact is hidden (decision 079): on unless turned off on this device. */
const COVER_OFF_KEY = 'pact-cover-off';
export const coverSetting = {
  isOn(): boolean {
    try {
      return localStorage.getItem(COVER_OFF_KEY) !== '1';
    } catch {
      return true;
    }
  },
  set(on: boolean) {
    if (on) localStorage.removeItem(COVER_OFF_KEY);
    else localStorage.setItem(COVER_OFF_KEY, '1');
  },
};
