import { and, eq, sql } from 'drizzle-orm';
import { POINTS_TEXT, type PointsEntryKind } from '@/shared/schemas/points';
import type { Queryable, Tx } from '../../db/client';
import { pairs, pointsEntries } from '../../db/schema';
import { idempotencyConflict } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';
import type { PairRow } from './pairs.scope';

/*
 * The pair's points ledger (decision 067): one INSERT, never an UPDATE or a DELETE (the database refuses
 * both). It lives with the pair, as its record does, because more than the points module writes it: a
 * task's or a ritual's default award is made where the completion is (decision 075).
 */

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

/** The pair's balance: the sum of its entries (read after the pair lock in a write). */
export async function balanceOf(q: Queryable, pairId: string): Promise<number> {
  const [row] = await q
    .select({ n: sql<string | null>`sum(${pointsEntries.amount})` })
    .from(pointsEntries)
    .where(eq(pointsEntries.pairId, pairId));
  return Number(row?.n ?? 0);
}

export interface DefaultAward {
  amount: number;
  reason: string;
  /** One per completion: `task-completion:<id>`, `ritual:<id>:<date>`. */
  idempotencyKey: string;
  /** The dominant, who set the award. */
  madeBy: string;
  createdAt: Date;
}

/**
 * A default award for something completed (a task's, a ritual's day): made once under its key, however
 * often the completion is retried or changed. It takes the pair's lock (FOR NO KEY UPDATE, as every write
 * of the ledger does), so two completions at once make two entries and the same one twice makes one.
 * Answers the entry it made, or null when the key was already used or the amount is 0; both partners
 * refetch the points when it made one.
 */
export async function awardOnce(
  tx: Tx,
  emit: Emit,
  pair: PairRow,
  award: DefaultAward,
): Promise<EntryRow | null> {
  if (award.amount <= 0) return null;
  await tx.select({ id: pairs.id }).from(pairs).where(eq(pairs.id, pair.id)).for('no key update');
  if (await entryByKey(tx, pair.id, award.idempotencyKey)) return null;
  const entry = await appendEntry(tx, { ...award, pairId: pair.id, kind: 'award' });
  announcePoints(emit, pair);
  return entry;
}
