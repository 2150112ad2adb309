import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EventBus } from '../realtime/bus';
import type { Publisher } from '../realtime/publisher';
import type { Auth } from './auth';
import type { AuthSession, AuthUser } from './session';

/** A signed-in request's session and user, and the cookies the library wants refreshed. */
export interface SignedIn {
  session: AuthSession;
  user: AuthUser;
  setCookies: string[];
}

/** Which cached sessions to forget: some sessions, or every session of some users. */
export interface SessionTarget {
  sessionIds?: string[];
  userIds?: string[];
}

export interface SessionReader {
  /** The session of a request's cookie, or null. Warm, it costs no database round trip. */
  read(headers: Headers): Promise<SignedIn | null>;
  /**
   * Forgets sessions at once on this instance and, through the bus, on every other one; with
   * `closeStreams` their event streams end too (sign-out, password reset, account deletion).
   */
  forget(target: SessionTarget, opts?: { closeStreams?: boolean }): Promise<void>;
  /** Drops everything (the bus may have missed an order to forget). */
  clear(): void;
}

/**
 * How long an entry may be used without asking the database again. Every change to a session or its user
 * goes through `forget`; this only bounds the life of a change made behind Pact's back (by hand in SQL).
 */
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  session: AuthSession;
  user: AuthUser;
  storedAt: number;
}

/** The cookie's value, URL-decoded, or null. */
function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Reads sessions as the auth library does (a signed token cookie, then the session and its user), with a
 * cache in front: a warm request checks the cookie's HMAC with a key made once and reads memory. A miss,
 * or a session due for its daily sliding refresh, goes to the library, which stays the one that decides.
 */
export async function createSessionReader(deps: {
  auth: Auth;
  secret: string;
  bus: EventBus;
  publisher: Publisher;
}): Promise<SessionReader> {
  const ctx = await deps.auth.$context;
  const tokenCookie = ctx.authCookies.sessionToken.name;
  const dontRememberCookie = ctx.authCookies.dontRememberToken.name;
  const expiresInMs = ctx.sessionConfig.expiresIn * 1000;
  const updateAgeMs = ctx.sessionConfig.updateAge * 1000;
  const key = Buffer.from(deps.secret);
  const entries = new Map<string, Entry>();
  /** Bumped by every forget: a read that began before one does not store what it found. */
  let generation = 0;

  const verifiedToken = (headers: Headers): string | null => {
    const value = cookieValue(headers.get('cookie'), tokenCookie);
    if (!value) return null;
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', key).update(token).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
  };

  const drop = (target: SessionTarget) => {
    generation++;
    const sessionIds = new Set(target.sessionIds ?? []);
    const userIds = new Set(target.userIds ?? []);
    for (const [token, entry] of entries) {
      if (sessionIds.has(entry.session.id) || userIds.has(entry.user.id)) entries.delete(token);
    }
  };
  const clear = () => {
    generation++;
    entries.clear();
  };

  deps.bus.subscribe((message) => {
    if (message.kind !== 'event') drop(message);
  });
  deps.bus.onResync(clear);

  /** Usable as is: fresh enough, not expired, and not yet due for the library's sliding refresh. */
  const usable = (entry: Entry, now: number) =>
    now - entry.storedAt < TTL_MS &&
    entry.session.expiresAt.getTime() > now &&
    entry.session.expiresAt.getTime() - expiresInMs + updateAgeMs > now;

  return {
    async read(headers) {
      const token = verifiedToken(headers);
      // No cookie, or one Pact did not sign: nobody, as the library would say.
      if (!token) return null;
      const now = Date.now();
      const cached = entries.get(token);
      if (cached && usable(cached, now) && !cookieValue(headers.get('cookie'), dontRememberCookie)) {
        return { session: cached.session, user: cached.user, setCookies: [] };
      }
      if (cached) entries.delete(token);
      const startedAt = generation;
      const result = await deps.auth.api.getSession({ headers, returnHeaders: true });
      const data = result.response;
      if (!data) return null;
      if (generation === startedAt) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(token, { session: data.session, user: data.user, storedAt: Date.now() });
      }
      return { session: data.session, user: data.user, setCookies: result.headers?.getSetCookie() ?? [] };
    },
    async forget(target, opts = {}) {
      drop(target);
      await deps.publisher.publish([{ kind: opts.closeStreams ? 'close' : 'forget', ...target }]);
    },
    clear,
  };
}
