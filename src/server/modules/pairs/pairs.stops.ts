import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CHECKIN_TEXT } from '@/shared/schemas/checkins';
import { STOP_TEXT } from '@/shared/schemas/stops';
import type { Queryable } from '../../db/client';
import { pairCheckins, pairStops, pairs } from '../../db/schema';
import { pairCheckingIn, pairStopped as pairStoppedError } from '../../http/errors';
import { assertNegotiated, negotiated } from './pairs.negotiation';

/**
 * Whether the pair has an open stop, as a condition inside a statement that reads the pair (the reminder
 * job, the outbox's held rows): no statement more.
 */
export const pairIsStopped = (pairId: PgColumn | string) =>
  // The column goes in wrapped: as a field of a single-table select, Drizzle writes the columns of a field's
  // own SQL without their table, and a bare "id" would name pair_stops.id inside the subquery.
  sql<boolean>`exists (select 1 from ${pairStops} where ${pairStops.pairId} = ${sql`${pairId}`} and ${pairStops.liftedAt} is null)`;

/** What holds a pair's new demands: Red (a stop open), Yellow (a check-in open), or nothing. */
export type PairHold = 'stopped' | 'checking_in' | null;

/**
 * The pair's hold as a field of a statement that reads the pair (a create's pair read): Red first, then
 * an open check-in asked by Yellow (a scheduled check-in holds nothing; decision 052); null when neither.
 */
export const pairHold = (pairId: PgColumn | string) =>
  sql<PairHold>`case when ${pairIsStopped(pairId)} then 'stopped' when exists (select 1 from ${pairCheckins} where ${pairCheckins.pairId} = ${sql`${pairId}`} and ${pairCheckins.answeredAt} is null and ${pairCheckins.kind} = 'yellow') then 'checking_in' else null end`;

/** The refusal of a write while Red holds its pair. */
export const pairStopped = () => pairStoppedError(STOP_TEXT.stopped);

/** The refusal of a write that the pair's hold refuses: Red's, or Yellow's while its check-in is open. */
export const pairHeld = (hold: Exclude<PairHold, null>) =>
  hold === 'stopped' ? pairStopped() : pairCheckingIn(CHECKIN_TEXT.checkingIn);

/**
 * The one guard of every write that asks something of the submissive (decision 049): refused with 409
 * PAIR_STOPPED while the pair has an open stop, and with 409 PAIR_CHECKING_IN while a check-in asked by
 * Yellow is open. Called inside the write's transaction, after the pair was found (and held against its
 * ending), so that a stop committed first is always seen.
 */
export async function assertNotStopped(tx: Queryable, pairId: string): Promise<void> {
  const [row] = await tx
    .select({ hold: pairHold(pairs.id) })
    .from(pairs)
    .where(eq(pairs.id, pairId));
  if (row?.hold) throw pairHeld(row.hold);
}

/** What a write that asks something new of the submissive is checked on, read with its pair. */
export interface AskFacts {
  /** Whether Red or Yellow holds the pair. */
  hold: PairHold;
  /** Whether the submissive has confirmed the first negotiation (decision 058). */
  negotiated: boolean;
}

/**
 * The guard of every write that asks something NEW of the submissive (creating a task or a punishment,
 * editing a task), on facts read with the pair: Red's and Yellow's hold first, then the first negotiation
 * (`assertNegotiated`, decision 058). Contract writes and a timer's start call `assertNotStopped` alone: the
 * negotiation is written in the contract, and a punishment that exists is not held by it.
 */
export function assertMayAsk(facts: AskFacts): void {
  if (facts.hold) throw pairHeld(facts.hold);
  assertNegotiated(facts);
}

/** `assertMayAsk` for a pair found without its facts (an edit): one statement reads them. */
export async function assertMayAskIn(tx: Queryable, pairId: string): Promise<void> {
  const [row] = await tx
    .select({ hold: pairHold(pairs.id), negotiated })
    .from(pairs)
    .where(eq(pairs.id, pairId));
  if (row) assertMayAsk(row);
}

/**
 * Since when Red has held the pair without a break, or null when it is not stopped: the moment the pair's
 * clock stands at while it is stopped (time stopped never counts, decision 049).
 */
export async function stoppedSince(q: Queryable, pairId: string): Promise<Date | null> {
  const [row] = await q.select({ since: pairs.stoppedSince }).from(pairs).where(eq(pairs.id, pairId));
  return row?.since ?? null;
}
