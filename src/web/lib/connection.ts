import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from './api';

/**
 * What the signed-in app tells the user about its link to Pact (decision 040): `live`, nothing to say;
 * `reconnecting`, the server did not answer (a restart, a deploy, a proxy's 502); `database`, the server
 * answered that its database is lost (the spec's banner); `offline`, the browser itself is offline.
 */
export type Connection = 'live' | 'reconnecting' | 'database' | 'offline';

/** The start of the server's 503 answer when its database cannot be reached (spec: the banner text). */
const DATABASE_LOST = 'Database connection issue detected';

/**
 * A failure that says nothing about the request, only that Pact could not answer it now: no network, or
 * a gateway's 502/503/504 while the server restarts. Such a read is tried again until it is answered.
 */
export function isTransient(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'NETWORK' || error.status === 502 || error.status === 503 || error.status === 504)
  );
}

const isDatabaseLost = (error: unknown) =>
  error instanceof ApiError && error.status === 503 && error.message.startsWith(DATABASE_LOST);

/** Waits between the tries of a read that failed: 1, 2, 4, 8 s, then 10 s, each spread over its upper half. */
export function retryDelay(attempt: number, random = Math.random) {
  const ceiling = Math.min(10_000, 1_000 * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

type Contact = 'answered' | 'unreachable' | 'database';
let contact: Contact = 'answered';
const listeners = new Set<() => void>();

/** The server's last word, as the reads and the event stream heard it. */
export const serverContact = {
  get: () => contact,
  /** A read failed: a transient failure says the server cannot be reached; any other says nothing. */
  failed(error: unknown) {
    if (isTransient(error)) set(isDatabaseLost(error) ? 'database' : 'unreachable');
  },
  /** The server answered (a read succeeded, the stream is ready). */
  answered() {
    set('answered');
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

function set(next: Contact) {
  if (contact === next) return;
  contact = next;
  for (const listener of listeners) listener();
}

/**
 * Follows every read of the cache: each failed try and each answer from the server (data written by the
 * app itself, an optimistic update or a page's loader data, says nothing about the server).
 */
export function watchReads(queryClient: QueryClient) {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { action } = event;
    if (action.type === 'failed' || action.type === 'error') serverContact.failed(action.error);
    else if (action.type === 'success' && !action.manual) serverContact.answered();
  });
}

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it is online (true on the server, where pages are rendered). */
export const useBrowserOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

/** The state of the link to Pact, for the banner. */
export function useConnection(): Connection {
  const online = useBrowserOnline();
  const heard = useSyncExternalStore(serverContact.subscribe, serverContact.get, () => 'answered' as const);
  if (!online) return 'offline';
  return heard === 'answered' ? 'live' : heard === 'database' ? 'database' : 'reconnecting';
}
