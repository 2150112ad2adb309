import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { notify } from '@/shared/domain/notifications';
import {
  type awardPointsInput,
  type correctPointsInput,
  POINTS_TEXT,
  type PointsEntryAnswer,
} from '@/shared/schemas/points';
import type { Actor } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { conflict, forbidden } from '../../http/errors';
import { createNotification } from '../notifications/notifications.service';
import { announcePoints, appendEntry, balanceOf, entryByKey, sameRequest } from '../pairs/pairs.points';
import { requireSessionRole } from '../pairs/pairs.policy';
import { appendRecord } from '../pairs/pairs.record';
import { lockPairBetween, presentEntry } from './points.queries';

type AwardInput = z.output<typeof awardPointsInput>;
type CorrectInput = z.output<typeof correctPointsInput>;

/**
 * The dominant awards points (`correction: false`, 1..10,000) or corrects the balance either way
 * (`correction: true`), with a reason. Never held by Red or Yellow: it asks nothing of anyone. Under the
 * pair's lock: a key already used in the pair answers its entry (also when sent twice at once: the second
 * waits for the lock, then finds it); a correction that would take the balance below zero is 409. The
 * submissive is told; nothing is ever taken from the balance but by a correction someone makes.
 */
async function writeByDominant(
  deps: AppDeps,
  actor: Actor,
  input: AwardInput | CorrectInput,
  correction: boolean,
  key: string | null,
): Promise<PointsEntryAnswer> {
  requireSessionRole(actor, 'dominant', POINTS_TEXT.onlyDominantAwards);
  const now = deps.clock();
  const kind = correction ? 'correction' : 'award';
  return deps.publisher.transaction(async (tx, emit) => {
    const pair = await lockPairBetween(tx, actor, input.partnerId);
    if (pair.dominantId !== actor.id) throw forbidden(POINTS_TEXT.onlyDominantAwards);
    const idempotencyKey = key ?? randomUUID();
    const asked = { kind, amount: input.amount, madeBy: actor.id } as const;
    const prior = key ? await entryByKey(tx, pair.id, key) : null;
    if (prior)
      return { entry: presentEntry(sameRequest(prior, asked)), balance: await balanceOf(tx, pair.id) };
    const balance = await balanceOf(tx, pair.id);
    if (balance + input.amount < 0) throw conflict(POINTS_TEXT.belowZero);
    const entry = await appendEntry(tx, {
      ...asked,
      pairId: pair.id,
      reason: input.reason,
      idempotencyKey,
      createdAt: now,
    });
    await createNotification(
      tx,
      emit,
      pair.submissiveId,
      notify.pointsAwarded({
        by: actor.name,
        amount: input.amount,
        reason: input.reason,
        correction,
        entryId: entry.id,
        pairId: pair.id,
        partnerId: pair.dominantId,
      }),
    );
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: correction ? 'points.corrected' : 'points.awarded',
      data: { entryId: entry.id, amount: input.amount },
      at: now,
    });
    announcePoints(emit, pair);
    return { entry: presentEntry(entry), balance: balance + input.amount };
  });
}

/** POST /api/points/award */
export const awardPoints = (deps: AppDeps, actor: Actor, input: AwardInput, key: string | null) =>
  writeByDominant(deps, actor, input, false, key);

/** POST /api/points/correction */
export const correctPoints = (deps: AppDeps, actor: Actor, input: CorrectInput, key: string | null) =>
  writeByDominant(deps, actor, input, true, key);
