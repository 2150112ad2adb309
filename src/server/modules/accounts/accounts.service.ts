import { APIError } from 'better-auth/api';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { deriveUsername } from '@/shared/domain/identity';
import type { SessionRole } from '@/shared/domain/roles';
import type { loginInput, registerInput, resetPasswordInput } from '@/shared/schemas/accounts';
import { VERIFIED_CALLBACK } from '../../auth/auth';
import { type ClientInfo, knownDevice, recordForEmail, recordSecurityEvent } from '../../auth/security-log';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { sessions, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import {
  emailExists,
  emailNotConfirmed,
  invalidCredentials,
  invalidToken,
  roleAlreadyChosen,
  roleNotSwitch,
  tooManyAttempts,
} from '../../http/errors';
import { dropResetLinks } from './accounts.links';
import {
  claimLoginAttempt,
  clearLoginFailures,
  LOGIN_WINDOW_MS,
  releaseLoginAttempt,
  tooManyAttemptsMessage,
} from './login-limit';

const apiCode = (error: unknown) =>
  error instanceof APIError ? String((error.body as { code?: string } | undefined)?.code ?? '') : '';

async function emailTaken(db: Db, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

async function userExists(db: Db, id: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}

/** Every verification link, whichever flow sent it, lands on /auth-callback. */
const VERIFY_CALLBACK = `${VERIFIED_CALLBACK}?verified=1`;

const EMAIL_EXISTS = () => emailExists('A user with this email already exists');

export async function registerUser(
  deps: AppDeps,
  input: z.output<typeof registerInput>,
  headers: Headers,
  client: ClientInfo,
): Promise<{ headers: Headers; signedIn: boolean }> {
  if (await emailTaken(deps.db, input.email)) throw EMAIL_EXISTS();
  try {
    const result = await deps.auth.api.signUpEmail({
      body: {
        name: input.displayName,
        email: input.email,
        password: input.password,
        role: input.role,
        username: deriveUsername(input.displayName),
        timeZone: input.timeZone ?? 'UTC',
        callbackURL: VERIFY_CALLBACK,
      },
      headers,
      returnHeaders: true,
    });
    if (!result.response.token && !(await userExists(deps.db, result.response.user.id))) {
      // The library answers a duplicate it finds itself with a made-up user (so as not to reveal the
      // account); it only finds one when a simultaneous registration won the race since our check.
      throw EMAIL_EXISTS();
    }
    // The device the account was made on is a known one: signing in from it later is not "new".
    const userId = result.response.user.id;
    await recordSecurityEvent(
      deps.db,
      { userId, type: 'other', code: 'account_created', client },
      deps.clock(),
    );
    return { headers: result.headers, signedIn: Boolean(result.response.token) };
  } catch (error) {
    // Two registrations racing for one address: the unique index decides, the loser hears why. The
    // library reports the violation as FAILED_TO_CREATE_USER without its cause, so look again.
    if (isUniqueViolation(error) || apiCode(error).startsWith('USER_ALREADY_EXISTS')) throw EMAIL_EXISTS();
    if (apiCode(error) === 'FAILED_TO_CREATE_USER' && (await emailTaken(deps.db, input.email))) {
      throw EMAIL_EXISTS();
    }
    throw error;
  }
}

export async function loginUser(
  deps: AppDeps,
  input: z.output<typeof loginInput>,
  headers: Headers,
  client: ClientInfo,
) {
  const lockedFor = await claimLoginAttempt(deps.db, input.email, deps.clock());
  if (lockedFor !== null) {
    await recordForEmail(
      deps.db,
      input.email,
      // Once per lock: a locked address hammered from many clients must not flush the owner's log.
      { type: 'rate_limit', code: 'login_locked', client, onceWithinMs: LOGIN_WINDOW_MS },
      deps.clock(),
    );
    throw tooManyAttempts(tooManyAttemptsMessage(lockedFor));
  }
  try {
    const result = await deps.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true, callbackURL: VERIFY_CALLBACK },
      headers,
      returnHeaders: true,
    });
    await clearLoginFailures(deps.db, input.email);
    const userId = result.response.user.id;
    // A sign-in from a device family never seen for this account is suspicious (spec 2 §9).
    const known = await knownDevice(deps.db, userId, client.device);
    await recordSecurityEvent(
      deps.db,
      {
        userId,
        type: known ? 'other' : 'suspicious_activity',
        code: known ? 'sign_in' : 'new_device',
        client,
      },
      deps.clock(),
    );
    return { headers: result.headers, userId, token: result.response.token };
  } catch (error) {
    const code = apiCode(error);
    if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
      // Already counted by the claim; logged for the account's owner when there is one.
      await recordForEmail(
        deps.db,
        input.email,
        { type: 'auth_failure', code: 'login_failed', client },
        deps.clock(),
      );
      throw invalidCredentials('Invalid email or password');
    }
    // Not a wrong password (the password was right, or something broke): the attempt does not count.
    await releaseLoginAttempt(deps.db, input.email);
    if (code === 'EMAIL_NOT_VERIFIED') throw emailNotConfirmed('Email not confirmed');
    throw error;
  }
}

export async function logoutUser(deps: AppDeps, headers: Headers) {
  const current = await deps.auth.api.getSession({ headers });
  try {
    const result = await deps.auth.api.signOut({ headers, returnHeaders: true });
    return result.headers;
  } catch (error) {
    // No session to end: the user is signed out either way.
    if (error instanceof APIError) return null;
    throw error;
  } finally {
    // A signed-out session is forgotten and keeps no open event stream, on any instance.
    if (current) await deps.sessions.forget({ sessionIds: [current.session.id] }, { closeStreams: true });
  }
}

/** Always answers the same, so that nobody learns which addresses have accounts. */
export async function requestPasswordReset(deps: AppDeps, email: string, headers: Headers) {
  await deps.auth.api.requestPasswordReset({ body: { email }, headers });
}

export async function resendVerification(deps: AppDeps, email: string) {
  const [user] = await deps.db
    .select({ verified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user || user.verified) return;
  await deps.auth.api.sendVerificationEmail({ body: { email, callbackURL: VERIFY_CALLBACK } });
}

const INVALID_RESET = () => invalidToken('Reset link invalid or expired');

export async function checkResetToken(deps: AppDeps, token: string) {
  const ctx = await deps.auth.$context;
  const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt.getTime() <= deps.clock().getTime()) throw INVALID_RESET();
}

export async function resetPassword(
  deps: AppDeps,
  input: z.output<typeof resetPasswordInput>,
  client: ClientInfo,
) {
  const ctx = await deps.auth.$context;
  const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${input.token}`);
  if (!verification || verification.expiresAt.getTime() <= deps.clock().getTime()) throw INVALID_RESET();
  try {
    // The library consumes the token, stores the new hash and revokes every session of the user.
    await deps.auth.api.resetPassword({ body: { newPassword: input.password, token: input.token } });
  } catch (error) {
    if (apiCode(error) === 'INVALID_TOKEN') throw INVALID_RESET();
    throw error;
  }
  const [user] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, verification.value))
    .limit(1);
  // A new password lifts a lock earned by someone guessing the old one, and ends every older link.
  if (user) await clearLoginFailures(deps.db, user.email);
  await dropResetLinks(deps, verification.value);
  await recordSecurityEvent(
    deps.db,
    { userId: verification.value, type: 'other', code: 'password_reset', client },
    deps.clock(),
  );
  // Every session was revoked: forget them and close their event streams, on every instance.
  await deps.sessions.forget({ userIds: [verification.value] }, { closeStreams: true });
}

export async function chooseSessionRole(
  deps: AppDeps,
  actor: Actor,
  input: { sessionId: string; role: SessionRole },
) {
  const { sessionId, role } = input;
  if (actor.role !== 'switch') {
    throw roleNotSwitch('Only Switch users choose a role for the session');
  }
  // Chosen once per session (spec 1: changed by signing out and in again). The condition makes two
  // racing choices one: the second finds the role set and is refused unless it asks for the same.
  const chosen = await deps.db
    .update(sessions)
    .set({ sessionRole: role, updatedAt: deps.clock() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.sessionRole)))
    .returning({ id: sessions.id });
  if (chosen.length === 0) {
    const [current] = await deps.db
      .select({ sessionRole: sessions.sessionRole })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .limit(1);
    if (current?.sessionRole !== role) {
      throw roleAlreadyChosen(
        'Your role for this session is already chosen. Sign out and in again to change it.',
      );
    }
    return;
  }
  await deps.sessions.forget({ sessionIds: [sessionId] });
}
