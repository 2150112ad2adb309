import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { AFTERCARE_WISHES_MAX } from '../../../shared/schemas/negotiation';
import { userRef } from './auth';
import { pairs } from './pairs';

/**
 * A partner's aftercare wishes for a pair, written in the first negotiation and editable later (decision
 * 058): read by the two partners only, never in a notification, a push, a log or the record.
 */
export const aftercareWishes = pgTable(
  'aftercare_wishes',
  {
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    wishes: text('wishes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pairId, t.userId] }),
    check(
      'aftercare_wishes_length_check',
      sql`char_length(${t.wishes}) <= ${sql.raw(String(AFTERCARE_WISHES_MAX))}`,
    ),
  ],
);
