import { type Context, Hono } from 'hono';
import { changePasswordInput, deleteAccountInput } from '@/shared/schemas/settings';
import { clientInfo } from '../../auth/security-log';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { clientAddress } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { deleteAccount } from './settings.delete';
import { changePassword } from './settings.password';
import { listSessions, revokeOtherSessions, securityLog } from './settings.security';

/** Clears the session cookie the browser still holds after its session is gone. */
async function clearSessionCookie(deps: AppDeps, c: Context) {
  const ctx = await deps.auth.$context;
  const cookie = ctx.authCookies.sessionToken;
  const secure = cookie.attributes.secure ? '; Secure' : '';
  c.header('Set-Cookie', `${cookie.name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`, {
    append: true,
  });
}

/** /api/me, continued: the settings page's security, sessions, password and account deletion. */
export const settingsRoutes = (deps: AppDeps) => {
  const clientOf = (c: Context) => clientInfo(c.req.header('user-agent'), clientAddress(c, deps.trustProxy));
  return new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/security', async (c) => c.json(await securityLog(deps, c.get('actor')), 200))
    .get('/sessions', async (c) =>
      c.json({ sessions: await listSessions(deps, c.get('actor'), c.get('session').id) }, 200),
    )
    .post('/sessions/revoke-others', async (c) => {
      const revoked = await revokeOtherSessions(deps, c.get('actor'), {
        currentId: c.get('session').id,
        headers: c.req.raw.headers,
        client: clientOf(c),
        record: true,
      });
      return c.json({ revoked }, 200);
    })
    .post('/password', validate('json', changePasswordInput), async (c) => {
      // Each attempt checks the current password: a guess, limited per account.
      await deps.limits.hit('passwordChangeByAccount', c.get('actor').id);
      const revoked = await changePassword(deps, c.get('actor'), {
        ...c.req.valid('json'),
        user: c.get('user'),
        currentId: c.get('session').id,
        headers: c.req.raw.headers,
        client: clientOf(c),
      });
      return c.json({ success: true as const, revoked }, 200);
    })
    .delete('/', validate('json', deleteAccountInput), async (c) => {
      const result = await deleteAccount(deps, c.get('actor'));
      await clearSessionCookie(deps, c);
      return c.json(result, 200);
    });
};
