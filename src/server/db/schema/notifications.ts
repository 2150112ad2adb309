import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { QUIETABLE_KINDS } from '../../../shared/domain/notification-kinds';
import { NOTIFICATION_TYPES } from '../../../shared/schemas/notifications';
import { userRef } from './auth';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.read} = false`),
    check(
      'notifications_type_check',
      sql.raw(`type in (${NOTIFICATION_TYPES.map((type) => `'${type}'`).join(', ')})`),
    ),
  ],
);

/**
 * How a kind of notification reaches its user (decision 085): a row only where the user changed the
 * defaults (both on). Safety is not a kind this table can hold: it is never quieted.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: userRef('user_id'),
    kind: text('kind', { enum: QUIETABLE_KINDS }).notNull(),
    inApp: boolean('in_app').notNull().default(true),
    push: boolean('push').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check(
      'notification_preferences_kind_check',
      sql.raw(`kind in (${QUIETABLE_KINDS.map((kind) => `'${kind}'`).join(', ')})`),
    ),
  ],
);
