import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { NotificationContent } from '@/shared/domain/notifications';
import { isSafetyPush } from '@/shared/domain/push';
import type { NotificationView } from '@/shared/schemas/notifications';
import { NOTIFICATION_PAGE, UNREAD_COUNT_CAP } from '@/shared/schemas/notifications';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { bound, prepared, preparedSql } from '../../db/prepared';
import { notifications, outbox, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';

const writeNotification = preparedSql(
  'notification_create',
  sql`with written as (
      insert into ${notifications} (id, user_id, type, title, message, data)
      values (${bound('id')}, ${bound('userId')}, ${bound('type')}, ${bound('title')}, ${bound('message')}, ${bound('data')}::jsonb)
    )
    insert into ${outbox} (kind, payload, user_id, pair_id)
    values ('notification', ${bound('payload')}::jsonb, ${bound('userId')}, ${bound('pairId')}::uuid)`,
);

/**
 * The server-side create_notification: one entry of the catalogue (`notify.*` in shared/domain), for one
 * user, written in the caller's transaction and announced after commit. The notification and its outbox
 * row (its pushes, decided by the outbox's worker once this commits: decision 037) are one prepared
 * statement, its id chosen here (decision 046). The outbox row names the notification's pair, so that
 * its pushes wait while Red holds it, unless it is a safety push (decision 049).
 */
/** The pair whose stop holds a notification's pushes: none for a safety push or one of no pair. */
function heldWithPair(content: NotificationContent): string | null {
  if (isSafetyPush(content.type)) return null;
  const data = content.data as { pairId?: unknown };
  return typeof data.pairId === 'string' ? data.pairId : null;
}

export async function createNotification(tx: Tx, emit: Emit, userId: string, content: NotificationContent) {
  const id = randomUUID();
  await writeNotification(tx, {
    id,
    userId,
    type: content.type,
    title: content.title,
    message: content.message,
    data: JSON.stringify(content.data),
    payload: JSON.stringify({ notificationId: id }),
    pairId: heldWithPair(content),
  });
  emit([userId], 'notification.created', { notificationId: id });
  return id;
}

export const presentNotification = (row: typeof notifications.$inferSelect): NotificationView => ({
  id: row.id,
  userId: row.userId,
  type: row.type,
  title: row.title,
  message: row.message,
  data: row.data,
  read: row.read,
  createdAt: row.createdAt.getTime(),
  updatedAt: row.updatedAt.getTime(),
});

const notificationList = prepared((db) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, bound('userId')))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_PAGE)
    .prepare('notifications_list'),
);

/**
 * The unread count, up to UNREAD_COUNT_CAP: counted over at most that many rows, so that it costs the same
 * with ten thousand unread as with a hundred (decision 045).
 */
const unreadCount = prepared((db) => {
  const unread = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, bound('userId')), eq(notifications.read, false)))
    .limit(UNREAD_COUNT_CAP)
    .as('unread');
  return db.select({ n: count() }).from(unread).prepare('notifications_unread');
});

export async function listNotifications(deps: AppDeps, actor: Actor) {
  const params = { userId: actor.id };
  const [rows, [unread]] = await Promise.all([
    notificationList(deps.db).execute(params),
    unreadCount(deps.db).execute(params),
  ]);
  return { notifications: rows.map(presentNotification), unreadCount: unread?.n ?? 0 };
}

export async function markNotificationRead(deps: AppDeps, actor: Actor, input: { id: string }) {
  const { id } = input;
  const userId = actor.id;
  const now = deps.clock();
  await deps.publisher.transaction(async (tx, emit) => {
    const updated = await tx
      .update(notifications)
      .set({ read: true, updatedAt: now })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    if (updated.length === 0) throw notFound('Notification not found');
    emit([userId], 'notification.read', { notificationId: id });
  });
}

export async function markAllNotificationsRead(deps: AppDeps, actor: Actor) {
  const userId = actor.id;
  const now = deps.clock();
  await deps.publisher.transaction(async (tx, emit) => {
    await tx
      .update(notifications)
      .set({ read: true, updatedAt: now })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
    emit([userId], 'notification.read', { notificationId: null });
  });
}

export async function updateLastVisit(deps: AppDeps, actor: Actor) {
  await deps.db.update(users).set({ lastVisitAt: deps.clock() }).where(eq(users.id, actor.id));
  // The session's user carries lastVisitAt to /api/me.
  await deps.sessions.forget({ userIds: [actor.id] });
}
