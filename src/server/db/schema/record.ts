import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pairs } from './pairs';

/** The facts an entry of the record carries: ids and non-personal facts, never text a user wrote. */
export type RecordData = Record<string, string | number | boolean | null>;

/**
 * The pair's record (decision 053): every action of either partner, one hash-chained entry each, 1, 2, 3…
 * within the pair. A trigger refuses UPDATE, DELETE (while the pair exists) and TRUNCATE. `actor_id` names
 * who acted and has no foreign key: an entry outlives nothing but its pair.
 */
export const pairRecord = pgTable(
  'pair_record',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    actorId: uuid('actor_id'),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<RecordData>().notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('pair_record_seq_uq').on(t.pairId, t.seq),
    check('pair_record_hash_check', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
    check('pair_record_seq_check', sql`${t.seq} >= 1`),
  ],
);

/**
 * The head of each pair's record: its last sequence number and hash. Appending bumps it with an upsert,
 * whose row lock makes a pair's appends one at a time (no gap, no fork) while the pair row stays shared.
 */
export const pairRecordHeads = pgTable('pair_record_heads', {
  pairId: uuid('pair_id')
    .primaryKey()
    .references(() => pairs.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  hash: text('hash').notNull(),
});
