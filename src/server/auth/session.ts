import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { effectiveRole, type Role, type SessionRole } from '@/shared/domain/roles';
import { notAuthenticated, roleNotChosen } from '../http/errors';
import type { Auth } from './auth';
import { assertOpenWhileLocked } from './lock-gate';
import type { SessionReader } from './session-cache';

type Infer = Auth['$Infer']['Session'];
export type AuthUser = Infer['user'];
export type AuthSession = Infer['session'];

/** The signed-in actor, with the role that counts for this session. */
export interface Actor {
  id: string;
  /** The display name, as notifications and requests quote it. */
  name: string;
  role: Role;
  sessionRole: SessionRole | null;
  /** The role this session acts as: the stored role, or a Switch's chosen one (null until chosen). */
  actingRole: SessionRole | null;
}

export const ROLE_NOT_CHOSEN_MESSAGE = 'Choose your role for this session first';

/** The role this session acts in; a Switch who has not chosen one yet is refused. */
export function requireActingRole(actor: Actor): SessionRole {
  if (!actor.actingRole) throw roleNotChosen(ROLE_NOT_CHOSEN_MESSAGE);
  return actor.actingRole;
}

export type AppEnv = {
  Variables: { user: AuthUser; session: AuthSession; actor: Actor };
};

export function forwardSetCookies(c: Context, cookies: Headers | string[] | null | undefined) {
  const list = Array.isArray(cookies) ? cookies : (cookies?.getSetCookie() ?? []);
  for (const cookie of list) c.header('Set-Cookie', cookie, { append: true });
}

export const asRole = (value: unknown): Role =>
  value === 'dominant' || value === 'switch' ? value : 'submissive';
export const asSessionRole = (value: unknown): SessionRole | null =>
  value === 'dominant' || value === 'submissive' ? value : null;

/** The session behind the request's cookie and its actor, or null; `setCookies` slide its expiry on. */
export async function findSession(deps: { sessions: SessionReader }, headers: Headers) {
  const data = await deps.sessions.read(headers);
  if (!data) return null;
  const role = asRole(data.user.role);
  const sessionRole = asSessionRole(data.session.sessionRole);
  const actor: Actor = {
    id: data.user.id,
    name: data.user.name,
    role,
    sessionRole,
    actingRole: effectiveRole(role, sessionRole),
  };
  return { user: data.user, session: data.session, actor, setCookies: data.setCookies };
}

/**
 * Loads the session from its cookie; answers 401 "Not authenticated" without one, and 423 APP_LOCKED while
 * the device's app lock is engaged, but for the few routes a locked device may use (auth/lock-gate).
 */
export const requireSession = (deps: { sessions: SessionReader }) =>
  createMiddleware<AppEnv>(async (c, next) => {
    // Already read by an outer router of the same path (several routers share /api/me).
    if (c.get('actor')) return next();
    const found = await findSession(deps, c.req.raw.headers);
    if (!found) throw notAuthenticated();
    assertOpenWhileLocked(found.session, c.req.method, c.req.path);
    c.set('user', found.user);
    c.set('session', found.session);
    c.set('actor', found.actor);
    await next();
    forwardSetCookies(c, found.setCookies);
  });
