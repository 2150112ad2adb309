import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { AFTERCARE_NOTE_MAX, AFTERCARE_OCCASIONS } from '../../../shared/schemas/aftercare';
import { userRef } from './auth';
import { pairs } from './pairs';
import { punishments } from './punishments';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Aftercare (decisions 049, 054): both partners are asked "How are you? What do you need?" when a
 * punishment marked "aftercare required" is completed (once per punishment) and when Red is lifted.
 */
export const aftercare = pgTable(
  'aftercare',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    occasion: text('occasion', { enum: AFTERCARE_OCCASIONS }).notNull(),
    punishmentId: uuid('punishment_id').references(() => punishments.id, { onDelete: 'cascade' }),
    askedAt: ts('asked_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('aftercare_punishment_uq').on(t.punishmentId).where(sql`${t.punishmentId} is not null`),
    index('aftercare_pair_idx').on(t.pairId, t.askedAt),
    check('aftercare_occasion_check', sql`${t.occasion} in ('punishment', 'red_lift')`),
    check(
      'aftercare_punishment_check',
      sql`(${t.occasion} = 'punishment') = (${t.punishmentId} is not null)`,
    ),
  ],
);

/**
 * One row per partner of each ask, made with it: open while `answered_at` is null; answered with an
 * optional note, or dismissed. Notes are read only by the two partners: never in a push or a log.
 */
export const aftercareAnswers = pgTable(
  'aftercare_answers',
  {
    aftercareId: uuid('aftercare_id')
      .notNull()
      .references(() => aftercare.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    note: text('note'),
    dismissed: boolean('dismissed').notNull().default(false),
    answeredAt: ts('answered_at'),
  },
  (t) => [
    primaryKey({ columns: [t.aftercareId, t.userId] }),
    index('aftercare_answers_open_idx').on(t.userId).where(sql`${t.answeredAt} is null`),
    check(
      'aftercare_answers_note_check',
      sql`${t.note} is null or char_length(${t.note}) <= ${sql.raw(String(AFTERCARE_NOTE_MAX))}`,
    ),
    check(
      'aftercare_answers_dismissed_check',
      sql`not ${t.dismissed} or (${t.note} is null and ${t.answeredAt} is not null)`,
    ),
  ],
);
