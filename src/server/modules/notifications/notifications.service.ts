import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { kindOf, TYPES_OF_KIND } from '@/shared/domain/notification-kinds';
import type { NotificationContent } from '@/shared/domain/notifications';
import { isSafetyPush } from '@/shared/domain/push';
import type { NotificationsQuery } from '@/shared/schemas/notification-query';
import type { NotificationView } from '@/shared/schemas/notifications';
import { NOTIFICATION_PAGE, UNREAD_COUNT_CAP } from '@/shared/schemas/notifications';
import type { Actor } from '../../auth/session';
import type { Queryable, Tx } from '../../db/client';
import { bound, prepared, preparedSql } from '../../db/prepared';
import { notificationPreferences, notifications, outbox, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';

const writeNotification = preparedSql(
  'notification_create',
  sql`with chosen as (
      select in_app, push from ${notificationPreferences}
      where user_id = ${bound('userId')} and kind = ${bound('kind')}
    ), written as (
      insert into ${notifications} (id, user_id, type, title, message, data, read)
      values (${bound('id')}, ${bound('userId')}, ${bound('type')}, ${bound('title')}, ${bound('message')}, ${bound('data')}::jsonb,
        not coalesce((select in_app from chosen), true))
    )
    insert into ${outbox} (kind, payload, user_id, pair_id)
    select 'notification', ${bound('payload')}::jsonb, ${bound('userId')}, ${bound('pairId')}::uuid
    where coalesce((select push from chosen), true)`,
);

/**
 * The server-side create_notification: one entry of the catalogue (`notify.*` in shared/domain), for one
 * user, written in the caller's transaction and announced after commit. The notification and its outbox
 * row (its pushes, decided by the outbox's worker once this commits: decision 037) are one prepared
 * statement, its id chosen here (decision 046). A kind the user quieted in the app arrives already read; one
 * quieted for push writes no outbox row (decision 085). The outbox row names the notification's pair, so that
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
    kind: kindOf(content.type),
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
    .limit(NOTIFICATION_PAGE + 1)
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

/**
 * A later page, or one kind only (the notification centre, decision 083): keyed on (created_at, id) as the
 * first page is, on the same index. A `before` that is not one of the user's own answers an empty page.
 */
function pageQuery(db: Queryable, userId: string, query: NotificationsQuery) {
  const before = query.before
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (select n.created_at, n.id from ${notifications} n where n.id = ${query.before} and n.user_id = ${userId})`
    : undefined;
  const kind = query.kind ? inArray(notifications.type, [...TYPES_OF_KIND[query.kind]]) : undefined;
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), kind, before))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_PAGE + 1);
}

/**
 * GET /api/notifications: the user's newest NOTIFICATION_PAGE (the bell, the dashboard and the centre's
 * first page, one prepared statement), or a later page or one kind; with the unread count of all kinds.
 */
export async function listNotifications(deps: AppDeps, actor: Actor, query: NotificationsQuery = {}) {
  const params = { userId: actor.id };
  const first = !query.before && !query.kind;
  const [rows, [unread]] = await Promise.all([
    first ? notificationList(deps.db).execute(params) : pageQuery(deps.db, actor.id, query),
    unreadCount(deps.db).execute(params),
  ]);
  const page = rows.slice(0, NOTIFICATION_PAGE);
  return {
    notifications: page.map(presentNotification),
    unreadCount: unread?.n ?? 0,
    /** Pass as `before` for the next page; null when this page is the last. */
    nextBefore: rows.length > NOTIFICATION_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
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
