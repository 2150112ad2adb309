import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { RITUAL_MARKS } from '../../../shared/domain/rituals';
import {
  RITUAL_AWARD_MAX,
  RITUAL_MARK_NOTE_MAX,
  RITUAL_NAME_MAX,
  RITUAL_STEPS_MAX,
} from '../../../shared/texts/rituals';
import { pairs } from './pairs';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/*
 * Rituals (decisions 072 and 074). Like the points tables (decision 067) no column names a user by a foreign
 * key: a ritual and its marks go with their pair and only with it.
 */

/**
 * A pair's ritual: its name, steps, ISO weekdays and time of day in `time_zone` (the dominant's when it was
 * set or last changed), the default award of a day kept, and `since`, the day it counts from in that zone.
 * A retired one stays (its marks are the pair's history) but is no longer listed or marked.
 */
export const rituals = pgTable(
  'rituals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    steps: text('steps').array().notNull().default(sql`'{}'::text[]`),
    days: smallint('days').array().notNull(),
    time: text('time').notNull(),
    timeZone: text('time_zone').notNull(),
    award: integer('award').notNull().default(0),
    since: date('since', { mode: 'string' }).notNull(),
    /** The first day its present days apply (`since` until they change): a change never reaches the past. */
    daysFrom: date('days_from', { mode: 'string' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    retiredAt: ts('retired_at'),
  },
  (t) => [
    index('rituals_pair_live_idx').on(t.pairId, t.createdAt, t.id).where(sql`${t.retiredAt} is null`),
    check(
      'rituals_name_check',
      sql`char_length(${t.name}) between 1 and ${sql.raw(String(RITUAL_NAME_MAX))}`,
    ),
    check(
      'rituals_steps_check',
      // Each step's length is the schema's (RITUAL_STEP_MAX): an array's elements have no check of their own.
      sql.raw(`cardinality(steps) <= ${RITUAL_STEPS_MAX}`),
    ),
    check(
      'rituals_days_check',
      sql.raw(`cardinality(days) between 1 and 7 and days <@ array[1, 2, 3, 4, 5, 6, 7]::smallint[]`),
    ),
    check('rituals_time_check', sql.raw(`time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`)),
    check('rituals_award_check', sql`${t.award} between 0 and ${sql.raw(String(RITUAL_AWARD_MAX))}`),
  ],
);

/**
 * The submissive's mark of one scheduled day of a ritual (a date in the ritual's zone): one row per day,
 * changed in place while the day may still be marked; `marked_at` is the first mark, `updated_at` the last.
 */
export const ritualMarks = pgTable(
  'ritual_marks',
  {
    ritualId: uuid('ritual_id')
      .notNull()
      .references(() => rituals.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    mark: text('mark', { enum: RITUAL_MARKS }).notNull(),
    note: text('note'),
    markedAt: ts('marked_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ritualId, t.date] }),
    check('ritual_marks_mark_check', sql.raw(`mark in (${RITUAL_MARKS.map((m) => `'${m}'`).join(', ')})`)),
    check('ritual_marks_note_check', sql.raw(`note is null or char_length(note) <= ${RITUAL_MARK_NOTE_MAX}`)),
  ],
);
