import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  POINTS_ENTRY_KINDS,
  POINTS_REASON_MAX,
  REDEMPTION_NOTE_MAX,
  REDEMPTION_STATES,
  REWARD_DESCRIPTION_MAX,
  REWARD_PRICE_MAX,
  REWARD_TITLE_MAX,
} from '../../../shared/texts/points';
import { pairs } from './pairs';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/*
 * Points and rewards (decision 067). None of these tables names a user by a foreign key: every row goes
 * with its pair and only with it, so that a deleted account deletes the pair first and the ledger's trigger
 * (which allows a DELETE only once the pair row is gone) lets the cascade through.
 */

/** The pair's catalogue of rewards: the dominant adds, edits and retires them (a retired one stays). */
export const rewards = pgTable(
  'rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    retiredAt: ts('retired_at'),
  },
  (t) => [
    index('rewards_pair_offered_idx')
      .on(t.pairId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.retiredAt} is null`),
    check(
      'rewards_title_check',
      sql`char_length(${t.title}) between 1 and ${sql.raw(String(REWARD_TITLE_MAX))}`,
    ),
    check(
      'rewards_description_check',
      sql`char_length(${t.description}) <= ${sql.raw(String(REWARD_DESCRIPTION_MAX))}`,
    ),
    check('rewards_price_check', sql`${t.price} between 1 and ${sql.raw(String(REWARD_PRICE_MAX))}`),
  ],
);

/**
 * A reward the submissive asked for: its title and price then (a later edit changes neither), the state
 * from requested to granted or denied, and both partners' notes.
 */
export const rewardRedemptions = pgTable(
  'reward_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    rewardId: uuid('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    price: integer('price').notNull(),
    state: text('state', { enum: REDEMPTION_STATES }).notNull().default('requested'),
    requestNote: text('request_note'),
    decisionNote: text('decision_note'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('reward_redemptions_pair_requested_idx').on(t.pairId, t.requestedAt.desc(), t.id.desc()),
    check('reward_redemptions_state_check', inList('state', REDEMPTION_STATES)),
    check('reward_redemptions_price_check', sql`${t.price} > 0`),
    check(
      'reward_redemptions_request_note_check',
      sql`${t.requestNote} is null or char_length(${t.requestNote}) <= ${sql.raw(String(REDEMPTION_NOTE_MAX))}`,
    ),
    check(
      'reward_redemptions_decision_note_check',
      sql`${t.decisionNote} is null or char_length(${t.decisionNote}) <= ${sql.raw(String(REDEMPTION_NOTE_MAX))}`,
    ),
  ],
);

/**
 * The pair's points ledger: append-only (a trigger of migration 0033 refuses UPDATE, DELETE while the pair
 * exists, and TRUNCATE). The balance is the sum of `amount`; each entry has a key unique in its pair, so a
 * retried write finds the entry it made; a redemption has one debit and at most one refund.
 */
export const pointsEntries = pgTable(
  'points_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** Who made it; no foreign key (see above): an entry outlives nothing but its pair. */
    madeBy: uuid('made_by').notNull(),
    kind: text('kind', { enum: POINTS_ENTRY_KINDS }).notNull(),
    rewardRedemptionId: uuid('reward_redemption_id').references(() => rewardRedemptions.id, {
      onDelete: 'cascade',
    }),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_entries_key_uq').on(t.pairId, t.idempotencyKey),
    uniqueIndex('points_entries_redemption_uq')
      .on(t.rewardRedemptionId, t.kind)
      .where(sql`${t.rewardRedemptionId} is not null`),
    index('points_entries_pair_created_idx').on(t.pairId, t.createdAt.desc(), t.id.desc()),
    check('points_entries_amount_check', sql`${t.amount} <> 0`),
    check(
      'points_entries_reason_check',
      sql`char_length(${t.reason}) between 1 and ${sql.raw(String(POINTS_REASON_MAX))}`,
    ),
    check('points_entries_kind_check', inList('kind', POINTS_ENTRY_KINDS)),
    check('points_entries_key_check', sql`char_length(${t.idempotencyKey}) between 1 and 100`),
    check(
      'points_entries_redemption_check',
      sql`(${t.kind} in ('redemption', 'refund')) = (${t.rewardRedemptionId} is not null)`,
    ),
  ],
);
