import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { pairs } from './pairs';

/**
 * Work that must outlive the process that caused it: mails and pushes. A row is written in the same
 * transaction as the change that causes it, so that what the user was told was sent is in the database
 * before the answer; a worker on any instance leases due rows (`FOR UPDATE SKIP LOCKED`), sends them and
 * deletes them, or puts them back with a later `run_after`. `locked_until` is the lease: a row whose
 * instance died mid-send is taken again once it has passed. `user_id` names whom the row concerns, so that
 * a deleted account's unsent mails and pushes go with it. `last_error` holds a code, never content.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `mail`: a mail to send; `notification`: a notification to fan out to devices; `push`: one device. */
    kind: text('kind', { enum: ['mail', 'notification', 'push'] }).notNull(),
    payload: jsonb('payload').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The pair a push concerns (decision 049): while Red holds it, the row waits unclaimed, and it leaves
     * when the stop is lifted. Null for mail and for safety pushes, which are never held.
     */
    pairId: uuid('pair_id').references(() => pairs.id, { onDelete: 'cascade' }),
    /** A reminder: its moment has passed once Red has held it, so the lift drops it instead. */
    lapsesWhenHeld: boolean('lapses_when_held').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, precision: 3 }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_due_idx').on(t.runAfter),
    index('outbox_user_idx').on(t.userId),
    index('outbox_pair_idx').on(t.pairId).where(sql`${t.pairId} is not null`),
    check('outbox_kind_check', sql`${t.kind} in ('mail', 'notification', 'push')`),
  ],
);

/**
 * One row per create a client asked for with an `Idempotency-Key`: the key is the client's, unique per
 * user, and names the row that request made. A second request with the same key (a double tap, a retry
 * after a lost answer, two racing requests) finds it and answers with that row instead of making another.
 * Kept a day; swept by maintenance.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What the key made: `message` (a journal message), `task`, `punishment`, `partner-request`, … */
    scope: text('scope').notNull(),
    resourceId: text('resource_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
