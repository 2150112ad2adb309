import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SECURITY_EVENT_TYPES } from '../../../shared/domain/security';
import { userRef } from './auth';

/**
 * A user's security log (spec 2 §9, kept on the server: decision 024). `code` says what happened
 * (`login_failed`, `sign_in`, …); `details` and `device` carry no personal content: a device family from
 * the user agent and the first octets of the client's address at most. At most 1,000 rows per user.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: the log's order and what the 1,000 kept are counted by (times may tie). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: userRef('user_id'),
    type: text('type', { enum: SECURITY_EVENT_TYPES }).notNull(),
    code: text('code').notNull(),
    device: text('device').notNull().default('Unknown device'),
    details: text('details').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('security_events_user_seq_idx').on(t.userId, t.seq.desc().nullsFirst()),
    check(
      'security_events_type_check',
      sql.raw(`type in (${SECURITY_EVENT_TYPES.map((type) => `'${type}'`).join(', ')})`),
    ),
  ],
);
