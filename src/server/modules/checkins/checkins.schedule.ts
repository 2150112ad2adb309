import { eq, lte } from 'drizzle-orm';
import { nextCheckinAt } from '@/shared/domain/checkins';
import { notify } from '@/shared/domain/notifications';
import { pairCheckinCadences, pairCheckins, pairs } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { createNotification } from '../notifications/notifications.service';
import { pairIsStopped } from '../pairs/pairs.stops';
import { closeScheduled } from './checkins.cadence';

/**
 * A slot missed by more than this (the server was down) is not opened late: the next one is. A check-in
 * at 20:00 arriving at 03:00 would ask at the wrong moment.
 */
export const CHECKIN_LATE_MS = 60 * 60 * 1000;

/** What the job opened, for the pair's record (no content: there is none yet). */
export interface CheckinOpened {
  checkinId: string;
  pairId: string;
  askedOf: string;
}

/**
 * The scheduled check-ins due at the clock's now (decision 052), in one transaction: each cadence whose
 * `next_at` has come is locked (SKIP LOCKED: another run leaves it to the one that has it) and moved on
 * to its next slot, and, when its pair is active and Red does not hold it, a check-in opens for BOTH
 * partners, replacing one of theirs still unanswered, with one notification each: an ordinary one, so its
 * push is discreet unless details are on and waits out quiet hours. Asked once: nothing reminds, nothing
 * counts. A pair that ended has its cadence stopped. Run every minute by the instance that claims it.
 */
export async function openDueCheckins(deps: AppDeps): Promise<CheckinOpened[]> {
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    const due = await tx
      .select({
        pairId: pairCheckinCadences.pairId,
        frequency: pairCheckinCadences.frequency,
        weekday: pairCheckinCadences.weekday,
        time: pairCheckinCadences.localTime,
        timeZone: pairCheckinCadences.timeZone,
        nextAt: pairCheckinCadences.nextAt,
        status: pairs.status,
        dominantId: pairs.dominantId,
        submissiveId: pairs.submissiveId,
        stopped: pairIsStopped(pairs.id),
      })
      .from(pairCheckinCadences)
      .innerJoin(pairs, eq(pairs.id, pairCheckinCadences.pairId))
      .where(lte(pairCheckinCadences.nextAt, now))
      .orderBy(pairCheckinCadences.pairId)
      .for('update', { of: pairCheckinCadences, skipLocked: true });
    const opened: CheckinOpened[] = [];
    for (const cadence of due) {
      const active = cadence.status === 'active';
      const next = active ? nextCheckinAt(cadence, now.getTime()) : null;
      await tx
        .update(pairCheckinCadences)
        .set({ nextAt: next === null ? null : new Date(next) })
        .where(eq(pairCheckinCadences.pairId, cadence.pairId));
      const late = now.getTime() - (cadence.nextAt?.getTime() ?? 0) > CHECKIN_LATE_MS;
      if (!active || cadence.stopped || late) continue;
      await closeScheduled(tx, cadence.pairId);
      const both = [cadence.dominantId, cadence.submissiveId];
      const made = await tx
        .insert(pairCheckins)
        .values(
          both.map((askedOf) => ({
            pairId: cadence.pairId,
            kind: 'scheduled' as const,
            askedBy: null,
            askedOf,
            askedAt: now,
          })),
        )
        .returning({ id: pairCheckins.id, askedOf: pairCheckins.askedOf });
      for (const row of made) {
        await createNotification(
          tx,
          emit,
          row.askedOf,
          notify.checkinScheduled({ pairId: cadence.pairId, checkinId: row.id }),
        );
        opened.push({ checkinId: row.id, pairId: cadence.pairId, askedOf: row.askedOf });
      }
      emit(both, 'pair.checkin_changed', { pairId: cadence.pairId });
    }
    return opened;
  });
}
