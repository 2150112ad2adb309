import { and, eq } from 'drizzle-orm';
import { POINTS_TEXT, type PointsEntryKind } from '@/shared/schemas/points';
import type { Tx } from '../../db/client';
import { pointsEntries } from '../../db/schema';
import { idempotencyConflict } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';
import type { PairRow } from '../pairs/pairs.scope';

/* Writing the ledger (decision 067): one INSERT, never an UPDATE or a DELETE (the database refuses both). */

export type EntryRow = typeof pointsEntries.$inferSelect;

export interface NewEntry {
  pairId: string;
  amount: number;
  reason: string;
  kind: PointsEntryKind;
  madeBy: string;
  rewardRedemptionId?: string | null;
  /** Unique in the pair: a client's Idempotency-Key, or `redemption:<id>` / `refund:<id>`. */
  idempotencyKey: string;
  createdAt: Date;
}

/** The entry already made under this key in the pair, if any. */
export async function entryByKey(tx: Tx, pairId: string, key: string): Promise<EntryRow | null> {
  const [row] = await tx
    .select()
    .from(pointsEntries)
    .where(and(eq(pointsEntries.pairId, pairId), eq(pointsEntries.idempotencyKey, key)));
  return row ?? null;
}

/**
 * A retry of a write under the same key answers the entry it made, when it asks for the same thing; a key
 * used for something else is refused (422), never silently answered with another entry.
 */
export function sameRequest(prior: EntryRow, entry: Pick<NewEntry, 'kind' | 'amount' | 'madeBy'>): EntryRow {
  if (prior.kind !== entry.kind || prior.amount !== entry.amount || prior.madeBy !== entry.madeBy)
    throw idempotencyConflict(POINTS_TEXT.keyReused);
  return prior;
}

/**
 * Appends an entry. The caller holds the pair's lock (`lockPair`), has checked the balance and that the
 * key is new; the unique key (and, for a redemption's debit and refund, the unique pair of redemption and
 * kind) make a second entry impossible even so.
 */
export async function appendEntry(tx: Tx, entry: NewEntry): Promise<EntryRow> {
  const [row] = await tx
    .insert(pointsEntries)
    .values({ ...entry, rewardRedemptionId: entry.rewardRedemptionId ?? null })
    .returning();
  if (!row) throw new Error('points entry not written');
  return row;
}

/** Both partners refetch the pair's points, rewards and redemptions (ids only). */
export const announcePoints = (emit: Emit, pair: PairRow) =>
  emit([pair.dominantId, pair.submissiveId], 'points.changed', { pairId: pair.id });

/** A reason the ledger shows for an entry the app wrote, within its 200 characters. */
export const entryReason = (prefix: string, title: string) => `${prefix} "${title}"`.slice(0, 200);
