import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import {
  POINTS_PAGE,
  type PointsEntryView,
  type PointsLedgerView,
  REDEMPTION_PAGE,
  type RedemptionListView,
  type RedemptionView,
  type RewardListView,
  type RewardView,
} from '@/shared/schemas/points';
import type { Actor } from '../../auth/session';
import type { Queryable, Tx } from '../../db/client';
import { pairs, pointsEntries, rewardRedemptions, rewards } from '../../db/schema';
import { notFound } from '../../http/errors';
import { balanceOf } from '../pairs/pairs.points';
import { activePairIdBetween, type PairRow, pairColumns } from '../pairs/pairs.scope';

/* The reads of points and rewards (decision 067), and the pair lock every write of the ledger takes. */

const member = (userId: string) => or(eq(pairs.dominantId, userId), eq(pairs.submissiveId, userId));
const NO_PARTNER = 'No partner connection found';

export const presentEntry = (e: typeof pointsEntries.$inferSelect): PointsEntryView => ({
  id: e.id,
  pairId: e.pairId,
  amount: e.amount,
  reason: e.reason,
  kind: e.kind,
  madeBy: e.madeBy,
  rewardRedemptionId: e.rewardRedemptionId,
  createdAt: e.createdAt.getTime(),
});

export const presentReward = (r: typeof rewards.$inferSelect): RewardView => ({
  id: r.id,
  pairId: r.pairId,
  title: r.title,
  description: r.description,
  price: r.price,
  createdAt: r.createdAt.getTime(),
  updatedAt: r.updatedAt.getTime(),
});

export const presentRedemption = (
  r: typeof rewardRedemptions.$inferSelect,
  pair: PairRow,
): RedemptionView => ({
  id: r.id,
  pairId: r.pairId,
  dominantId: pair.dominantId,
  submissiveId: pair.submissiveId,
  rewardId: r.rewardId,
  title: r.title,
  price: r.price,
  state: r.state,
  requestNote: r.requestNote,
  decisionNote: r.decisionNote,
  requestedAt: r.requestedAt.getTime(),
  decidedAt: r.decidedAt?.getTime() ?? null,
});

/** The active pair of the actor and this partner (either role), for a read; 404 for anyone else. */
async function pairBetween(q: Queryable, actor: Actor, partnerId: string): Promise<PairRow> {
  const [pair] = await q
    .select(pairColumns)
    .from(pairs)
    .where(eq(pairs.id, activePairIdBetween(actor.id, partnerId)));
  if (!pair) throw notFound(NO_PARTNER);
  return pair;
}

/**
 * The pair's row, locked (FOR NO KEY UPDATE: it does not stop rows that merely reference the pair) while
 * the pair is active and the actor one of its members; 404 otherwise. Every write of the ledger takes it
 * first, so that checking the balance and inserting the entry happen one pair at a time; what it reads
 * next (the balance, a redemption's state) is read after the lock, by statements of their own.
 */
export async function lockPair(tx: Tx, actor: Actor, pairId: string, missing = NO_PARTNER): Promise<PairRow> {
  const [pair] = await tx
    .select(pairColumns)
    .from(pairs)
    .where(and(eq(pairs.id, pairId), eq(pairs.status, 'active'), member(actor.id)))
    .for('no key update');
  if (!pair) throw notFound(missing);
  return pair;
}

/** The active pair of the actor and this partner, locked as `lockPair` does. */
export async function lockPairBetween(tx: Tx, actor: Actor, partnerId: string): Promise<PairRow> {
  const [found] = await tx
    .select({ id: pairs.id })
    .from(pairs)
    .where(eq(pairs.id, activePairIdBetween(actor.id, partnerId)));
  if (!found) throw notFound(NO_PARTNER);
  return lockPair(tx, actor, found.id);
}

/** GET /api/points?partnerId=&before=: a page of the ledger, newest first, with the balance. */
export async function listLedger(
  db: Queryable,
  actor: Actor,
  query: { partnerId: string; before?: string | undefined },
): Promise<PointsLedgerView> {
  const pair = await pairBetween(db, actor, query.partnerId);
  const before = query.before
    ? sql`(${pointsEntries.createdAt}, ${pointsEntries.id}) < (select e.created_at, e.id from ${pointsEntries} e where e.id = ${query.before} and e.pair_id = ${pair.id})`
    : undefined;
  const rows = await db
    .select()
    .from(pointsEntries)
    .where(and(eq(pointsEntries.pairId, pair.id), before))
    .orderBy(desc(pointsEntries.createdAt), desc(pointsEntries.id))
    .limit(POINTS_PAGE + 1);
  const page = rows.slice(0, POINTS_PAGE);
  return {
    pairId: pair.id,
    dominantId: pair.dominantId,
    submissiveId: pair.submissiveId,
    balance: await balanceOf(db, pair.id),
    entries: page.map(presentEntry),
    nextBefore: rows.length > POINTS_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}

/** GET /api/rewards?partnerId=: the rewards offered, newest first, with the balance they are priced against. */
export async function listRewards(db: Queryable, actor: Actor, partnerId: string): Promise<RewardListView> {
  const pair = await pairBetween(db, actor, partnerId);
  const rows = await db
    .select()
    .from(rewards)
    .where(and(eq(rewards.pairId, pair.id), isNull(rewards.retiredAt)))
    .orderBy(desc(rewards.createdAt), desc(rewards.id));
  return { balance: await balanceOf(db, pair.id), rewards: rows.map(presentReward) };
}

/**
 * GET /api/redemptions?partnerId=&before=: a page of the pair's redemptions, newest first, keyed on
 * (requested_at, id). A `before` that is not one of this pair's answers an empty page, as the ledger does.
 */
export async function listRedemptions(
  db: Queryable,
  actor: Actor,
  query: { partnerId: string; before?: string | undefined },
): Promise<RedemptionListView> {
  const pair = await pairBetween(db, actor, query.partnerId);
  const before = query.before
    ? sql`(${rewardRedemptions.requestedAt}, ${rewardRedemptions.id}) < (select r.requested_at, r.id from ${rewardRedemptions} r where r.id = ${query.before} and r.pair_id = ${pair.id})`
    : undefined;
  const rows = await db
    .select()
    .from(rewardRedemptions)
    .where(and(eq(rewardRedemptions.pairId, pair.id), before))
    .orderBy(desc(rewardRedemptions.requestedAt), desc(rewardRedemptions.id))
    .limit(REDEMPTION_PAGE + 1);
  const page = rows.slice(0, REDEMPTION_PAGE);
  return {
    redemptions: page.map((r) => presentRedemption(r, pair)),
    nextBefore: rows.length > REDEMPTION_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Which pair a row (reward or redemption) belongs to, unlocked: the lock is taken on the pair next. */
export async function pairIdOf(
  q: Queryable,
  table: typeof rewards | typeof rewardRedemptions,
  id: string,
  missing: string,
): Promise<string> {
  const [row] = await q.select({ pairId: table.pairId }).from(table).where(eq(table.id, id));
  if (!row) throw notFound(missing);
  return row.pairId;
}
