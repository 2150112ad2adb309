import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { STOP_TEXT } from '@/shared/schemas/stops';
import type { Queryable } from '../../db/client';
import { pairStops, pairs } from '../../db/schema';
import { AppError } from '../../http/errors';

/**
 * The one guard of every write that asks something of the submissive (decision 049): refused with 409
 * PAIR_STOPPED while the pair has an open stop. Called inside the write's transaction, after the pair was
 * found (and held against its ending), so that a stop committed first is always seen.
 */
/**
 * Whether the pair has an open stop, as a condition inside a statement that reads the pair (a create's pair
 * read, the reminder job): no statement more.
 */
export const pairIsStopped = (pairId: PgColumn | string) =>
  // The column goes in wrapped: as a field of a single-table select, Drizzle writes the columns of a field's
  // own SQL without their table, and a bare "id" would name pair_stops.id inside the subquery.
  sql<boolean>`exists (select 1 from ${pairStops} where ${pairStops.pairId} = ${sql`${pairId}`} and ${pairStops.liftedAt} is null)`;

/** The refusal of a write while Red holds its pair. */
export const pairStopped = () => new AppError(409, 'PAIR_STOPPED', STOP_TEXT.stopped);

export async function assertNotStopped(tx: Queryable, pairId: string): Promise<void> {
  const [open] = await tx
    .select({ id: pairStops.id })
    .from(pairStops)
    .where(and(eq(pairStops.pairId, pairId), isNull(pairStops.liftedAt)))
    .limit(1);
  if (open) throw pairStopped();
}

/**
 * Since when Red has held the pair without a break, or null when it is not stopped: the moment the pair's
 * clock stands at while it is stopped (time stopped never counts, decision 049).
 */
export async function stoppedSince(q: Queryable, pairId: string): Promise<Date | null> {
  const [row] = await q.select({ since: pairs.stoppedSince }).from(pairs).where(eq(pairs.id, pairId));
  return row?.since ?? null;
}
