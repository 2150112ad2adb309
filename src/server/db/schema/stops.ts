import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CADENCE_FREQUENCIES,
  CHECKIN_KINDS,
  CHECKIN_MOODS,
  CHECKIN_NOTE_MAX,
} from '../../../shared/domain/checkins';
import { userRef, users } from './auth';
import { pairs } from './pairs';

/**
 * Red (decision 049): one row per pair a partner stopped. The pair is stopped while any of its rows is
 * open (`lifted_at` null); only the row's caller lifts it. A caller has at most one open stop per pair, so
 * calling Red twice is one stop. Rows stay after lifting: when and by whom is part of the pair's story.
 */
export const pairStops = pgTable(
  'pair_stops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    calledBy: userRef('called_by'),
    calledAt: timestamp('called_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    liftedAt: timestamp('lifted_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('pair_stops_open_uq').on(t.pairId, t.calledBy).where(sql`${t.liftedAt} is null`),
    index('pair_stops_pair_idx').on(t.pairId, t.calledAt),
  ],
);

/**
 * Check-ins (decisions 049, 052): one row per check-in one partner is asked (`asked_of`). Yellow's are
 * asked by the other partner (`asked_by`) and hold new demands while open (`answered_at` null); scheduled
 * ones are opened by the pair's cadence (no `asked_by`), hold nothing, and an unanswered one is deleted
 * when the next opens. A partner has at most one open Yellow ask per pair and one open scheduled check-in
 * per pair. The answer is a mood and an optional note, read only by the two partners. Rows stay after
 * the answer.
 */
export const pairCheckins = pgTable(
  'pair_checkins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CHECKIN_KINDS }).notNull().default('yellow'),
    askedBy: uuid('asked_by').references(() => users.id, { onDelete: 'cascade' }),
    askedOf: userRef('asked_of'),
    askedAt: timestamp('asked_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true, precision: 3 }),
    mood: text('mood', { enum: CHECKIN_MOODS }),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('pair_checkins_open_uq').on(t.pairId, t.askedBy).where(sql`${t.answeredAt} is null`),
    uniqueIndex('pair_checkins_scheduled_open_uq')
      .on(t.pairId, t.askedOf)
      .where(sql`${t.answeredAt} is null and ${t.kind} = 'scheduled'`),
    index('pair_checkins_pair_idx').on(t.pairId, t.askedAt),
    index('pair_checkins_answered_idx')
      .on(t.pairId, t.answeredAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.answeredAt} is not null`),
    check('pair_checkins_kind_check', sql`${t.kind} in ('yellow', 'scheduled')`),
    check('pair_checkins_asker_check', sql`(${t.kind} = 'yellow') = (${t.askedBy} is not null)`),
    check('pair_checkins_mood_check', sql`${t.mood} is null or ${t.mood} in ('green', 'yellow', 'red')`),
    check(
      'pair_checkins_answer_check',
      sql`${t.answeredAt} is not null or (${t.mood} is null and ${t.note} is null)`,
    ),
    check(
      'pair_checkins_note_check',
      sql`${t.note} is null or char_length(${t.note}) <= ${sql.raw(String(CHECKIN_NOTE_MAX))}`,
    ),
  ],
);

/**
 * A pair's check-in cadence (decision 052): off, daily or weekly (on `weekday`, Sunday=0) at `local_time`
 * in the zone of whoever set it last (`set_by`, `set_at`: both partners see who and when). `next_at` is
 * the next moment the job opens a scheduled check-in for both partners; null while it is off.
 */
export const pairCheckinCadences = pgTable(
  'pair_checkin_cadences',
  {
    pairId: uuid('pair_id')
      .primaryKey()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: CADENCE_FREQUENCIES }).notNull(),
    weekday: smallint('weekday'),
    localTime: text('local_time').notNull(),
    timeZone: text('time_zone').notNull(),
    setBy: userRef('set_by'),
    setAt: timestamp('set_at', { withTimezone: true, precision: 3 }).notNull(),
    nextAt: timestamp('next_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('pair_checkin_cadences_next_idx').on(t.nextAt).where(sql`${t.nextAt} is not null`),
    check('pair_checkin_cadences_frequency_check', sql`${t.frequency} in ('off', 'daily', 'weekly')`),
    check(
      'pair_checkin_cadences_weekday_check',
      sql`(${t.frequency} = 'weekly') = (${t.weekday} is not null) and (${t.weekday} is null or ${t.weekday} between 0 and 6)`,
    ),
    check('pair_checkin_cadences_time_check', sql`${t.localTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);
