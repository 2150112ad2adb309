import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type createRewardInput,
  POINTS_TEXT,
  REWARDS_OFFERED_MAX,
  type RewardView,
  type updateRewardInput,
} from '@/shared/schemas/points';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { pairs, rewards } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, notFound } from '../../http/errors';
import { claimIdempotencyKey, type IdempotencyKey } from '../../http/idempotency';
import type { Emit } from '../../realtime/publisher';
import { announcePoints } from '../pairs/pairs.points';
import { requireSessionRole } from '../pairs/pairs.policy';
import { appendRecord } from '../pairs/pairs.record';
import type { PairRow } from '../pairs/pairs.scope';
import { lockPair, lockPairBetween, pairIdOf, presentReward } from './points.queries';

type CreateInput = z.output<typeof createRewardInput>;
type UpdateInput = z.output<typeof updateRewardInput>;

/*
 * The pair's catalogue of rewards (decision 067): the dominant adds, changes and retires them; both read
 * them. A reward asks nothing of the submissive, so nothing here is held by Red or Yellow.
 */

const requireKeeper = (actor: Actor, pair: PairRow) => {
  if (pair.dominantId !== actor.id) throw forbidden(POINTS_TEXT.onlyDominantRewards);
};

/** Every change of the catalogue: one record entry (ids and the price, never the texts), then the event. */
async function tell(
  tx: Tx,
  emit: Emit,
  change: { pair: PairRow; actor: Actor; at: Date },
  kind: 'reward.added' | 'reward.edited' | 'reward.retired' | 'reward.restored',
  data: { rewardId: string; price?: number },
) {
  await appendRecord(tx, { pairId: change.pair.id, actorId: change.actor.id, kind, data, at: change.at });
  announcePoints(emit, change.pair);
}

async function readReward(tx: Tx, id: string): Promise<RewardView> {
  const [row] = await tx.select().from(rewards).where(eq(rewards.id, id));
  if (!row) throw notFound(POINTS_TEXT.rewardNotFound);
  return presentReward(row);
}

/** POST /api/rewards: a reward for the pair with `partnerId`, at a price (the dominant only). */
export async function createReward(
  deps: AppDeps,
  actor: Actor,
  input: CreateInput,
  key: IdempotencyKey | null = null,
): Promise<RewardView> {
  requireSessionRole(actor, 'dominant', POINTS_TEXT.onlyDominantRewards);
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    const id = randomUUID();
    const prior = await claimIdempotencyKey(tx, key, id, now);
    if (prior) {
      const [row] = await tx
        .select({ id: rewards.id })
        .from(rewards)
        .innerJoin(pairs, and(eq(pairs.id, rewards.pairId), eq(pairs.status, 'active')))
        .where(and(eq(rewards.id, prior), eq(pairs.dominantId, actor.id)));
      if (!row) throw notFound(POINTS_TEXT.rewardNotFound);
      return readReward(tx, prior);
    }
    const pair = await lockPairBetween(tx, actor, input.partnerId);
    requireKeeper(actor, pair);
    await requireRoomForReward(tx, pair.id);
    await tx.insert(rewards).values({
      id,
      pairId: pair.id,
      title: input.title,
      description: input.description,
      price: input.price,
      createdAt: now,
      updatedAt: now,
    });
    await tell(tx, emit, { pair, actor, at: now }, 'reward.added', { rewardId: id, price: input.price });
    return readReward(tx, id);
  });
}

/** The pair offers fewer rewards than its cap (409 with the cap's message otherwise). */
async function requireRoomForReward(tx: Tx, pairId: string) {
  const [offered] = await tx
    .select({ n: count() })
    .from(rewards)
    .where(and(eq(rewards.pairId, pairId), isNull(rewards.retiredAt)));
  if ((offered?.n ?? 0) >= REWARDS_OFFERED_MAX) throw conflict(POINTS_TEXT.tooManyRewards);
}

/** A reward's pair, locked, for its dominant (403 for the submissive); 404 for anyone outside the pair. */
async function lockKeeperPair(tx: Tx, actor: Actor, id: string) {
  const pair = await lockPair(
    tx,
    actor,
    await pairIdOf(tx, rewards, id, POINTS_TEXT.rewardNotFound),
    POINTS_TEXT.rewardNotFound,
  );
  requireKeeper(actor, pair);
  return pair;
}

/** A reward still offered, with its pair locked, for the pair's dominant; 404 for anyone outside the pair. */
async function lockOffered(tx: Tx, actor: Actor, id: string) {
  const pair = await lockKeeperPair(tx, actor, id);
  const [reward] = await tx
    .select({ id: rewards.id })
    .from(rewards)
    .where(and(eq(rewards.id, id), isNull(rewards.retiredAt)));
  if (!reward) throw notFound(POINTS_TEXT.rewardNotFound);
  return pair;
}

/** PUT /api/rewards/:id: its title, description and price from now on; a redemption keeps its own. */
export async function updateReward(
  deps: AppDeps,
  actor: Actor,
  id: string,
  input: UpdateInput,
): Promise<RewardView> {
  requireSessionRole(actor, 'dominant', POINTS_TEXT.onlyDominantRewards);
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    const pair = await lockOffered(tx, actor, id);
    await tx
      .update(rewards)
      .set({ title: input.title, description: input.description, price: input.price, updatedAt: now })
      .where(eq(rewards.id, id));
    await tell(tx, emit, { pair, actor, at: now }, 'reward.edited', { rewardId: id, price: input.price });
    return readReward(tx, id);
  });
}

/**
 * DELETE /api/rewards/:id: the reward is no longer offered. It stays (its redemptions name it); one asked
 * for already is still granted or denied.
 */
export async function retireReward(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  requireSessionRole(actor, 'dominant', POINTS_TEXT.onlyDominantRewards);
  const now = deps.clock();
  await deps.publisher.transaction(async (tx, emit) => {
    const pair = await lockOffered(tx, actor, id);
    await tx.update(rewards).set({ retiredAt: now }).where(eq(rewards.id, id));
    await tell(tx, emit, { pair, actor, at: now }, 'reward.retired', { rewardId: id });
  });
}

/**
 * POST /api/rewards/:id/restore: a retired reward offered again, as it was (the dominant's Undo of Retire,
 * decision 095). Restoring one that is offered answers it unchanged; the cap of offered rewards holds.
 */
export async function restoreReward(deps: AppDeps, actor: Actor, id: string): Promise<RewardView> {
  requireSessionRole(actor, 'dominant', POINTS_TEXT.onlyDominantRewards);
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    const pair = await lockKeeperPair(tx, actor, id);
    const [row] = await tx.select({ retiredAt: rewards.retiredAt }).from(rewards).where(eq(rewards.id, id));
    if (!row) throw notFound(POINTS_TEXT.rewardNotFound);
    if (row.retiredAt) {
      await requireRoomForReward(tx, pair.id);
      await tx.update(rewards).set({ retiredAt: null, updatedAt: now }).where(eq(rewards.id, id));
      await tell(tx, emit, { pair, actor, at: now }, 'reward.restored', { rewardId: id });
    }
    return readReward(tx, id);
  });
}
