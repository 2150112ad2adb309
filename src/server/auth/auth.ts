import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { paths, withQuery } from '@/shared/routes';
import type { Db } from '../db/client';
import { accounts, passkeys, sessions, users, verifications } from '../db/schema';
import type { MailQueue } from '../email/queue';
import { passwordResetMail, verificationMail } from '../email/templates';
import { type Logger, libraryMessage, serializeError } from '../logger';
import { hashPassword, verifyPassword } from './password-hash';

export const AUTH_BASE_PATH = '/api/auth';
/** Where the verification link lands once the library has checked it. */
export const VERIFIED_CALLBACK = paths.authCallback;
export const RESET_TOKEN_SECONDS = 60 * 60;

export interface AuthDeps {
  db: Db;
  secret: string;
  appUrl: string;
  requireEmailVerification: boolean;
  mail: MailQueue;
  log: Logger;
}

/** The password-reset link: /auth in recovery mode, with the one-time token and the address. */
export const resetLink = (appUrl: string, token: string, email: string) =>
  `${appUrl}${withQuery(paths.auth, { type: 'recovery', token, email })}`;

/**
 * The library's log lines, in our logs: its message without the values it quotes, the errors it passes
 * through our error serializer (a failed statement keeps its SQLSTATE and constraint, never its query or
 * values), and its other arguments (the address of a sign-in, a provider's answer) left out, counted.
 */
export function authLog(log: Logger) {
  return (level: 'info' | 'warn' | 'error' | 'debug', message: unknown, ...args: unknown[]) => {
    const errors = [message, ...args].filter((a): a is Error => a instanceof Error);
    const dropped = args.filter((a) => !(a instanceof Error)).length;
    const fields: Record<string, unknown> = {};
    // pino's serializer takes the first under `err`; any further ones are serialized here.
    if (errors[0]) fields.err = errors[0];
    if (errors.length > 1) fields.errors = errors.slice(1).map((e) => serializeError(e));
    if (dropped > 0) fields.dropped = dropped;
    const words = libraryMessage(message) || (errors[0]?.name ?? '');
    if (level === 'error') log.error(fields, words);
    else if (level === 'warn') log.warn(fields, words);
    else log.debug(fields, words);
  };
}

/** Refuses a ceremony whose authenticator did not verify its user (PIN, biometrics): a passkey stands alone. */
const USER_NOT_VERIFIED = 'Your device did not verify you (PIN, fingerprint or face)';

/**
 * Passkeys (decision 077): the relying party is the configured base URL (its host the RP ID, its origin the
 * only one accepted, never the request's Origin header); each passkey is discoverable, so that the sign-in
 * needs no address, and its authenticator must verify the user.
 */
function passkeyPlugin(appUrl: string) {
  const url = new URL(appUrl);
  return passkey({
    rpID: url.hostname,
    rpName: 'Pact',
    origin: url.origin,
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    advanced: { webAuthnChallengeCookie: 'passkey-challenge' },
    registration: {
      afterVerification: async ({ verification }) => {
        if (!verification.registrationInfo?.userVerified) {
          throw new APIError('BAD_REQUEST', { message: USER_NOT_VERIFIED, code: 'USER_NOT_VERIFIED' });
        }
      },
    },
    authentication: {
      afterVerification: async ({ verification }) => {
        if (!verification.authenticationInfo.userVerified) {
          throw new APIError('UNAUTHORIZED', { message: USER_NOT_VERIFIED, code: 'USER_NOT_VERIFIED' });
        }
      },
    },
  });
}

export function createAuth(deps: AuthDeps) {
  return betterAuth({
    appName: 'Pact',
    baseURL: deps.appUrl,
    basePath: AUTH_BASE_PATH,
    secret: deps.secret,
    trustedOrigins: [deps.appUrl],
    telemetry: { enabled: false },
    // We expose our own routes (validated with the shared schemas) and call the library's API from
    // them; its per-IP limiter only guards its own HTTP handler, which we do not mount.
    rateLimit: { enabled: false },
    database: drizzleAdapter(deps.db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        passkey: passkeys,
      },
    }),
    user: {
      fields: { name: 'displayName', image: 'photoUrl' },
      additionalFields: {
        role: { type: 'string', required: true, input: true },
        username: { type: 'string', required: true, input: true },
        timeZone: { type: 'string', required: false, input: true, defaultValue: 'UTC' },
        // Set by POST /api/me/visit only; declared so that the session's user carries it to /api/me.
        lastVisitAt: { type: 'date', required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
      additionalFields: {
        sessionRole: { type: 'string', required: false, input: false },
        // Set while the device's app lock is engaged (decision 078); read with the session by the gate.
        lockedAt: { type: 'date', required: false, input: false },
      },
    },
    advanced: {
      database: { generateId: 'uuid' },
      cookiePrefix: 'pact',
      useSecureCookies: deps.appUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: deps.requireEmailVerification,
      autoSignIn: !deps.requireEmailVerification,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      password: { hash: hashPassword, verify: verifyPassword },
      // Queued, not sent: the answer must not wait for the mail server, nor tell by its timing that
      // the address has an account.
      sendResetPassword: async ({ user, token }) => {
        await deps.mail.enqueue(
          passwordResetMail(user.email, user.name, resetLink(deps.appUrl, token, user.email)),
          { userId: user.id },
        );
      },
    },
    emailVerification: {
      sendOnSignUp: deps.requireEmailVerification,
      // A correct password on an unconfirmed account sends a fresh link (the notice says so).
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await deps.mail.enqueue(verificationMail(user.email, user.name, url), { userId: user.id });
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Without verification the account is usable at once; it must stay so when the operator
          // turns verification on later, so its address counts as confirmed from the start (decision 040).
          before: async (user) =>
            deps.requireEmailVerification ? undefined : { data: { ...user, emailVerified: true } },
        },
      },
    },
    plugins: [passkeyPlugin(deps.appUrl)],
    logger: { log: authLog(deps.log.child({ component: 'auth' })) },
  });
}

export type Auth = ReturnType<typeof createAuth>;
