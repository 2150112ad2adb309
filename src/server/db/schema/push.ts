import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { userRef, users } from './auth';

/**
 * Spec 1 §3 push_tokens, for Web Push: one row per device subscription of a user. `endpoint` is the push
 * service's address (the spec's token), `p256dh` and `auth` the browser's keys. Upserted on user and
 * endpoint; an endpoint belongs to one account at most (decision 030); gone with the user.
 */
export const pushTokens = pgTable(
  'push_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    platform: text('platform').notNull().default('web'),
    deviceInfo: text('device_info'),
    /**
     * Discreet mode on this device (decision 081): its pushes name the neutral name, not Pact. Taken from the
     * device's `pact_discreet` cookie each time it registers.
     */
    discreet: boolean('discreet').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    unique('push_tokens_user_endpoint_key').on(t.userId, t.endpoint),
    unique('push_tokens_endpoint_key').on(t.endpoint),
  ],
);

/**
 * How a user's pushes read and when they wait: details off unless chosen; quiet hours as minutes after
 * local midnight in their zone. While they hold pushes, `held_count` counts them and `held_until` says
 * when the summary is due. No row: the defaults.
 */
export const pushPreferences = pgTable(
  'push_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    showDetails: boolean('show_details').notNull().default(false),
    quietStart: smallint('quiet_start'),
    quietEnd: smallint('quiet_end'),
    quietTimeZone: text('quiet_time_zone'),
    heldCount: integer('held_count').notNull().default(0),
    heldUntil: timestamp('held_until', { withTimezone: true, precision: 3 }),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('push_preferences_held_idx').on(t.heldUntil).where(sql`${t.heldCount} > 0`),
    check(
      'push_preferences_quiet_check',
      sql`(${t.quietStart} is null and ${t.quietEnd} is null and ${t.quietTimeZone} is null) or
        (${t.quietStart} between 0 and 1439 and ${t.quietEnd} between 0 and 1439 and
         ${t.quietStart} <> ${t.quietEnd} and ${t.quietTimeZone} is not null)`,
    ),
    check('push_preferences_held_check', sql`${t.heldCount} >= 0`),
  ],
);

/**
 * Each reminder the server has sent (decision 047), by a key that names it: `task:<id>:<due ms>`,
 * `timer:<id>:<start ms>`. Claimed with the reminder's pushes in one transaction, so that a reminder goes
 * once however many runs or instances see it due. Kept a day (past its window), swept by maintenance.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    key: text('key').primaryKey(),
    userId: userRef('user_id'),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('reminders_sent_at_idx').on(t.sentAt)],
);
