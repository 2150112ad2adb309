import { type Context, Hono } from 'hono';
import { paths, withQuery } from '@/shared/routes';
import type { CurrentUser, RegisterResult } from '@/shared/schemas/accounts';
import {
  emailOnlyInput,
  loginInput,
  recoveryCheckInput,
  registerInput,
  resetPasswordInput,
  sessionRoleInput,
} from '@/shared/schemas/accounts';
import { assertOpenWhileLocked } from '../../auth/lock-gate';
import { clientInfo } from '../../auth/security-log';
import { type AppEnv, findSession, forwardSetCookies, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { notAuthenticated, unavailable } from '../../http/errors';
import { clientAddress } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { updateLastVisit } from '../notifications/notifications.service';
import { listPartners } from '../pairs/pairs.service';
import { claimVerificationLink, isSignedLink } from './accounts.links';
import { presentCurrentUser } from './accounts.presenter';
import {
  checkResetToken,
  chooseSessionRole,
  loginUser,
  logoutUser,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
} from './accounts.service';
import { tooManyAttemptsMessage } from './login-limit';

async function currentUser(deps: AppDeps, headers: Headers): Promise<CurrentUser> {
  const data = await deps.auth.api.getSession({ headers });
  if (!data) throw notAuthenticated();
  return presentCurrentUser(data.user, data.session, await listPartners(deps.db, data.user.id));
}

/** Headers of a follow-up call made with the cookies the library just issued. */
function withIssuedCookies(issued: Headers) {
  const cookie = issued
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return new Headers({ cookie });
}

const clientOf = (c: Context, deps: AppDeps) =>
  clientInfo(c.req.header('user-agent'), clientAddress(c, deps.trustProxy));

/** /api/auth: registration, sign-in and recovery. Nothing here needs a session. */
export const authRoutes = (deps: AppDeps) => {
  /** A mail on request: limited per address (its owner's inbox) and per client. */
  const limitMail = async (c: Context, email: string) => {
    await deps.limits.hit('mailFromClient', clientAddress(c, deps.trustProxy));
    await deps.limits.hit('mailToAddress', email);
  };
  return (
    new Hono<AppEnv>()
      .post('/register', validate('json', registerInput), async (c) => {
        const input = c.req.valid('json');
        await deps.limits.hit('registerFromClient', clientAddress(c, deps.trustProxy));
        const result = await registerUser(deps, input, c.req.raw.headers, clientOf(c, deps));
        if (!result.signedIn) {
          return c.json({ status: 'verification_required' } satisfies RegisterResult, 201);
        }
        forwardSetCookies(c, result.headers);
        const user = await currentUser(deps, withIssuedCookies(result.headers));
        return c.json({ status: 'signed_in', user } satisfies RegisterResult, 201);
      })
      .post('/login', validate('json', loginInput), async (c) => {
        await deps.limits.hit('loginFromClient', clientAddress(c, deps.trustProxy), tooManyAttemptsMessage);
        const result = await loginUser(deps, c.req.valid('json'), c.req.raw.headers, clientOf(c, deps));
        forwardSetCookies(c, result.headers);
        return c.json({ user: await currentUser(deps, withIssuedCookies(result.headers)) }, 200);
      })
      .post('/logout', async (c) => {
        forwardSetCookies(c, await logoutUser(deps, c.req.raw.headers));
        return c.json({ success: true as const }, 200);
      })
      .post('/forgot-password', validate('json', emailOnlyInput), async (c) => {
        const { email } = c.req.valid('json');
        await limitMail(c, email);
        try {
          await requestPasswordReset(deps, email, c.req.raw.headers);
        } catch (error) {
          deps.log.error({ err: error }, 'password reset mail failed');
          throw unavailable('Failed to send password reset email');
        }
        return c.json({ success: true as const }, 200);
      })
      .post('/resend-verification', validate('json', emailOnlyInput), async (c) => {
        const { email } = c.req.valid('json');
        await limitMail(c, email);
        try {
          await resendVerification(deps, email);
        } catch (error) {
          deps.log.error({ err: error }, 'verification mail failed');
          throw unavailable('Failed to send email');
        }
        return c.json({ success: true as const }, 200);
      })
      .post('/recovery/check', validate('json', recoveryCheckInput), async (c) => {
        await deps.limits.hit('tokenFromClient', clientAddress(c, deps.trustProxy));
        await checkResetToken(deps, c.req.valid('json').token);
        return c.json({ valid: true as const }, 200);
      })
      .post('/reset-password', validate('json', resetPasswordInput), async (c) => {
        await deps.limits.hit('tokenFromClient', clientAddress(c, deps.trustProxy));
        await resetPassword(deps, c.req.valid('json'), clientOf(c, deps));
        return c.json({ success: true as const }, 200);
      })
      // The verification link of the mail: the library checks its signed token and redirects to
      // /auth-callback (with ?error=... when the link is bad).
      .get('/verify-email', async (c) => {
        await deps.limits.hit('tokenFromClient', clientAddress(c, deps.trustProxy));
        const token = c.req.query('token') ?? '';
        // Single-use: a link already used redirects as a bad one does.
        // Only a link the library signed is remembered; a made-up one is refused by it, storing nothing.
        if (token && (await isSignedLink(deps, token)) && !(await claimVerificationLink(deps, token))) {
          return c.redirect(withQuery(paths.authCallback, { error: 'INVALID_TOKEN' }), 302);
        }
        return deps.auth.handler(c.req.raw);
      })
  );
};

/** /api/me: the signed-in user; `{ user: null }` for a visitor, whose pages ask before they know. */
export const meRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const found = await findSession(deps, c.req.raw.headers);
      if (!found) return c.json({ user: null }, 200);
      // A locked device learns nothing of its user: not even a name (decision 078).
      assertOpenWhileLocked(found.session, c.req.method, c.req.path);
      forwardSetCookies(c, found.setCookies);
      const partners = await listPartners(deps.db, found.user.id);
      return c.json({ user: presentCurrentUser(found.user, found.session, partners) }, 200);
    })
    // Registered after GET /: everything else under /api/me still needs a session.
    .use(requireSession(deps))
    // update_user_last_visit: called when the notifications menu opens.
    .post('/visit', async (c) => {
      await updateLastVisit(deps, c.get('actor'));
      return c.json({ success: true as const }, 200);
    })
    .put('/session-role', validate('json', sessionRoleInput), async (c) => {
      const { role } = c.req.valid('json');
      await chooseSessionRole(deps, c.get('actor'), { sessionId: c.get('session').id, role });
      const partners = await listPartners(deps.db, c.get('user').id);
      return c.json(
        { user: presentCurrentUser(c.get('user'), { ...c.get('session'), sessionRole: role }, partners) },
        200,
      );
    });
