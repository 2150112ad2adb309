import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { notify } from '@/shared/domain/notifications';
import {
  type decideRedemptionInput,
  POINTS_TEXT,
  type RedemptionAnswer,
  type redeemRewardInput,
} from '@/shared/schemas/points';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { pairs, rewardRedemptions, rewards } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, notFound } from '../../http/errors';
import { claimIdempotencyKey, type IdempotencyKey } from '../../http/idempotency';
import { createNotification } from '../notifications/notifications.service';
import { announcePoints, appendEntry, balanceOf, entryReason } from '../pairs/pairs.points';
import { requireSessionRole } from '../pairs/pairs.policy';
import { appendRecord } from '../pairs/pairs.record';
import { type PairRow, pairColumns } from '../pairs/pairs.scope';
import { lockPair, pairIdOf, presentRedemption } from './points.queries';

type RedeemInput = z.output<typeof redeemRewardInput>;
type DecideInput = z.output<typeof decideRedemptionInput>;

/*
 * Redemptions (decision 067): the submissive asks for a reward, paying its price at once through a ledger
 * entry; the dominant grants or denies it, and a denial refunds the price through a new entry, once.
 * Nothing is held by Red or Yellow (asking costs the submissive nothing they did not choose to spend) and
 * nothing is ever taken or decided automatically.
 */

async function readRedemption(tx: Tx, id: string, pair: PairRow): Promise<RedemptionAnswer> {
  const [row] = await tx.select().from(rewardRedemptions).where(eq(rewardRedemptions.id, id));
  if (!row) throw notFound(POINTS_TEXT.redemptionNotFound);
  return { redemption: presentRedemption(row, pair), balance: await balanceOf(tx, pair.id) };
}

/** POST /api/rewards/:id/redeem: 409 when the balance is short of the price; the dominant is told. */
export async function redeemReward(
  deps: AppDeps,
  actor: Actor,
  rewardId: string,
  input: RedeemInput,
  key: IdempotencyKey | null = null,
): Promise<RedemptionAnswer> {
  requireSessionRole(actor, 'submissive', POINTS_TEXT.onlySubmissiveRedeems);
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    // A retry of the same request (its Idempotency-Key) answers the redemption it made while the pair lasts.
    const id = randomUUID();
    const prior = await claimIdempotencyKey(tx, key, id, now);
    if (prior) {
      const [found] = await tx
        .select(pairColumns)
        .from(rewardRedemptions)
        .innerJoin(pairs, and(eq(pairs.id, rewardRedemptions.pairId), eq(pairs.status, 'active')))
        .where(and(eq(rewardRedemptions.id, prior), eq(pairs.submissiveId, actor.id)));
      if (!found) throw notFound(POINTS_TEXT.redemptionNotFound);
      return readRedemption(tx, prior, found);
    }
    const pairId = await pairIdOf(tx, rewards, rewardId, POINTS_TEXT.rewardNotFound);
    const pair = await lockPair(tx, actor, pairId, POINTS_TEXT.rewardNotFound);
    if (pair.submissiveId !== actor.id) throw forbidden(POINTS_TEXT.onlySubmissiveRedeems);
    // Read after the lock: another redemption of the pair has committed or not begun.
    const [reward] = await tx.select().from(rewards).where(eq(rewards.id, rewardId));
    if (!reward) throw notFound(POINTS_TEXT.rewardNotFound);
    if (reward.retiredAt) throw conflict(POINTS_TEXT.rewardRetired);
    const balance = await balanceOf(tx, pair.id);
    if (balance < reward.price)
      throw conflict(`${POINTS_TEXT.notEnoughPoints}: it costs ${reward.price}, the balance is ${balance}`);
    await tx.insert(rewardRedemptions).values({
      id,
      pairId: pair.id,
      rewardId,
      title: reward.title,
      price: reward.price,
      requestNote: input.note,
      requestedAt: now,
    });
    await appendEntry(tx, {
      pairId: pair.id,
      amount: -reward.price,
      reason: entryReason('Redeemed', reward.title),
      kind: 'redemption',
      madeBy: actor.id,
      rewardRedemptionId: id,
      idempotencyKey: `redemption:${id}`,
      createdAt: now,
    });
    await createNotification(
      tx,
      emit,
      pair.dominantId,
      notify.rewardRedeemed({
        by: actor.name,
        title: reward.title,
        price: reward.price,
        redemptionId: id,
        rewardId,
        pairId: pair.id,
        partnerId: pair.submissiveId,
      }),
    );
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'reward.redeemed',
      data: { redemptionId: id, rewardId, price: reward.price },
      at: now,
    });
    announcePoints(emit, pair);
    return readRedemption(tx, id, pair);
  });
}

/**
 * POST /api/redemptions/:id/grant or /deny: the dominant decides a request once (409 for a second
 * decision); a denial refunds the price through a new entry, which the ledger's unique (redemption, kind)
 * makes possible only once. The submissive is told.
 */
export async function decideRedemption(
  deps: AppDeps,
  actor: Actor,
  id: string,
  input: DecideInput,
  decision: 'granted' | 'denied',
): Promise<RedemptionAnswer> {
  requireSessionRole(actor, 'dominant', POINTS_TEXT.onlyDominantDecides);
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    const pairId = await pairIdOf(tx, rewardRedemptions, id, POINTS_TEXT.redemptionNotFound);
    const pair = await lockPair(tx, actor, pairId, POINTS_TEXT.redemptionNotFound);
    if (pair.dominantId !== actor.id) throw forbidden(POINTS_TEXT.onlyDominantDecides);
    const [row] = await tx.select().from(rewardRedemptions).where(eq(rewardRedemptions.id, id));
    if (!row) throw notFound(POINTS_TEXT.redemptionNotFound);
    if (row.state !== 'requested') throw conflict(POINTS_TEXT.alreadyDecided);
    await tx
      .update(rewardRedemptions)
      .set({ state: decision, decisionNote: input.note, decidedAt: now })
      .where(eq(rewardRedemptions.id, id));
    if (decision === 'denied')
      await appendEntry(tx, {
        pairId: pair.id,
        amount: row.price,
        reason: entryReason('Refund for', row.title),
        kind: 'refund',
        madeBy: actor.id,
        rewardRedemptionId: id,
        idempotencyKey: `refund:${id}`,
        createdAt: now,
      });
    const facts = {
      by: actor.name,
      title: row.title,
      price: row.price,
      redemptionId: id,
      rewardId: row.rewardId,
      pairId: pair.id,
      partnerId: pair.dominantId,
    };
    await createNotification(
      tx,
      emit,
      pair.submissiveId,
      decision === 'granted' ? notify.redemptionGranted(facts) : notify.redemptionDenied(facts),
    );
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: decision === 'granted' ? 'reward.granted' : 'reward.denied',
      data: {
        redemptionId: id,
        rewardId: row.rewardId,
        ...(decision === 'denied' ? { refund: row.price } : {}),
      },
      at: now,
    });
    announcePoints(emit, pair);
    return readRedemption(tx, id, pair);
  });
}
