import { type Context, Hono } from 'hono';
import { type AppLockView, lockSettingsInput, setLockInput, unlockInput } from '@/shared/schemas/app-lock';
import { isLocked } from '../../auth/lock-gate';
import { clientInfo } from '../../auth/security-log';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { clientAddress } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { engageLock, getLock, removeLock, setIdle, setLock, unlock } from './app-lock.service';

/** The cookie line that makes the browser forget a session that is gone. */
async function clearedSessionCookie(deps: AppDeps) {
  const ctx = await deps.auth.$context;
  const cookie = ctx.authCookies.sessionToken;
  const secure = cookie.attributes.secure ? '; Secure' : '';
  return `${cookie.name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * /api/me/lock: this device's app lock (decision 078), keyed by the session. GET, engage and unlock answer
 * while locked (auth/lock-gate); setting, changing and removing the PIN need the device unlocked. No route
 * names a session: a device reaches only its own lock.
 */
export const appLockRoutes = (deps: AppDeps) => {
  const sessionOf = (c: Context<AppEnv>) => c.get('session');
  return new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) =>
      c.json<AppLockView>(await getLock(deps, sessionOf(c).id, isLocked(sessionOf(c))), 200),
    )
    .put('/', validate('json', setLockInput), async (c) => {
      await deps.limits.hit('lockWriteByAccount', c.var.actor.id);
      return c.json<AppLockView>(await setLock(deps, c.var.actor, sessionOf(c).id, c.req.valid('json')), 200);
    })
    .patch('/', validate('json', lockSettingsInput), async (c) => {
      await deps.limits.hit('lockWriteByAccount', c.var.actor.id);
      return c.json<AppLockView>(await setIdle(deps, sessionOf(c).id, c.req.valid('json').idleMinutes), 200);
    })
    .delete('/', async (c) => {
      await deps.limits.hit('lockWriteByAccount', c.var.actor.id);
      return c.json<AppLockView>(await removeLock(deps, sessionOf(c).id), 200);
    })
    .post('/engage', async (c) => c.json<AppLockView>(await engageLock(deps, sessionOf(c).id), 200))
    .post('/unlock', validate('json', unlockInput), async (c) => {
      await deps.limits.hit('unlockByAccount', c.var.actor.id);
      const client = clientInfo(c.req.header('user-agent'), clientAddress(c, deps.trustProxy));
      try {
        return c.json<AppLockView>(
          await unlock(deps, c.var.actor, sessionOf(c).id, c.req.valid('json').proof, client),
          200,
        );
      } catch (error) {
        // The fifth wrong PIN: the session is gone; the browser forgets its cookie too.
        if (error instanceof AppError && error.code === 'LOCK_SIGNED_OUT') {
          throw new AppError(error.code, error.message, {
            headers: { 'Set-Cookie': await clearedSessionCookie(deps) },
          });
        }
        throw error;
      }
    });
};
