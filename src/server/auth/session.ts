import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { effectiveRole, type Role, type SessionRole } from '@/shared/domain/roles';
import { AppError } from '../http/errors';
import type { Auth } from './auth';

type Infer = Auth['$Infer']['Session'];
export type AuthUser = Infer['user'];
export type AuthSession = Infer['session'];

/** The signed-in actor, with the role that counts for this session. */
export interface Actor {
  id: string;
  role: Role;
  sessionRole: SessionRole | null;
  /** The role this session acts as: the stored role, or a Switch's chosen one (null until chosen). */
  actingRole: SessionRole | null;
}

/** The role this session acts in; a Switch who has not chosen one yet is refused. */
export function requireActingRole(actor: Actor): SessionRole {
  if (!actor.actingRole) throw new AppError(403, 'FORBIDDEN', 'Choose your role for this session first');
  return actor.actingRole;
}

export type AppEnv = {
  Variables: { user: AuthUser; session: AuthSession; actor: Actor };
};

export function forwardSetCookies(c: Context, headers: Headers | null | undefined) {
  for (const cookie of headers?.getSetCookie() ?? []) c.header('Set-Cookie', cookie, { append: true });
}

export const asRole = (value: unknown): Role =>
  value === 'dominant' || value === 'switch' ? value : 'submissive';
export const asSessionRole = (value: unknown): SessionRole | null =>
  value === 'dominant' || value === 'submissive' ? value : null;

/** The session behind the request's cookie, or null; `refreshed` carries the cookie the library slid on. */
export async function findSession(auth: Auth, c: Context) {
  const result = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
  const data = result.response;
  if (!data) return null;
  const role = asRole(data.user.role);
  const sessionRole = asSessionRole(data.session.sessionRole);
  const actor: Actor = { id: data.user.id, role, sessionRole, actingRole: effectiveRole(role, sessionRole) };
  return { user: data.user, session: data.session, actor, refreshed: result.headers };
}

/** Loads the session from its cookie; answers 401 "Not authenticated" without one. */
export const requireSession = (auth: Auth) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const found = await findSession(auth, c);
    if (!found) throw new AppError(401, 'NOT_AUTHENTICATED', 'Not authenticated');
    c.set('user', found.user);
    c.set('session', found.session);
    c.set('actor', found.actor);
    await next();
    // The library slides the expiry forward once a day; pass its refreshed cookie on.
    forwardSetCookies(c, found.refreshed);
  });
