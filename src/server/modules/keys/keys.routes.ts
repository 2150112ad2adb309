import { Hono } from 'hono';
import { idParam } from '@/shared/schemas/common';
import { pairWrapsInput, rewrapInput, setUpKeysInput } from '@/shared/schemas/keys';
import { clientInfo } from '../../auth/security-log';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { clientAddress } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { addPairWraps, getMyKeys, getPairKeys, rewrapKeys, setUpKeys } from './keys.service';

/**
 * /api/keys: end-to-end encryption's keys (decision 100). The account's own key (read and written by its
 * owner only), and each active pair's keys (read and written by its two members only).
 */
export const keyRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => c.json(await getMyKeys(deps, c.var.actor), 200))
    .put('/', validate('json', setUpKeysInput), async (c) => {
      await deps.limits.hit('keysWriteByAccount', c.var.actor.id);
      const client = clientInfo(c.req.header('user-agent'), clientAddress(c, deps.trustProxy));
      return c.json(await setUpKeys(deps, c.var.actor, c.req.valid('json'), client), 200);
    })
    .put('/password', validate('json', rewrapInput), async (c) => {
      await deps.limits.hit('keysWriteByAccount', c.var.actor.id);
      const client = clientInfo(c.req.header('user-agent'), clientAddress(c, deps.trustProxy));
      return c.json(await rewrapKeys(deps, c.var.actor, c.req.valid('json'), client), 200);
    })
    .get('/pairs/:id', validate('param', idParam), async (c) =>
      c.json(await getPairKeys(deps, c.var.actor, c.req.valid('param').id), 200),
    )
    .post('/pairs/:id/wraps', validate('param', idParam), validate('json', pairWrapsInput), async (c) => {
      await deps.limits.hit('keysWriteByAccount', c.var.actor.id);
      return c.json(await addPairWraps(deps, c.var.actor, c.req.valid('param').id, c.req.valid('json')), 200);
    });
