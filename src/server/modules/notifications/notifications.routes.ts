import { Hono } from 'hono';
import { idParam } from '@/shared/schemas/common';
import type { Auth } from '../../auth/auth';
import { type AppEnv, requireSession } from '../../auth/session';
import type { Db } from '../../db/client';
import { validate } from '../../http/validate';
import type { Publisher } from '../../realtime/publisher';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.service';

export interface NotificationsDeps {
  auth: Auth;
  db: Db;
  publisher: Publisher;
  clock: () => Date;
}

/** /api/notifications: only ever the signed-in user's own. */
export const notificationRoutes = (deps: NotificationsDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps.auth))
    .get('/', async (c) => c.json(await listNotifications(deps.db, c.var.actor.id), 200))
    .post('/read-all', async (c) => {
      await markAllNotificationsRead(deps.publisher, c.var.actor.id, deps.clock());
      return c.json({ success: true as const }, 200);
    })
    .post('/:id/read', validate('param', idParam), async (c) => {
      await markNotificationRead(deps.publisher, c.var.actor.id, c.req.valid('param').id, deps.clock());
      return c.json({ success: true as const }, 200);
    });
