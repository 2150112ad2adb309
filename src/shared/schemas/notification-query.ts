import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../domain/notification-kinds';
import { NOTIFICATIONS_TEXT } from '../texts/notifications';
import { uuidField } from './common';

/**
 * GET /api/notifications?kind=&before=: a page of the user's own notifications, newest first, of one kind
 * or all, from before the notification `before`.
 */
export const notificationsQuery = z.object({
  kind: z.enum(NOTIFICATION_KINDS, { error: NOTIFICATIONS_TEXT.kindInvalid }).optional(),
  before: uuidField(NOTIFICATIONS_TEXT.cursorInvalid).optional(),
});
export type NotificationsQuery = z.output<typeof notificationsQuery>;
