import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { notify } from '@/shared/domain/notifications';
import type { aboveAndBeyondInput } from '@/shared/schemas/tasks';
import type { Actor } from '../../auth/session';
import { taskCompletions, tasks } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { claimIdempotencyKey, type IdempotencyKey } from '../../http/idempotency';
import { claimMedia } from '../media/media.claims';
import { createNotification } from '../notifications/notifications.service';
import { requireSessionRole } from '../pairs/pairs.policy';
import { appendRecord } from '../pairs/pairs.record';
import { lockInActorPairs } from '../pairs/pairs.scope';
import { resolvePair } from '../pairs/pairs.service';
import { announceCompletion, announceTask } from './tasks.events';
import { loadTask, TASK_NOT_FOUND, timeZoneOf } from './tasks.queries';

/** Above & Beyond: the submissive records something they did unasked, with a photo, for their dominant. */
export async function createAboveAndBeyond(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof aboveAndBeyondInput>,
  key: IdempotencyKey | null = null,
) {
  requireSessionRole(actor, 'submissive', 'Only the submissive can add Above & Beyond');
  return deps.publisher.transaction(async (tx, emit) => {
    const now = deps.clock();
    // The task is written after its photo is claimed: its id is chosen first, for the claim to name it.
    const taskId = randomUUID();
    const prior = await claimIdempotencyKey(tx, key, taskId, now);
    if (prior) return loadTask(tx, (await lockInActorPairs(tx, tasks, prior, actor, TASK_NOT_FOUND)).row.id);
    const pair = await resolvePair(tx, actor.id, 'submissive', input.dominantId, now);
    if (!pair) throw notFound('No partner connection found');
    await claimMedia(
      tx,
      actor,
      { id: input.photoId, pairId: pair.id, kind: 'photo', holder: 'task', holderId: taskId },
      now,
    );
    const timeZone = await timeZoneOf(tx, actor.id);
    const details = input.details.trim();
    const done = { completedAt: now, completedBy: actor.id, assignedBy: actor.id, assignedTo: actor.id };
    await tx.insert(tasks).values({
      ...done,
      id: taskId,
      pairId: pair.id,
      title: input.title,
      description: details,
      dueDate: now,
      completed: true,
      completionOnTime: true,
      completionLatenessSeconds: 0,
      photoProofRequired: true,
      photoProof: input.photoId,
      timeZone,
      taskType: 'above_and_beyond',
    });
    const [history] = await tx
      .insert(taskCompletions)
      .values({
        ...done,
        taskId,
        pairId: pair.id,
        title: input.title,
        description: details,
        taskType: 'above_and_beyond',
        dueDateAtTime: now,
        onTime: true,
        latenessSeconds: 0,
        photoProof: input.photoId,
      })
      .returning({ id: taskCompletions.id });
    const completionId = history!.id;
    await createNotification(
      tx,
      emit,
      pair.dominantId,
      notify.aboveAndBeyond({
        submissiveName: actor.name,
        title: input.title,
        taskId,
        completionId,
        pairId: pair.id,
      }),
    );
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'task.above_and_beyond',
      data: { taskId, completionId },
      at: now,
    });
    announceTask(emit, pair, taskId, 'changed');
    announceCompletion(emit, pair, completionId);
    return loadTask(tx, taskId);
  });
}
