import { Hono } from 'hono';
import { idParam } from '@/shared/schemas/common';
import { notificationPreferencesInput } from '@/shared/schemas/notification-preferences';
import { notificationsQuery } from '@/shared/schemas/notification-query';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { validate } from '../../http/validate';
import { getNotificationPreferences, putNotificationPreferences } from './notification-preferences';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.service';

/** /api/notifications: only ever the signed-in user's own. */
export const notificationRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', notificationsQuery), async (c) =>
      c.json(await listNotifications(deps, c.get('actor'), c.req.valid('query')), 200),
    )
    // Which kinds arrive quietly, in the app or by push (decision 085); safety is not among them.
    .get('/preferences', async (c) => c.json(await getNotificationPreferences(deps, c.get('actor')), 200))
    .put('/preferences', validate('json', notificationPreferencesInput), async (c) =>
      c.json(await putNotificationPreferences(deps, c.get('actor'), c.req.valid('json')), 200),
    )
    .post('/read-all', async (c) => {
      await markAllNotificationsRead(deps, c.get('actor'));
      return c.json({ success: true as const }, 200);
    })
    .post('/:id/read', validate('param', idParam), async (c) => {
      await markNotificationRead(deps, c.get('actor'), c.req.valid('param'));
      return c.json({ success: true as const }, 200);
    });
