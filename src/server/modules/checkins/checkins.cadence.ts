import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { nextCheckinAt } from '@/shared/domain/checkins';
import {
  type CadencesView,
  type CadenceView,
  CHECKIN_TEXT,
  type cadenceInput,
} from '@/shared/schemas/checkins';
import type { Actor } from '../../auth/session';
import type { Queryable } from '../../db/client';
import { pairCheckinCadences, pairCheckins, pairs } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { appendRecord } from '../pairs/pairs.record';
import { lockActivePairsOf } from '../pairs/pairs.service';

/** A pair nobody has set a cadence for: off, at a time the form starts from. */
const DEFAULT_TIME = '20:00';

/**
 * The cadence of each of the user's active pairs (decision 052), as both partners see it: how often, at
 * what time in whose zone, who set it and when. A pair nobody has set is off.
 */
export async function listCadences(db: Queryable, userId: string): Promise<CadencesView> {
  const rows = await db
    .select({
      pairId: pairs.id,
      partnerId: sql<string>`case when ${pairs.dominantId} = ${userId} then ${pairs.submissiveId} else ${pairs.dominantId} end`,
      frequency: pairCheckinCadences.frequency,
      weekday: pairCheckinCadences.weekday,
      time: pairCheckinCadences.localTime,
      timeZone: pairCheckinCadences.timeZone,
      setBy: pairCheckinCadences.setBy,
      setAt: pairCheckinCadences.setAt,
      nextAt: pairCheckinCadences.nextAt,
    })
    .from(pairs)
    .leftJoin(pairCheckinCadences, eq(pairCheckinCadences.pairId, pairs.id))
    .where(and(eq(pairs.status, 'active'), or(eq(pairs.dominantId, userId), eq(pairs.submissiveId, userId))))
    .orderBy(pairs.createdAt, pairs.id);
  return {
    cadences: rows.map(
      (r): CadenceView => ({
        pairId: r.pairId,
        partnerId: r.partnerId,
        frequency: r.frequency ?? 'off',
        weekday: r.weekday ?? null,
        time: r.time ?? DEFAULT_TIME,
        timeZone: r.timeZone ?? null,
        setByMe: r.setBy === null ? null : r.setBy === userId,
        setAt: r.setAt?.getTime() ?? null,
        nextAt: r.nextAt?.getTime() ?? null,
      }),
    ),
  };
}

/**
 * Either partner sets the pair's cadence, or turns it off (decision 052); the last to set it is shown to
 * both, with when. The time is kept in the setter's zone, so 20:00 stays 20:00 on their clock through a
 * change of daylight saving. Turning it off also closes a scheduled check-in still open: off means nothing
 * is asked. Setting a cadence asks nothing by itself, so Red and Yellow do not refuse it.
 */
export async function setCadence(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof cadenceInput>,
): Promise<CadencesView> {
  return deps.publisher.transaction(async (tx, emit) => {
    const [pair] = await lockActivePairsOf(tx, actor.id, input.partnerId, CHECKIN_TEXT.noPartner);
    if (!pair) throw new Error('unreachable: lockActivePairsOf refuses a missing partner');
    const now = deps.clock();
    const weekday = input.frequency === 'weekly' ? (input.weekday ?? null) : null;
    const cadence = { frequency: input.frequency, weekday, time: input.time, timeZone: input.timeZone };
    const next = nextCheckinAt(cadence, now.getTime());
    const values = {
      frequency: input.frequency,
      weekday,
      localTime: input.time,
      timeZone: input.timeZone,
      setBy: actor.id,
      setAt: now,
      nextAt: next === null ? null : new Date(next),
    };
    await tx
      .insert(pairCheckinCadences)
      .values({ pairId: pair.id, ...values })
      .onConflictDoUpdate({ target: pairCheckinCadences.pairId, set: values });
    if (input.frequency === 'off') await closeScheduled(tx, pair.id);
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'checkin.cadence_set',
      data: { frequency: input.frequency },
      at: now,
    });
    emit([actor.id, pair.partnerId], 'pair.checkin_changed', { pairId: pair.id });
    return listCadences(tx, actor.id);
  });
}

/**
 * The pair's scheduled check-ins still open are closed by deleting them: an unanswered one leaves nothing
 * behind, so nothing can count it as missed (decision 052).
 */
export async function closeScheduled(q: Queryable, pairId: string) {
  await q
    .delete(pairCheckins)
    .where(
      and(
        eq(pairCheckins.pairId, pairId),
        eq(pairCheckins.kind, 'scheduled'),
        isNull(pairCheckins.answeredAt),
      ),
    );
}
