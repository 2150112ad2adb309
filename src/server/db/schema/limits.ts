import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LIMIT_ANSWERS } from '../../../shared/domain/limits';
import { LIMIT_TITLE_MAX } from '../../../shared/schemas/limits';
import { userRef } from './auth';
import { pairs } from './pairs';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** Items a partner added to the pair's limits list (decision 055): both see the title, each answers it. */
export const limitCustomItems = pgTable(
  'limit_custom_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    addedBy: userRef('added_by'),
    title: text('title').notNull(),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [
    index('limit_custom_items_pair_idx').on(t.pairId, t.addedAt),
    check(
      'limit_custom_items_title_check',
      sql`char_length(${t.title}) between 1 and ${sql.raw(String(LIMIT_TITLE_MAX))}`,
    ),
  ],
);

/**
 * One partner's answer to one item, for one pair (decision 055): a catalogue id or `custom:<uuid>`.
 * Unanswered is no row. Read only by its author: the partner sees matches, never an answer.
 */
export const limitAnswers = pgTable(
  'limit_answers',
  {
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    itemId: text('item_id').notNull(),
    answer: text('answer', { enum: LIMIT_ANSWERS }).notNull(),
    answeredAt: ts('answered_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pairId, t.userId, t.itemId] }),
    check('limit_answers_answer_check', sql`${t.answer} in ('yes', 'maybe', 'no')`),
    check('limit_answers_item_check', sql`char_length(${t.itemId}) <= 100`),
  ],
);

/** When a partner marked their list for the pair finished: the other learns only that. */
export const limitLists = pgTable(
  'limit_lists',
  {
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    finishedAt: ts('finished_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pairId, t.userId] })],
);
