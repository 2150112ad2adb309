import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions, userRef } from './auth';

/**
 * The app lock of one signed-in device (decision 078): one row per session that has a PIN. `verifier` is
 * the hex SHA-256 of the proof the device sends (HMAC-SHA256 of the PIN under a 256-bit secret that never leaves
 * the device), so neither this row alone nor the device alone can test a PIN. `failures` counts wrong
 * proofs since the last right one; the fifth signs the session out, which deletes the row by cascade.
 * Whether the session is locked now is `sessions.locked_at`, read with the session itself.
 */
export const sessionLocks = pgTable(
  'session_locks',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    verifier: text('verifier').notNull(),
    failures: smallint('failures').notNull().default(0),
    idleMinutes: smallint('idle_minutes').notNull().default(5),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('session_locks_user_idx').on(t.userId),
    check('session_locks_failures_check', sql`${t.failures} between 0 and 5`),
    check('session_locks_idle_check', sql`${t.idleMinutes} in (1, 5, 15)`),
    check('session_locks_verifier_check', sql`${t.verifier} ~ '^[0-9a-f]{64}$'`),
  ],
);
