import { type Context, Hono } from 'hono';
import { idParam } from '@/shared/schemas/common';
import { addPasskeyInput, passkeyAssertionInput, renamePasskeyInput } from '@/shared/schemas/passkeys';
import { isLocked } from '../../auth/lock-gate';
import { clientInfo } from '../../auth/security-log';
import { type AppEnv, forwardSetCookies, requireSession } from '../../auth/session';
import { releaseSessionLock } from '../../auth/session-lock';
import type { AppDeps } from '../../deps';
import { clientAddress } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { listPartners } from '../pairs/pairs.service';
import { presentCurrentUser } from './accounts.presenter';
import { tooManyAttemptsMessage } from './login-limit';
import { confirmOptions, confirmWithPasskey } from './passkeys.confirm';
import {
  addPasskey,
  authenticationOptions,
  listPasskeys,
  registrationOptions,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
} from './passkeys.service';

const clientOf = (c: Context, deps: AppDeps) =>
  clientInfo(c.req.header('user-agent'), clientAddress(c, deps.trustProxy));

/**
 * /api/auth/passkey: signing in with a passkey instead of the password (decision 077). Both steps count
 * against the same per-client limit as password sign-ins; the write guard checks the Origin as for them.
 */
export const passkeyAuthRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .get('/options', async (c) => {
      await deps.limits.hit('loginFromClient', clientAddress(c, deps.trustProxy), tooManyAttemptsMessage);
      const { headers, response } = await authenticationOptions(deps);
      forwardSetCookies(c, headers);
      return c.json(response, 200);
    })
    .post('/login', validate('json', passkeyAssertionInput), async (c) => {
      await deps.limits.hit('loginFromClient', clientAddress(c, deps.trustProxy), tooManyAttemptsMessage);
      const { response } = c.req.valid('json');
      const result = await signInWithPasskey(deps, response, {
        headers: c.req.raw.headers,
        client: clientOf(c, deps),
      });
      forwardSetCookies(c, result.headers);
      const data = await deps.auth.api.getSession({ headers: sessionHeaders(result.headers) });
      if (!data) return c.json({ user: null }, 200);
      const partners = await listPartners(deps.db, data.user.id);
      return c.json({ user: presentCurrentUser(data.user, data.session, partners) }, 200);
    });

/** The session cookie the library just issued, as a follow-up request would carry it. */
function sessionHeaders(issued: Headers) {
  const cookie = issued
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return new Headers({ cookie });
}

/** /api/me/passkeys: the signed-in user's passkeys, and the app lock's confirmation with one. */
export const passkeyRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => c.json({ passkeys: await listPasskeys(deps, c.get('actor')) }, 200))
    .get('/register-options', async (c) => {
      await deps.limits.hit('passkeyByAccount', c.get('actor').id);
      const { headers, response } = await registrationOptions(deps, c.req.raw.headers);
      forwardSetCookies(c, headers);
      return c.json(response, 200);
    })
    .post('/', validate('json', addPasskeyInput), async (c) => {
      await deps.limits.hit('passkeyByAccount', c.get('actor').id);
      const passkey = await addPasskey(deps, c.get('actor'), c.req.valid('json'), {
        headers: c.req.raw.headers,
        client: clientOf(c, deps),
      });
      return c.json({ passkey }, 201);
    })
    .get('/confirm-options', async (c) => {
      await deps.limits.hit('passkeyByAccount', c.get('actor').id);
      return c.json(await confirmOptions(deps, c.get('actor'), c.get('session').id), 200);
    })
    .post('/confirm', validate('json', passkeyAssertionInput), async (c) => {
      await deps.limits.hit('passkeyByAccount', c.get('actor').id);
      const session = c.get('session');
      await confirmWithPasskey(deps, c.get('actor'), {
        sessionId: session.id,
        response: c.req.valid('json').response,
        client: clientOf(c, deps),
      });
      // Confirmed on a locked device: that unlocks it, as the right PIN does (decision 078).
      if (isLocked(session)) await releaseSessionLock(deps, session.id);
      return c.json({ confirmed: true as const }, 200);
    })
    .patch('/:id', validate('param', idParam), validate('json', renamePasskeyInput), async (c) => {
      const passkey = await renamePasskey(
        deps,
        c.get('actor'),
        c.req.valid('param').id,
        c.req.valid('json').name,
      );
      return c.json({ passkey }, 200);
    })
    .delete('/:id', validate('param', idParam), async (c) => {
      await removePasskey(deps, c.get('actor'), c.req.valid('param').id, clientOf(c, deps));
      return c.json({ success: true as const }, 200);
    });
