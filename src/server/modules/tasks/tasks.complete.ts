import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { notify } from '@/shared/domain/notifications';
import { nextOccurrence } from '@/shared/domain/schedule';
import { completionTiming, cycleReopensAt } from '@/shared/domain/tasks';
import { type completeTaskInput, TASK_MESSAGES } from '@/shared/schemas/tasks';
import type { Actor } from '../../auth/session';
import { taskCompletions, tasks } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { invalid } from '../../http/errors';
import { claimMedia } from '../media/media.claims';
import { createNotification } from '../notifications/notifications.service';
import { appendRecord } from '../pairs/pairs.record';
import { lockInActorPairs } from '../pairs/pairs.scope';
import { stoppedSince } from '../pairs/pairs.stops';
import { awardCompletion, lockPairOfTask } from './tasks.award';
import { announceCompletion, announceTask } from './tasks.events';
import { authorizeTask } from './tasks.policy';
import { loadTask, TASK_NOT_FOUND } from './tasks.queries';

type CompleteInput = z.output<typeof completeTaskInput> & { id: string };

/** Feedback of the previous cycle does not carry over to the next one. */
const clearedFeedback = {
  feedback: null,
  feedbackGivenAt: null,
  feedbackGivenBy: null,
  feedbackAcknowledged: false,
  feedbackAcknowledgedBy: null,
  feedbackAcknowledgedAt: null,
};

/**
 * The submissive completes their task (with the photo proof it may require, and optional voice proof), or
 * the pair's dominant completes it on their behalf. Each completion writes a history entry and makes the
 * task's default award, if it has one; a repeating task rolls on to its next due date.
 */
export async function completeTask(deps: AppDeps, actor: Actor, input: CompleteInput) {
  const { id, photoId, voiceNoteId } = input;
  return deps.publisher.transaction(async (tx, emit) => {
    // The pair before the task: the award writes the ledger under the pair's lock (decision 075).
    await lockPairOfTask(tx, id, actor);
    const { row: task, pair } = await lockInActorPairs(tx, tasks, id, actor, TASK_NOT_FOUND);
    const can = authorizeTask(actor, task, pair, 'complete');
    const bySubmissive = !can.asDominant;
    if (task.photoProofRequired && bySubmissive && !photoId) {
      throw invalid(TASK_MESSAGES.photoRequired);
    }
    const now = deps.clock();
    // Every file of a task is held by the task, its history entries' included.
    const held = { pairId: pair.id, holder: 'task', holderId: task.id } as const;
    if (photoId) await claimMedia(tx, actor, { ...held, id: photoId, kind: 'photo' }, now);
    if (voiceNoteId) await claimMedia(tx, actor, { ...held, id: voiceNoteId, kind: 'audio' }, now);
    const due = task.dueDate.getTime();
    // Time stopped never counts (decision 049): during Red the pair's clock stands where the stop began.
    const since = await stoppedSince(tx, pair.id);
    const counted = since ? Math.min(since.getTime(), now.getTime()) : now.getTime();
    const { onTime, latenessSeconds } = completionTiming(due, counted);
    const [history] = await tx
      .insert(taskCompletions)
      .values({
        taskId: task.id,
        pairId: pair.id,
        title: task.title,
        description: task.description,
        taskType: task.taskType,
        completedBy: actor.id,
        assignedBy: task.assignedBy,
        assignedTo: task.assignedTo,
        completedAt: now,
        dueDateAtTime: task.dueDate,
        onTime,
        latenessSeconds,
        photoProof: photoId,
        voiceProof: voiceNoteId,
        voiceNote: task.voiceNote,
        voiceNoteDescription: task.voiceNoteDescription,
        repeatConfig: task.repeatConfig,
      })
      .returning({ id: taskCompletions.id });
    const completionId = history!.id;
    const completion = {
      completed: true,
      completedAt: now,
      completedBy: actor.id,
      completionOnTime: onTime,
      completionLatenessSeconds: latenessSeconds,
      // A new completion's proofs start without the mark of an earlier one's (decision 076).
      photoProofGone: null,
      voiceProofGone: null,
      updatedAt: now,
    };
    if (task.repeatConfig) {
      // Roll over to the next due date after now and after this cycle's own due date (a task done early
      // is done for this cycle), on the repeat's own schedule (a due date Red moved keeps its time of day
      // in scheduled_due_date); this cycle's proof and feedback live in the history row.
      const schedule = (task.scheduledDueDate ?? task.dueDate).getTime();
      const next = nextOccurrence(task.repeatConfig, schedule, Math.max(due, counted), task.timeZone);
      await tx
        .update(tasks)
        .set({
          ...completion,
          dueDate: new Date(next),
          scheduledDueDate: null,
          cycleReopensAt: new Date(cycleReopensAt(next, task.timeZone)),
          photoProof: null,
          voiceProof: null,
          ...clearedFeedback,
        })
        .where(eq(tasks.id, id));
    } else {
      await tx
        .update(tasks)
        .set({ ...completion, photoProof: photoId, voiceProof: voiceNoteId })
        .where(eq(tasks.id, id));
    }
    const name = actor.name;
    const about = { title: task.title, taskId: id, completionId, pairId: pair.id };
    if (bySubmissive) {
      await createNotification(
        tx,
        emit,
        pair.dominantId,
        notify.taskCompleted({ submissiveName: name, ...about }),
      );
    } else {
      await createNotification(
        tx,
        emit,
        task.assignedTo,
        notify.taskCompletedByDominant({ dominantName: name, ...about }),
      );
    }
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'task.completed',
      data: { taskId: id, completionId, timing: onTime ? 'on time' : 'late', byDominant: !bySubmissive },
      at: now,
    });
    // The dominant's default award for this completion, once (decision 075).
    await awardCompletion(tx, emit, pair, task, completionId, now);
    announceTask(emit, pair, id, 'changed');
    announceCompletion(emit, pair, completionId);
    return loadTask(tx, id);
  });
}
