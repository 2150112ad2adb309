import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { notify } from '@/shared/domain/notifications';
import { CHECKIN_TEXT, type CheckinInput, type CheckinsView } from '@/shared/schemas/checkins';
import type { Actor } from '../../auth/session';
import type { Queryable } from '../../db/client';
import { pairCheckins, pairs } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { forbidden, notFound } from '../../http/errors';
import { createNotification } from '../notifications/notifications.service';
import { appendRecord } from '../pairs/pairs.record';
import { lockActivePairsOf } from '../pairs/pairs.service';

const member = (userId: string) => or(eq(pairs.dominantId, userId), eq(pairs.submissiveId, userId));

/** The open check-ins of the user's active pairs, newest first. */
export async function listCheckins(db: Queryable, userId: string): Promise<CheckinsView> {
  const rows = await db
    .select({
      id: pairCheckins.id,
      pairId: pairCheckins.pairId,
      askedBy: pairCheckins.askedBy,
      askedAt: pairCheckins.askedAt,
      partnerId: sql<string>`case when ${pairs.dominantId} = ${userId} then ${pairs.submissiveId} else ${pairs.dominantId} end`,
    })
    .from(pairCheckins)
    .innerJoin(pairs, eq(pairs.id, pairCheckins.pairId))
    .where(and(isNull(pairCheckins.answeredAt), eq(pairs.status, 'active'), member(userId)))
    .orderBy(sql`${pairCheckins.askedAt} desc`, sql`${pairCheckins.id} desc`);
  return {
    checkins: rows.map((r) => ({
      id: r.id,
      pairId: r.pairId,
      partnerId: r.partnerId,
      askedByMe: r.askedBy === userId,
      askedAt: r.askedAt.getTime(),
    })),
  };
}

/**
 * Yellow (decision 049): the other partner of every active pair of the caller, or of the one with
 * `partnerId`, is asked to check in, at once, by a safety push ("Your partner asks you to check in", no
 * reason, through quiet hours). While the check-in is open, new assignments wait (PAIR_CHECKING_IN). A
 * check-in the caller already has open in a pair stays as it is: asking twice is one ask, one push.
 */
export async function askCheckin(deps: AppDeps, actor: Actor, input: CheckinInput): Promise<CheckinsView> {
  return deps.publisher.transaction(async (tx, emit) => {
    const targets = await lockActivePairsOf(tx, actor.id, input.partnerId, CHECKIN_TEXT.noPartner);
    if (targets.length > 0) {
      const now = deps.clock();
      const made = await tx
        .insert(pairCheckins)
        .values(targets.map((pair) => ({ pairId: pair.id, askedBy: actor.id, askedAt: now })))
        .onConflictDoNothing()
        .returning({ id: pairCheckins.id, pairId: pairCheckins.pairId });
      for (const pair of targets) {
        const asked = made.find((row) => row.pairId === pair.id);
        if (!asked) continue;
        const checkinId = asked.id;
        await appendRecord(tx, {
          pairId: pair.id,
          actorId: actor.id,
          kind: 'yellow.asked',
          data: { checkinId },
          at: now,
        });
        await createNotification(
          tx,
          emit,
          pair.partnerId,
          notify.checkinAsked({ pairId: pair.id, checkinId: asked.id }),
        );
        emit([actor.id, pair.partnerId], 'pair.checkin_changed', { pairId: pair.id });
      }
    }
    return listCheckins(tx, actor.id);
  });
}

/**
 * The partner who was asked answers the check-in, which closes it: new assignments can be made again. The
 * one who asked cannot answer their own (403); anyone outside the active pair is told it does not exist
 * (404). Answering one already answered changes nothing.
 */
export async function answerCheckin(
  deps: AppDeps,
  actor: Actor,
  input: { id: string },
): Promise<CheckinsView> {
  return deps.publisher.transaction(async (tx, emit) => {
    const [found] = await tx
      .select({
        pairId: pairCheckins.pairId,
        askedBy: pairCheckins.askedBy,
        answeredAt: pairCheckins.answeredAt,
      })
      .from(pairCheckins)
      .innerJoin(pairs, eq(pairs.id, pairCheckins.pairId))
      .where(and(eq(pairCheckins.id, input.id), eq(pairs.status, 'active'), member(actor.id)))
      .for('update', { of: pairCheckins });
    if (!found) throw notFound(CHECKIN_TEXT.notFound);
    if (found.askedBy === actor.id) throw forbidden(CHECKIN_TEXT.ownAsk);
    if (found.answeredAt === null) {
      const now = deps.clock();
      await tx.update(pairCheckins).set({ answeredAt: now }).where(eq(pairCheckins.id, input.id));
      await appendRecord(tx, {
        pairId: found.pairId,
        actorId: actor.id,
        kind: 'yellow.answered',
        data: { checkinId: input.id },
        at: now,
      });
      emit([actor.id, found.askedBy], 'pair.checkin_changed', { pairId: found.pairId });
    }
    return listCheckins(tx, actor.id);
  });
}
