import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { CheckinMood } from '@/shared/domain/checkins';
import { notify } from '@/shared/domain/notifications';
import {
  CHECKIN_TEXT,
  type CheckinAnswerInput,
  type CheckinInput,
  type CheckinsView,
} from '@/shared/schemas/checkins';
import type { Actor } from '../../auth/session';
import type { Queryable, Tx } from '../../db/client';
import { pairCheckins, pairs } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { forbidden, notFound } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';
import { createNotification } from '../notifications/notifications.service';
import { appendRecord } from '../pairs/pairs.record';
import { lockActivePairsOf, type PairOfActor } from '../pairs/pairs.service';

/**
 * Red called inside the answer's transaction for the pair with `partnerId`: the stops service's own
 * (`stopPairs`), handed in by the composition (a feature imports no other feature).
 */
export type CallRedIn = (
  deps: Pick<AppDeps, 'clock'>,
  tx: Tx,
  emit: Emit,
  actor: Pick<Actor, 'id'>,
  partnerId: string,
) => Promise<unknown>;

const partnerOf = (userId: string) =>
  sql<string>`case when ${pairs.dominantId} = ${userId} then ${pairs.submissiveId} else ${pairs.dominantId} end`;

/**
 * The open check-ins of the user's active pairs that concern them, newest first: the ones theirs to
 * answer, and the Yellow asks they wait on. A scheduled one of the partner's is not listed (nobody is
 * shown waiting on it).
 */
export async function listCheckins(db: Queryable, userId: string): Promise<CheckinsView> {
  const rows = await db
    .select({
      id: pairCheckins.id,
      pairId: pairCheckins.pairId,
      kind: pairCheckins.kind,
      askedBy: pairCheckins.askedBy,
      askedOf: pairCheckins.askedOf,
      askedAt: pairCheckins.askedAt,
      partnerId: partnerOf(userId),
    })
    .from(pairCheckins)
    .innerJoin(pairs, eq(pairs.id, pairCheckins.pairId))
    .where(
      and(
        isNull(pairCheckins.answeredAt),
        eq(pairs.status, 'active'),
        or(eq(pairCheckins.askedBy, userId), eq(pairCheckins.askedOf, userId)),
      ),
    )
    .orderBy(sql`${pairCheckins.askedAt} desc`, sql`${pairCheckins.id} desc`);
  return {
    checkins: rows.map((r) => ({
      id: r.id,
      pairId: r.pairId,
      partnerId: r.partnerId,
      kind: r.kind,
      askedByMe: r.askedBy === userId,
      forMe: r.askedOf === userId,
      askedAt: r.askedAt.getTime(),
    })),
  };
}

/**
 * Yellow in a transaction that holds the pairs: the partner of each pair is asked to check in by a safety
 * push, unless the actor's ask there is already open (asking twice is one ask). Answers the new ids.
 */
export async function askInPairs(
  deps: Pick<AppDeps, 'clock'>,
  tx: Tx,
  emit: Emit,
  actor: Pick<Actor, 'id'>,
  targets: PairOfActor[],
): Promise<{ id: string; pairId: string }[]> {
  if (targets.length === 0) return [];
  const now = deps.clock();
  const made = await tx
    .insert(pairCheckins)
    .values(
      targets.map((pair) => ({
        pairId: pair.id,
        kind: 'yellow' as const,
        askedBy: actor.id,
        askedOf: pair.partnerId,
        askedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: pairCheckins.id, pairId: pairCheckins.pairId });
  for (const pair of targets) {
    const asked = made.find((row) => row.pairId === pair.id);
    if (!asked) continue;
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'yellow.asked',
      data: { checkinId: asked.id },
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
  return made;
}

/**
 * Yellow (decision 049): the other partner of every active pair of the caller, or of the one with
 * `partnerId`, is asked to check in, at once, by a safety push ("Your partner asks you to check in", no
 * reason, through quiet hours). While the check-in is open, new assignments wait (PAIR_CHECKING_IN).
 */
export async function askCheckin(deps: AppDeps, actor: Actor, input: CheckinInput): Promise<CheckinsView> {
  return deps.publisher.transaction(async (tx, emit) => {
    const targets = await lockActivePairsOf(tx, actor.id, input.partnerId, CHECKIN_TEXT.noPartner);
    await askInPairs(deps, tx, emit, actor, targets);
    return listCheckins(tx, actor.id);
  });
}

/** What an answer did, for the pair's record: never the note. */
export interface CheckinAnswered {
  checkinId: string;
  pairId: string;
  mood: CheckinMood;
}

/**
 * The partner asked answers the check-in with a mood and an optional note, which closes it (decision
 * 052): Green closes it; Yellow closes it and asks the partner back (a Yellow the other way, which holds
 * new demands until they answer); Red closes it and calls Red for the answerer in that pair. The one who
 * asked cannot answer their own (403), nor a partner their partner's scheduled one; anyone outside the
 * active pair is told it does not exist (404). Answering one already answered changes nothing.
 */
export async function answerCheckin(
  deps: AppDeps,
  actor: Actor,
  input: { id: string } & CheckinAnswerInput,
  callRed: CallRedIn,
): Promise<CheckinsView & { answered: CheckinAnswered | null }> {
  return deps.publisher.transaction(async (tx, emit) => {
    const open = (lock: boolean) => {
      const query = tx
        .select({
          pairId: pairCheckins.pairId,
          kind: pairCheckins.kind,
          askedBy: pairCheckins.askedBy,
          askedOf: pairCheckins.askedOf,
          answeredAt: pairCheckins.answeredAt,
          partnerId: partnerOf(actor.id),
        })
        .from(pairCheckins)
        .innerJoin(pairs, eq(pairs.id, pairCheckins.pairId))
        .where(
          and(
            eq(pairCheckins.id, input.id),
            eq(pairs.status, 'active'),
            or(eq(pairs.dominantId, actor.id), eq(pairs.submissiveId, actor.id)),
          ),
        );
      return lock ? query.for('update', { of: pairCheckins }) : query;
    };
    const [seen] = await open(false);
    if (!seen) throw notFound(CHECKIN_TEXT.notFound);
    // The pair first, then the check-in: the order asking and Red take too.
    const [pair] = await lockActivePairsOf(tx, actor.id, seen.partnerId, CHECKIN_TEXT.notFound);
    const [found] = await open(true);
    if (!found || !pair) throw notFound(CHECKIN_TEXT.notFound);
    if (found.askedOf !== actor.id) {
      throw forbidden(found.askedBy === actor.id ? CHECKIN_TEXT.ownAsk : CHECKIN_TEXT.partners);
    }
    let answered: CheckinAnswered | null = null;
    if (found.answeredAt === null) {
      const note = input.note && input.note.length > 0 ? input.note : null;
      const now = deps.clock();
      await tx
        .update(pairCheckins)
        .set({ answeredAt: now, mood: input.mood, note })
        .where(eq(pairCheckins.id, input.id));
      // The record keeps the mood, never the note (decision 053).
      await appendRecord(tx, {
        pairId: pair.id,
        actorId: actor.id,
        kind: found.kind === 'yellow' ? 'yellow.answered' : 'checkin.answered',
        data: { checkinId: input.id, mood: input.mood },
        at: now,
      });
      emit([actor.id, pair.partnerId], 'pair.checkin_changed', { pairId: pair.id });
      if (input.mood === 'yellow') await askInPairs(deps, tx, emit, actor, [pair]);
      if (input.mood === 'red') await callRed(deps, tx, emit, actor, pair.partnerId);
      answered = { checkinId: input.id, pairId: pair.id, mood: input.mood };
    }
    return { ...(await listCheckins(tx, actor.id)), answered };
  });
}
