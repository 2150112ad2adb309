import { type Context, Hono } from 'hono';
import { type AppLockView, lockSettingsInput, setLockInput, unlockInput } from '@/shared/schemas/app-lock';
import { isLocked } from '../../auth/lock-gate';
import { clientInfo } from '../../auth/security-log';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { clientAddress } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { engageLock, getLock, hasPasskey, removeLock, setIdle, setLock, unlock } from './app-lock.service';

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
  /** Every answer says whether a passkey unlocks too. */
  const answer = async (c: Context<AppEnv>, lock: Promise<Omit<AppLockView, 'passkey'>>) =>
    c.json<AppLockView>({ ...(await lock), passkey: await hasPasskey(deps.db, c.var.actor.id) }, 200);
  return new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => answer(c, getLock(deps, sessionOf(c).id, isLocked(sessionOf(c)))))
    .put('/', validate('json', setLockInput), async (c) => {
      await deps.limits.hit('lockWriteByAccount', c.var.actor.id);
      return answer(c, setLock(deps, c.var.actor, sessionOf(c).id, c.req.valid('json')));
    })
    .patch('/', validate('json', lockSettingsInput), async (c) => {
      await deps.limits.hit('lockWriteByAccount', c.var.actor.id);
      return answer(c, setIdle(deps, sessionOf(c).id, c.req.valid('json').idleMinutes));
    })
    .delete('/', async (c) => {
      await deps.limits.hit('lockWriteByAccount', c.var.actor.id);
      return answer(c, removeLock(deps, sessionOf(c).id));
    })
    .post('/engage', async (c) => answer(c, engageLock(deps, sessionOf(c).id)))
    .post('/unlock', validate('json', unlockInput), async (c) => {
      await deps.limits.hit('unlockByAccount', c.var.actor.id);
      const client = clientInfo(c.req.header('user-agent'), clientAddress(c, deps.trustProxy));
      try {
        return await answer(c, unlock(deps, c.var.actor, sessionOf(c).id, c.req.valid('json').proof, client));
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
