import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { dateIn } from '@/shared/domain/calendar';
import { notify } from '@/shared/domain/notifications';
import { type markRitualInput, RITUALS_TEXT, type RitualView } from '@/shared/schemas/rituals';
import type { Actor } from '../../auth/session';
import { ritualMarks } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, forbidden } from '../../http/errors';
import { createNotification } from '../notifications/notifications.service';
import { awardOnce, entryReason } from '../pairs/pairs.points';
import { requireSessionRole } from '../pairs/pairs.policy';
import { appendRecord } from '../pairs/pairs.record';
import { isScheduled, oldestMarkable } from './rituals.presenter';
import { type FoundRitual, lockRitual, pairOf, readRitual } from './rituals.queries';
import { announceRitual } from './rituals.service';

type MarkInput = z.output<typeof markRitualInput>;

/**
 * The day may be marked (decision 074): one of the ritual's weekdays, not before it began, begun in the
 * ritual's time zone, and at most RITUAL_MARK_DAYS_BACK days ago; 409 naming which otherwise.
 */
function assertMarkable(ritual: FoundRitual, date: string, now: Date) {
  const today = dateIn(now, ritual.timeZone);
  if (date > today) throw conflict(RITUALS_TEXT.inFuture);
  if (date < ritual.since) throw conflict(RITUALS_TEXT.beforeStart);
  if (date < oldestMarkable(today)) throw conflict(RITUALS_TEXT.tooOld);
  if (!isScheduled(ritual, date)) throw conflict(RITUALS_TEXT.notScheduled);
}

/**
 * PUT /api/rituals/:id/days/:date: the pair's submissive marks a day, or changes its mark or note. Never
 * held by Red or Yellow: saying "excused", or that the day was kept, must always be possible. The same mark
 * and note again change nothing. A day marked done or partly done gives the ritual's award once, whatever
 * the retries or later marks; a later "skipped" takes nothing back (nothing is taken automatically). The
 * dominant is told of each change.
 */
export async function markRitualDay(
  deps: AppDeps,
  actor: Actor,
  id: string,
  date: string,
  input: MarkInput,
): Promise<RitualView> {
  requireSessionRole(actor, 'submissive', RITUALS_TEXT.onlySubmissiveMarks);
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    const ritual = await lockRitual(tx, actor, id, 'share');
    if (ritual.submissiveId !== actor.id) throw forbidden(RITUALS_TEXT.onlySubmissiveMarks);
    assertMarkable(ritual, date, now);
    const [before] = await tx
      .select({ mark: ritualMarks.mark, note: ritualMarks.note })
      .from(ritualMarks)
      .where(and(eq(ritualMarks.ritualId, id), eq(ritualMarks.date, date)));
    if (before?.mark === input.mark && before.note === input.note) return readRitual(tx, id, now);
    // Two marks of the same day at once: the second waits on the first's row, then changes it.
    await tx
      .insert(ritualMarks)
      .values({ ritualId: id, date, mark: input.mark, note: input.note, markedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [ritualMarks.ritualId, ritualMarks.date],
        set: { mark: input.mark, note: input.note, updatedAt: now },
      });
    const pair = pairOf(ritual);
    const kept = input.mark === 'done' || input.mark === 'partly';
    const award = kept
      ? await awardOnce(tx, emit, pair, {
          amount: ritual.award,
          reason: entryReason('Ritual', ritual.name),
          idempotencyKey: `ritual:${id}:${date}`,
          madeBy: ritual.dominantId,
          createdAt: now,
        })
      : null;
    await createNotification(
      tx,
      emit,
      pair.dominantId,
      notify.ritualMarked({
        by: actor.name,
        name: ritual.name,
        ritualId: id,
        pairId: pair.id,
        partnerId: pair.submissiveId,
        date,
        mark: input.mark,
      }),
    );
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'ritual.marked',
      data: { ritualId: id, date, mark: input.mark, ...(award ? { entryId: award.id } : {}) },
      at: now,
    });
    announceRitual(emit, pair, id);
    return readRitual(tx, id, now);
  });
}
