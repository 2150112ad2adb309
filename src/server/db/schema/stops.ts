import { sql } from 'drizzle-orm';
import { index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userRef } from './auth';
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
 * Yellow (decision 049): one row per check-in a partner asks of the other. While it is open
 * (`answered_at` null) new assignments wait; only the other partner answers it. A partner has at most one
 * open check-in per pair, so asking twice is one ask. Rows stay after the answer.
 */
export const pairCheckins = pgTable(
  'pair_checkins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    askedBy: userRef('asked_by'),
    askedAt: timestamp('asked_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('pair_checkins_open_uq').on(t.pairId, t.askedBy).where(sql`${t.answeredAt} is null`),
    index('pair_checkins_pair_idx').on(t.pairId, t.askedAt),
  ],
);
