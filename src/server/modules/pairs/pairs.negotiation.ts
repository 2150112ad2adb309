import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { NEGOTIATION_TEXT } from '@/shared/schemas/negotiation';
import { pairs } from '../../db/schema';
import { negotiationPending } from '../../http/errors';

/**
 * Whether the pair's submissive has confirmed the first negotiation (decision 058), as a field of a
 * statement that reads the pair row itself: no statement more.
 */
export const negotiated = sql<boolean>`${pairs.negotiationConfirmedAt} is not null`;

/**
 * The same, for the pair with this id (its id column or value), as a field of a statement that may read
 * another table.
 */
export const pairNegotiated = (pairId: PgColumn | string) =>
  // Under its own name: inside a statement that reads `pairs`, a bare "pairs"."id" would name the subquery's row.
  sql<boolean>`exists (select 1 from ${pairs} as negotiated_pair where negotiated_pair.id = ${sql`${pairId}`} and negotiated_pair.negotiation_confirmed_at is not null)`;

/** The refusal of a new assignment before the submissive confirmed the first negotiation. */
export const negotiationNotConfirmed = () => negotiationPending(NEGOTIATION_TEXT.pending);

/**
 * The first negotiation's part of the guard (decision 058), on what was read with the pair: nothing new is
 * assigned to the submissive (409 NEGOTIATION_PENDING) until they have confirmed it, and again after they
 * withdraw it. What exists already is never touched by it.
 */
export function assertNegotiated(pair: { negotiated: boolean }): void {
  if (!pair.negotiated) throw negotiationNotConfirmed();
}
