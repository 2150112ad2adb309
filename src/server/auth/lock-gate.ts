import { appLocked } from '../http/errors';

/** A session as the gate reads it: only whether its lock is engaged. */
type LockableSession = object & { lockedAt?: Date | string | null };

/**
 * What a locked session may still ask (decisions 078, 049): its lock (read, engage, unlock, by PIN or by
 * passkey), the event
 * stream (events keep arriving; the browser shows none of them), and calling Red, which is never behind a
 * PIN. Signing out (`POST /api/auth/logout`) needs no session middleware and is always open.
 */
const OPEN_WHILE_LOCKED = new Set([
  'GET /api/me/lock',
  'POST /api/me/lock/engage',
  'POST /api/me/lock/unlock',
  // A passkey unlocks as the PIN does (decision 077): its challenge and its answer.
  'GET /api/me/passkeys/confirm-options',
  'POST /api/me/passkeys/confirm',
  'GET /api/events',
  'POST /api/stops',
]);

export const APP_LOCKED_MESSAGE = 'This device is locked. Unlock it with your PIN.';

/** Whether this session's app lock is engaged. */
export const isLocked = (session: LockableSession) => Boolean(session.lockedAt);

/** 423 APP_LOCKED for anything but the routes a locked device may use. */
export function assertOpenWhileLocked(session: LockableSession, method: string, path: string) {
  if (!isLocked(session)) return;
  const route = `${method === 'HEAD' ? 'GET' : method} ${path.replace(/\/+$/, '')}`;
  if (!OPEN_WHILE_LOCKED.has(route)) throw appLocked(APP_LOCKED_MESSAGE);
}
