import { Hono } from 'hono';
import { pushEndpointInput, pushPreferencesInput, pushSubscriptionInput } from '@/shared/schemas/push';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { isDiscreet } from '../../http/discreet';
import { validate } from '../../http/validate';
import { sendTestPush } from './push.deliver';
import { getPushPreferences, putPushPreferences } from './push.preferences';
import { subscribe, unsubscribe } from './push.subscriptions';

/** /api/push: the signed-in user's own devices and push preferences (issue 13, decision 030). */
export const pushRoutes = (deps: AppDeps) => {
  const rules = { allowHttpLoopback: deps.push.allowHttpLoopback };
  return new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/config', (c) => c.json({ publicKey: deps.push.publicKey }, 200))
    .post('/subscriptions', validate('json', pushSubscriptionInput(rules)), async (c) => {
      const input = c.req.valid('json');
      await deps.limits.hit('pushSubscriptionsByAccount', c.get('actor').id);
      const { created, subscription } = await subscribe(deps, c.get('actor'), input, isDiscreet(c));
      return created ? c.json({ subscription }, 201) : c.json({ subscription }, 200);
    })
    .delete('/subscriptions', validate('json', pushEndpointInput(rules)), async (c) => {
      await deps.limits.hit('pushSubscriptionsByAccount', c.get('actor').id);
      return c.json(await unsubscribe(deps, c.get('actor'), c.req.valid('json')), 200);
    })
    .get('/preferences', async (c) => c.json(await getPushPreferences(deps, c.get('actor')), 200))
    .put('/preferences', validate('json', pushPreferencesInput), async (c) =>
      c.json(await putPushPreferences(deps, c.get('actor'), c.req.valid('json')), 200),
    )
    .post('/test', async (c) => {
      await deps.limits.hit('pushTestByAccount', c.get('actor').id);
      return c.json(await sendTestPush(deps, c.get('actor')), 202);
    });
};
