import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { notify } from '@/shared/domain/notifications';
import { STOP_TEXT, type StopInput, type StopsView } from '@/shared/schemas/stops';
import type { Actor } from '../../auth/session';
import type { Queryable, Tx } from '../../db/client';
import { pairStops, pairs } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';
import { createNotification } from '../notifications/notifications.service';
import { askAftercare } from '../pairs/pairs.aftercare';
import { appendRecord } from '../pairs/pairs.record';
import { lockActivePairsOf, type PairOfActor } from '../pairs/pairs.service';
import { giveTimeBack, markStopped, pauseTimers, stillStopped } from './stops.time';

/** The open stops of the user's active pairs, newest first. */
export async function listStops(db: Queryable, userId: string): Promise<StopsView> {
  const rows = await db
    .select({
      id: pairStops.id,
      pairId: pairStops.pairId,
      calledBy: pairStops.calledBy,
      calledAt: pairStops.calledAt,
      stoppedSince: pairs.stoppedSince,
      partnerId: sql<string>`case when ${pairs.dominantId} = ${userId} then ${pairs.submissiveId} else ${pairs.dominantId} end`,
    })
    .from(pairStops)
    .innerJoin(pairs, eq(pairs.id, pairStops.pairId))
    .where(
      and(
        isNull(pairStops.liftedAt),
        eq(pairs.status, 'active'),
        or(eq(pairs.dominantId, userId), eq(pairs.submissiveId, userId)),
      ),
    )
    .orderBy(sql`${pairStops.calledAt} desc`, sql`${pairStops.id} desc`);
  return {
    stops: rows.map((r) => ({
      id: r.id,
      pairId: r.pairId,
      partnerId: r.partnerId,
      calledByMe: r.calledBy === userId,
      calledAt: r.calledAt.getTime(),
      // Set by the stop that found the pair running; an open stop always has it (else its own call).
      stoppedSince: (r.stoppedSince ?? r.calledAt).getTime(),
    })),
  };
}

const tell = async (tx: Tx, emit: Emit, actorId: string, pair: PairOfActor, lifted: boolean) => {
  await createNotification(
    tx,
    emit,
    pair.partnerId,
    lifted ? notify.redLifted({ pairId: pair.id }) : notify.redCalled({ pairId: pair.id }),
  );
  emit([actorId, pair.partnerId], 'pair.stop_changed', { pairId: pair.id });
};

/**
 * Red (decision 049): every active pair of the caller, or the one with `partnerId`, is stopped at once. A
 * pair the caller had already stopped stays as it is (one open stop per caller and pair); the partner of
 * each newly stopped pair is told. The pair's clock stops: its running timers pause with what they had
 * left, and it is marked stopped since now unless a stop of the partner's already holds it.
 */
export async function callRed(deps: AppDeps, actor: Actor, input: StopInput): Promise<StopsView> {
  return deps.publisher.transaction(async (tx, emit) => {
    await stopPairs(deps, tx, emit, actor, input.partnerId);
    return listStops(tx, actor.id);
  });
}

/**
 * Red inside a transaction the caller already holds: the one way a pair is stopped, also when a check-in
 * is answered Red (decision 052). Answers the ids of the pairs it newly stopped.
 */
export async function stopPairs(
  deps: Pick<AppDeps, 'clock'>,
  tx: Tx,
  emit: Emit,
  actor: Pick<Actor, 'id'>,
  partnerId: string | undefined,
): Promise<string[]> {
  const targets = await lockActivePairsOf(tx, actor.id, partnerId, STOP_TEXT.noPartner);
  if (targets.length === 0) return [];
  const now = deps.clock();
  const made = await tx
    .insert(pairStops)
    .values(targets.map((pair) => ({ pairId: pair.id, calledBy: actor.id, calledAt: now })))
    .onConflictDoNothing()
    .returning({ id: pairStops.id, pairId: pairStops.pairId });
  const stopped = new Map(made.map((row) => [row.pairId, row.id]));
  for (const pair of targets) {
    const stopId = stopped.get(pair.id);
    if (!stopId) continue;
    await markStopped(tx, pair.id, now);
    await pauseTimers(tx, emit, pair, now);
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'red.called',
      data: { stopId },
      at: now,
    });
    await tell(tx, emit, actor.id, pair, false);
  }
  return [...stopped.keys()];
}

/**
 * Lifts the caller's own open stops (all, or the one with `partnerId`). A stop called by the partner is
 * never lifted here: without one of the actor's own, the answer is 404 and nothing changes. A pair left
 * with no stop open has its time given back (due times moved on by the stretch it was stopped) and its
 * held pushes released; paused timers stay paused until the submissive starts them again. Every lift asks
 * both partners for aftercare.
 */
export async function liftRed(deps: AppDeps, actor: Actor, input: StopInput): Promise<StopsView> {
  return deps.publisher.transaction(async (tx, emit) => {
    const targets = await lockActivePairsOf(tx, actor.id, input.partnerId, STOP_TEXT.noPartner);
    const ids = targets.map((pair) => pair.id);
    const now = deps.clock();
    const lifted =
      ids.length === 0
        ? []
        : await tx
            .update(pairStops)
            .set({ liftedAt: now })
            .where(
              and(
                inArray(pairStops.pairId, ids),
                eq(pairStops.calledBy, actor.id),
                isNull(pairStops.liftedAt),
              ),
            )
            .returning({ id: pairStops.id, pairId: pairStops.pairId });
    if (lifted.length === 0) throw notFound(STOP_TEXT.notYours);
    const done = new Map(lifted.map((row) => [row.pairId, row.id]));
    const held = await stillStopped(tx, [...done.keys()]);
    for (const pair of targets) {
      const stopId = done.get(pair.id);
      if (!stopId) continue;
      if (!held.has(pair.id)) await giveTimeBack(tx, emit, pair, now);
      await appendRecord(tx, {
        pairId: pair.id,
        actorId: actor.id,
        kind: 'red.lifted',
        data: { stopId, pairStillStopped: held.has(pair.id) },
        at: now,
      });
      await tell(tx, emit, actor.id, pair, true);
      // Lifting asks both partners for aftercare (decisions 049, 054).
      await askAftercare(tx, emit, pair, 'red_lift', null, now);
    }
    return listStops(tx, actor.id);
  });
}
