import { and, eq, inArray, isNotNull, isNull, not, or, sql } from 'drizzle-orm';
import { cycleReopensAt } from '@/shared/domain/tasks';
import type { Tx } from '../../db/client';
import { outbox, pairStops, pairs, punishments, tasks } from '../../db/schema';
import type { Emit } from '../../realtime/publisher';
import type { PairRow } from '../pairs/pairs.scope';
import { stoppedSince } from '../pairs/pairs.stops';

/**
 * Time stopped never counts (decision 049). Red stops the pair's clock: running timers are paused with what
 * they had left, and when the last stop is lifted every due time still ahead of the pair moves on by the
 * stretch it was stopped; the pushes held meanwhile leave, but reminders, whose moment has passed, are
 * dropped. These run inside the transaction of the call or the lift, with the pair row locked.
 */

const members = (pair: PairRow) => [pair.dominantId, pair.submissiveId];

/**
 * The pair's running timers stop where they are: each keeps the milliseconds it had left, and its start is
 * cleared. Nothing starts them again by itself: the submissive does, when ready. A timer that has already
 * run out is left as it was.
 */
export async function pauseTimers(tx: Tx, emit: Emit, pair: PairRow, now: Date) {
  const endsAt = sql`${punishments.timerStartTime} + ${punishments.timerDuration} * interval '1 minute'`;
  const paused = await tx
    .update(punishments)
    .set({
      timerRemainingMs: sql`least(${punishments.timerDuration} * 60000, greatest(1, ceil(extract(epoch from (${endsAt} - ${now.toISOString()}::timestamptz)) * 1000)))::integer`,
      timerStartTime: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(punishments.pairId, pair.id),
        punishments.timerEnabled,
        not(punishments.completed),
        isNotNull(punishments.timerStartTime),
        sql`${endsAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: punishments.id });
  for (const { id } of paused) {
    emit(members(pair), 'punishment.changed', { punishmentId: id, pairId: pair.id });
  }
}

/** Marks the pair stopped from `now`, unless it already was: overlapping stops are one stretch. */
export async function markStopped(tx: Tx, pairId: string, now: Date) {
  await tx
    .update(pairs)
    .set({ stoppedSince: sql`coalesce(${pairs.stoppedSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(pairs.id, pairId));
}

/**
 * The pair's last stop was lifted at `now`: the stretch since `stopped_since` is given back. Every task not
 * completed, and every repeat's next occurrence, moves on by it (a repeat keeps its own occurrence in
 * `scheduled_due_date`, so that its schedule keeps its time of day); a completed repeat opens again on its
 * new due day. The held pushes are released, and held reminders dropped. Answers the stretch in ms.
 */
export async function giveTimeBack(tx: Tx, emit: Emit, pair: PairRow, now: Date): Promise<number> {
  const since = await stoppedSince(tx, pair.id);
  await tx.update(pairs).set({ stoppedSince: null }).where(eq(pairs.id, pair.id));
  // A reminder held by the stop speaks of a moment that has passed; a moved task will have its own.
  await tx.delete(outbox).where(and(eq(outbox.pairId, pair.id), outbox.lapsesWhenHeld));
  if (!since) return 0;
  const stretch = Math.max(0, now.getTime() - since.getTime());
  if (stretch === 0) return 0;
  const moved = await tx
    .update(tasks)
    .set({
      scheduledDueDate: sql`case when ${tasks.repeatConfig} is null then null else coalesce(${tasks.scheduledDueDate}, ${tasks.dueDate}) end`,
      dueDate: sql`${tasks.dueDate} + ${stretch}::double precision * interval '1 millisecond'`,
      updatedAt: now,
    })
    .where(and(eq(tasks.pairId, pair.id), or(not(tasks.completed), isNotNull(tasks.repeatConfig))))
    .returning({
      id: tasks.id,
      dueDate: tasks.dueDate,
      timeZone: tasks.timeZone,
      reopens: tasks.cycleReopensAt,
    });
  // A completed repeat waiting for its next cycle opens on the day it is now due.
  const waiting = moved.filter((task) => task.reopens !== null);
  for (const task of waiting) {
    await tx
      .update(tasks)
      .set({ cycleReopensAt: new Date(cycleReopensAt(task.dueDate.getTime(), task.timeZone)) })
      .where(and(eq(tasks.id, task.id), isNotNull(tasks.cycleReopensAt)));
  }
  for (const { id } of moved) emit(members(pair), 'task.changed', { taskId: id, pairId: pair.id });
  return stretch;
}

/** The pairs among `pairIds` with a stop still open (the partner's own, say). */
export async function stillStopped(tx: Tx, pairIds: string[]): Promise<Set<string>> {
  if (pairIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ pairId: pairStops.pairId })
    .from(pairStops)
    .where(and(inArray(pairStops.pairId, pairIds), isNull(pairStops.liftedAt)));
  return new Set(rows.map((row) => row.pairId));
}
