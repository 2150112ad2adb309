import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { normalizeCaps } from '@/shared/domain/caps';
import { customItemId, isCatalogueItem, type LimitAnswer, limitMatch } from '@/shared/domain/limits';
import { notify } from '@/shared/domain/notifications';
import {
  LIMIT_CUSTOM_MAX,
  LIMITS_TEXT,
  type LimitMatchView,
  type LimitsPairView,
  type LimitsView,
  type limitAnswerInput,
  type limitFinishInput,
  type limitItemInput,
} from '@/shared/schemas/limits';
import type { Actor } from '../../auth/session';
import type { Queryable, Tx } from '../../db/client';
import { readTogether } from '../../db/reads';
import { contracts, limitAnswers, limitCustomItems, limitLists, pairs } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';
import { createNotification } from '../notifications/notifications.service';
import { pauseCrossing } from '../pairs/pairs.limits';
import { appendRecord } from '../pairs/pairs.record';
import { lockActivePairsOf, type PairOfActor } from '../pairs/pairs.service';

/**
 * The user's limits in each of their active pairs (decision 055). Built from the user's own answers
 * and, only once both partners have finished, from the partner's answers reduced to the overlaps: a
 * partner's No, a Maybe that meets no Yes and any item only one of them answered never leave this
 * function. Every route answers with this view, for the caller only.
 */
export async function listLimits(db: Queryable, userId: string): Promise<LimitsView> {
  const active = await db
    .select({ id: pairs.id, dominantId: pairs.dominantId, submissiveId: pairs.submissiveId })
    .from(pairs)
    .where(and(eq(pairs.status, 'active'), or(eq(pairs.dominantId, userId), eq(pairs.submissiveId, userId))))
    .orderBy(asc(pairs.createdAt), asc(pairs.id));
  if (active.length === 0) return { pairs: [] };
  const pairIds = active.map((p) => p.id);
  // At once on the database; one after another when a write's transaction reads its answer.
  const [custom, answers, finished, contractCaps] = await readTogether(
    db,
    () =>
      db
        .select()
        .from(limitCustomItems)
        .where(inArray(limitCustomItems.pairId, pairIds))
        .orderBy(asc(limitCustomItems.addedAt), asc(limitCustomItems.id)),
    () =>
      db
        .select({
          pairId: limitAnswers.pairId,
          userId: limitAnswers.userId,
          itemId: limitAnswers.itemId,
          answer: limitAnswers.answer,
        })
        .from(limitAnswers)
        .where(inArray(limitAnswers.pairId, pairIds)),
    () =>
      db
        .select({ pairId: limitLists.pairId, userId: limitLists.userId })
        .from(limitLists)
        .where(inArray(limitLists.pairId, pairIds)),
    () =>
      db
        .select({ pairId: contracts.pairId, caps: contracts.capsInForce })
        .from(contracts)
        .where(inArray(contracts.pairId, pairIds)),
  );
  return {
    pairs: active.map((pair): LimitsPairView => {
      const partnerId = pair.dominantId === userId ? pair.submissiveId : pair.dominantId;
      const items = custom.filter((c) => c.pairId === pair.id);
      const offered = new Set(items.map((c) => customItemId(c.id)));
      const answersOf = (who: string) =>
        new Map(
          answers
            .filter((a) => a.pairId === pair.id && a.userId === who)
            .filter((a) => isCatalogueItem(a.itemId) || offered.has(a.itemId))
            .map((a) => [a.itemId, a.answer] as const),
        );
      const mine = answersOf(userId);
      const finishedByMe = finished.some((f) => f.pairId === pair.id && f.userId === userId);
      const finishedByPartner = finished.some((f) => f.pairId === pair.id && f.userId === partnerId);
      let matches: LimitMatchView[] | null = null;
      if (finishedByMe && finishedByPartner) {
        const theirs = answersOf(partnerId);
        matches = [];
        for (const [itemId, answer] of mine) {
          const match = limitMatch(answer, theirs.get(itemId) ?? null);
          if (match) matches.push({ itemId, match });
        }
      }
      return {
        pairId: pair.id,
        partnerId,
        custom: items.map((c) => ({ id: c.id, title: c.title, addedByMe: c.addedBy === userId })),
        mine: Object.fromEntries(mine) as Record<string, LimitAnswer>,
        finishedByMe,
        finishedByPartner,
        matches,
        capsInForce: normalizeCaps(contractCaps.find((c) => c.pairId === pair.id)?.caps),
      };
    }),
  };
}

const pairOf = async (tx: Tx, actor: Actor, partnerId: string): Promise<PairOfActor> => {
  const [pair] = await lockActivePairsOf(tx, actor.id, partnerId, LIMITS_TEXT.noPartner);
  if (!pair) throw new Error('unreachable: lockActivePairsOf refuses a missing partner');
  return pair;
};

/** Both partners refetch their own view; the event carries the pair's id only. */
const changed = (emit: Emit, actor: Actor, pair: PairOfActor) =>
  emit([actor.id, pair.partnerId], 'limits.changed', { pairId: pair.id });

/**
 * The user answers one item (Yes, Maybe, No) or clears it, at once. Never refused by Red or Yellow:
 * saying no is always allowed, so no stopped guard is called. Once the user has finished their list, a
 * change is noted in the pair's record as "changed their limits", never which item or which answer. A No
 * pauses every open task and punishment of the pair tagged with the item, and both are told alike.
 */
export async function answerLimit(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof limitAnswerInput>,
): Promise<LimitsView> {
  return deps.publisher.transaction(async (tx, emit) => {
    const pair = await pairOf(tx, actor, input.partnerId);
    if (!isCatalogueItem(input.itemId)) {
      const id = input.itemId.slice('custom:'.length);
      const [found] = await tx
        .select({ id: limitCustomItems.id })
        .from(limitCustomItems)
        .where(and(eq(limitCustomItems.id, id), eq(limitCustomItems.pairId, pair.id)));
      if (!found) throw notFound(LIMITS_TEXT.badItem);
    }
    const key = and(
      eq(limitAnswers.pairId, pair.id),
      eq(limitAnswers.userId, actor.id),
      eq(limitAnswers.itemId, input.itemId),
    );
    const [before] = await tx.select({ answer: limitAnswers.answer }).from(limitAnswers).where(key);
    if ((before?.answer ?? null) === input.answer) return listLimits(tx, actor.id);
    const now = deps.clock();
    if (input.answer === null) await tx.delete(limitAnswers).where(key);
    else
      await tx
        .insert(limitAnswers)
        .values({
          pairId: pair.id,
          userId: actor.id,
          itemId: input.itemId,
          answer: input.answer,
          answeredAt: now,
        })
        .onConflictDoUpdate({
          target: [limitAnswers.pairId, limitAnswers.userId, limitAnswers.itemId],
          set: { answer: input.answer, answeredAt: now },
        });
    const [list] = await tx
      .select({ at: limitLists.finishedAt })
      .from(limitLists)
      .where(and(eq(limitLists.pairId, pair.id), eq(limitLists.userId, actor.id)));
    if (list) await appendRecord(tx, { pairId: pair.id, actorId: actor.id, kind: 'limits.changed', at: now });
    // Tightened to No: what the pair has open that carries the item stops at once (decision 056).
    if (input.answer === 'no') await pauseCrossing(tx, emit, pair, input.itemId, now);
    changed(emit, actor, pair);
    return listLimits(tx, actor.id);
  });
}

/** Either partner adds an item of the pair's own: both see its title and answer it, each privately. */
export async function addLimitItem(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof limitItemInput>,
): Promise<LimitsView> {
  return deps.publisher.transaction(async (tx, emit) => {
    const pair = await pairOf(tx, actor, input.partnerId);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(limitCustomItems)
      .where(eq(limitCustomItems.pairId, pair.id));
    if ((count?.n ?? 0) >= LIMIT_CUSTOM_MAX) throw badRequest(LIMITS_TEXT.tooManyCustom);
    await tx
      .insert(limitCustomItems)
      .values({ pairId: pair.id, addedBy: actor.id, title: input.title, addedAt: deps.clock() });
    changed(emit, actor, pair);
    return listLimits(tx, actor.id);
  });
}

/**
 * The user marks their list finished. The partner is told that, and nothing of it; the record notes that
 * limits changed. Marking it again changes nothing.
 */
export async function finishLimits(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof limitFinishInput>,
): Promise<LimitsView> {
  return deps.publisher.transaction(async (tx, emit) => {
    const pair = await pairOf(tx, actor, input.partnerId);
    const now = deps.clock();
    const made = await tx
      .insert(limitLists)
      .values({ pairId: pair.id, userId: actor.id, finishedAt: now })
      .onConflictDoNothing()
      .returning({ pairId: limitLists.pairId });
    if (made.length > 0) {
      await appendRecord(tx, { pairId: pair.id, actorId: actor.id, kind: 'limits.changed', at: now });
      await createNotification(tx, emit, pair.partnerId, notify.limitsFinished({ pairId: pair.id }));
      changed(emit, actor, pair);
    }
    return listLimits(tx, actor.id);
  });
}
