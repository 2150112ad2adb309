import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userRef } from './auth';

/** A dominant-submissive couple. One row per ordered couple, reactivated when they reconnect. */
export const pairs = pgTable(
  'pairs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dominantId: userRef('dominant_id'),
    submissiveId: userRef('submissive_id'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Since when Red has held the pair without a break (decision 049): set by the stop that found it
     * running, cleared by the lift that leaves no stop open. Overlapping stops of both partners are one
     * stretch, so the time a lift gives back is their union.
     */
    stoppedSince: timestamp('stopped_since', { withTimezone: true, precision: 3 }),
    /**
     * When the submissive confirmed the pair's first negotiation (decision 058), or null: nothing new is
     * assigned to the submissive until then. Withdrawing the confirmation clears it; a pair that begins
     * again (reconnected) starts with it cleared.
     */
    negotiationConfirmedAt: timestamp('negotiation_confirmed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('pairs_dominant_submissive_uq').on(t.dominantId, t.submissiveId),
    index('pairs_submissive_idx').on(t.submissiveId),
    check('pairs_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('pairs_not_self', sql`${t.dominantId} <> ${t.submissiveId}`),
  ],
);
