import { and, asc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import { notify } from '@/shared/domain/notifications';
import {
  type aftercareWishesInput,
  NEGOTIATION_TEXT,
  type NegotiationPairView,
  type NegotiationView,
  type negotiationPartnerInput,
} from '@/shared/schemas/negotiation';
import type { Actor } from '../../auth/session';
import type { Queryable, Tx } from '../../db/client';
import { aftercareWishes, pairs } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { forbidden, notFound } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';
import { createNotification } from '../notifications/notifications.service';
import { appendRecord } from '../pairs/pairs.record';
import type { PairRow } from '../pairs/pairs.scope';
import { lockActivePairsOf, resolvePair } from '../pairs/pairs.service';

/**
 * The first negotiation of each of the user's active pairs (decision 058): whether the submissive has
 * confirmed it, and both partners' aftercare wishes, which the two of them read.
 */
export async function listNegotiation(db: Queryable, userId: string): Promise<NegotiationView> {
  const active = await db
    .select({
      id: pairs.id,
      dominantId: pairs.dominantId,
      submissiveId: pairs.submissiveId,
      confirmedAt: pairs.negotiationConfirmedAt,
    })
    .from(pairs)
    .where(and(eq(pairs.status, 'active'), or(eq(pairs.dominantId, userId), eq(pairs.submissiveId, userId))))
    .orderBy(asc(pairs.createdAt), asc(pairs.id));
  if (active.length === 0) return { pairs: [] };
  const wishes = await db
    .select({
      pairId: aftercareWishes.pairId,
      userId: aftercareWishes.userId,
      wishes: aftercareWishes.wishes,
    })
    .from(aftercareWishes)
    .where(
      inArray(
        aftercareWishes.pairId,
        active.map((p) => p.id),
      ),
    );
  const wishOf = (pairId: string, who: string) =>
    wishes.find((w) => w.pairId === pairId && w.userId === who)?.wishes ?? '';
  return {
    pairs: active.map((pair): NegotiationPairView => {
      const myRole = pair.submissiveId === userId ? 'submissive' : 'dominant';
      const partnerId = myRole === 'submissive' ? pair.dominantId : pair.submissiveId;
      return {
        pairId: pair.id,
        partnerId,
        myRole,
        confirmedAt: pair.confirmedAt?.getTime() ?? null,
        myAftercare: wishOf(pair.id, userId),
        partnerAftercare: wishOf(pair.id, partnerId),
      };
    }),
  };
}

/** Both partners refetch their own view; the event carries the pair's id only. */
const changed = (emit: Emit, pair: PairRow) =>
  emit([pair.dominantId, pair.submissiveId], 'negotiation.changed', { pairId: pair.id });

/**
 * The active pair in which the actor is the submissive and `partnerId` the dominant, locked against a
 * create that reads it (FOR SHARE) until the change commits. The pair's dominant is refused 403, anyone
 * else 404. A Switch whose pair in this direction was never formed forms it here, as the one who confirms.
 */
async function pairAsSubmissive(tx: Tx, actor: Actor, partnerId: string, form: boolean, now: Date) {
  const [found] = await tx
    .select({ id: pairs.id, dominantId: pairs.dominantId, submissiveId: pairs.submissiveId })
    .from(pairs)
    .where(and(eq(pairs.status, 'active'), eq(pairs.submissiveId, actor.id), eq(pairs.dominantId, partnerId)))
    .for('no key update');
  if (found) return found;
  if (form && actor.role !== 'dominant') {
    const formed = await resolvePair(tx, actor.id, 'submissive', partnerId, now);
    if (formed) return formed;
  }
  const [asDominant] = await tx
    .select({ id: pairs.id })
    .from(pairs)
    .where(
      and(eq(pairs.status, 'active'), eq(pairs.dominantId, actor.id), eq(pairs.submissiveId, partnerId)),
    );
  if (asDominant) throw forbidden(NEGOTIATION_TEXT.onlySubmissive);
  throw notFound(NEGOTIATION_TEXT.noPartner);
}

/**
 * The submissive confirms the pair's first negotiation: from now on the dominant can assign (decision 058).
 * The dominant is told; the record notes it. Confirming again changes nothing. Allowed while Red or Yellow
 * holds the pair: confirming asks nothing of anyone, and the hold still holds.
 */
export const confirmNegotiation = (
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof negotiationPartnerInput>,
): Promise<NegotiationView> => setConfirmed(deps, actor, input.partnerId, true);

/**
 * The submissive withdraws their confirmation, at any time and at no cost: new assignments wait again until
 * they confirm anew; nothing that exists changes (decision 058). Never refused by Red or Yellow. The
 * dominant sees it on the dashboard and in the record; no push is sent.
 */
export const withdrawNegotiation = (
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof negotiationPartnerInput>,
): Promise<NegotiationView> => setConfirmed(deps, actor, input.partnerId, false);

/**
 * Confirms or withdraws: only a pair whose state changes is written, noted in the record and announced (a
 * second tap is not a second confirmation); a confirmation alone tells the dominant.
 */
function setConfirmed(deps: AppDeps, actor: Actor, partnerId: string, confirm: boolean) {
  return deps.publisher.transaction(async (tx, emit) => {
    const now = deps.clock();
    const pair = await pairAsSubmissive(tx, actor, partnerId, confirm, now);
    const confirmedAt = pairs.negotiationConfirmedAt;
    const changedRows = await tx
      .update(pairs)
      .set({ negotiationConfirmedAt: confirm ? now : null })
      .where(and(eq(pairs.id, pair.id), confirm ? isNull(confirmedAt) : isNotNull(confirmedAt)))
      .returning({ id: pairs.id });
    if (changedRows.length > 0) {
      const kind = confirm ? 'negotiation.confirmed' : 'negotiation.withdrawn';
      await appendRecord(tx, { pairId: pair.id, actorId: actor.id, kind, at: now });
      if (confirm) {
        await createNotification(tx, emit, pair.dominantId, notify.negotiationConfirmed({ pairId: pair.id }));
      }
      changed(emit, pair);
    }
    return listNegotiation(tx, actor.id);
  });
}

/**
 * Either partner writes their own aftercare wishes for the pair (or every pair with this partner, for two
 * Switches with one each way); empty is "none yet". The record notes that they changed, never what they say.
 */
export async function setAftercareWishes(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof aftercareWishesInput>,
): Promise<NegotiationView> {
  return deps.publisher.transaction(async (tx, emit) => {
    const now = deps.clock();
    const found = await lockActivePairsOf(tx, actor.id, input.partnerId, NEGOTIATION_TEXT.noPartner);
    for (const pair of found) {
      const key = and(eq(aftercareWishes.pairId, pair.id), eq(aftercareWishes.userId, actor.id));
      const [before] = await tx.select({ wishes: aftercareWishes.wishes }).from(aftercareWishes).where(key);
      if ((before?.wishes ?? '') === input.wishes) continue;
      if (input.wishes === '') await tx.delete(aftercareWishes).where(key);
      else
        await tx
          .insert(aftercareWishes)
          .values({ pairId: pair.id, userId: actor.id, wishes: input.wishes, updatedAt: now })
          .onConflictDoUpdate({
            target: [aftercareWishes.pairId, aftercareWishes.userId],
            set: { wishes: input.wishes, updatedAt: now },
          });
      await appendRecord(tx, {
        pairId: pair.id,
        actorId: actor.id,
        kind: 'negotiation.wishes_changed',
        at: now,
      });
      changed(emit, pair);
    }
    return listNegotiation(tx, actor.id);
  });
}
