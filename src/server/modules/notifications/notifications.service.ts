import { and, count, desc, eq } from 'drizzle-orm';
import type { NotificationType, NotificationView } from '@/shared/schemas/notifications';
import { NOTIFICATION_PAGE } from '@/shared/schemas/notifications';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Emit, Publisher, Tx } from '../../realtime/publisher';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data?: Record<string, unknown>;
}

/** The server-side create_notification: written in the caller's transaction, announced after commit. */
export async function createNotification(tx: Tx, emit: Emit, input: NewNotification) {
  const [row] = await tx
    .insert(notifications)
    .values({ ...input, data: input.data ?? {} })
    .returning({ id: notifications.id });
  emit([input.userId], 'notification.created', { notificationId: row!.id });
  return row!.id;
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

export async function listNotifications(db: Db, userId: string) {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_PAGE),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false))),
  ]);
  return { notifications: rows.map(presentNotification), unreadCount: unread?.n ?? 0 };
}

export async function markNotificationRead(publisher: Publisher, userId: string, id: string, now: Date) {
  await publisher.transaction(async (tx, emit) => {
    const updated = await tx
      .update(notifications)
      .set({ read: true, updatedAt: now })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    if (updated.length === 0) throw new AppError(404, 'NOT_FOUND', 'Notification not found');
    emit([userId], 'notification.read', { notificationId: id });
  });
}

export async function markAllNotificationsRead(publisher: Publisher, userId: string, now: Date) {
  await publisher.transaction(async (tx, emit) => {
    await tx
      .update(notifications)
      .set({ read: true, updatedAt: now })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
    emit([userId], 'notification.read', { notificationId: null });
  });
}

export async function updateLastVisit(db: Db, userId: string, now: Date) {
  await db.update(users).set({ lastVisitAt: now }).where(eq(users.id, userId));
}
