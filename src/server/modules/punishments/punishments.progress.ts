import { eq } from 'drizzle-orm';
import { notify } from '@/shared/domain/notifications';
import { timerStartFor } from '@/shared/domain/punishments';
import type { Actor } from '../../auth/session';
import { punishments } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { createNotification } from '../notifications/notifications.service';
import { askAftercare } from '../pairs/pairs.aftercare';
import { guardDemand } from '../pairs/pairs.demands';
import { appendRecord } from '../pairs/pairs.record';
import { lockInActorPairs } from '../pairs/pairs.scope';
import { announcePunishment } from './punishments.events';
import { authorizePunishment } from './punishments.policy';
import { loadPunishment, PUNISHMENT_NOT_FOUND } from './punishments.queries';

/**
 * The submissive starts the timer: the server's clock is the start, which every screen counts down from.
 * A running timer is not restarted (409). A timer Red paused runs on from what it had left: its start is
 * put back by the time it had already run (decision 049).
 */
export async function startTimer(deps: AppDeps, actor: Actor, input: { id: string }) {
  return deps.publisher.transaction(async (tx, emit) => {
    const { row, pair } = await lockInActorPairs(tx, punishments, input.id, actor, PUNISHMENT_NOT_FOUND);
    const now = deps.clock();
    authorizePunishment(actor, row, pair, 'startTimer', now);
    // A punishment waits while Red holds the pair (decision 049).
    await guardDemand(tx, pair.id, { kind: 'timer' }, now);
    await tx
      .update(punishments)
      .set({
        timerStartTime: new Date(timerStartFor(row.timerDuration, row.timerRemainingMs, now.getTime())),
        timerRemainingMs: null,
        updatedAt: now,
      })
      .where(eq(punishments.id, input.id));
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'punishment.started',
      data: { punishmentId: input.id, resumed: row.timerRemainingMs !== null },
      at: now,
    });
    announcePunishment(emit, pair, input.id);
    return loadPunishment(tx, input.id);
  });
}

/**
 * Completion (spec 2 §4): the dominant toggles it both ways (completing sets completed_at, un-completing
 * clears it); the submissive completes once, and their dominant is notified. A punishment marked
 * "aftercare required" asks both partners for aftercare the first time it is completed.
 */
export async function setCompleted(deps: AppDeps, actor: Actor, input: { id: string; completed: boolean }) {
  return deps.publisher.transaction(async (tx, emit) => {
    const { row, pair } = await lockInActorPairs(tx, punishments, input.id, actor, PUNISHMENT_NOT_FOUND);
    const now = deps.clock();
    const can = authorizePunishment(actor, row, pair, input.completed ? 'complete' : 'uncomplete', now);
    await tx
      .update(punishments)
      .set({ completed: input.completed, completedAt: input.completed ? now : null, updatedAt: now })
      .where(eq(punishments.id, input.id));
    if (input.completed && can.asSubmissive) {
      await createNotification(
        tx,
        emit,
        pair.dominantId,
        notify.punishmentCompleted({
          submissiveName: actor.name,
          title: row.title,
          punishmentId: row.id,
          pairId: pair.id,
        }),
      );
    }
    // Aftercare required: both are asked how they are, once (decision 054).
    if (input.completed && row.aftercareRequired) {
      await askAftercare(tx, emit, pair, 'punishment', row.id, now);
    }
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: input.completed ? 'punishment.completed' : 'punishment.reopened',
      data: { punishmentId: input.id },
      at: now,
    });
    announcePunishment(emit, pair, input.id);
    return loadPunishment(tx, input.id);
  });
}
