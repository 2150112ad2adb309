import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { nextOccurrence, normalizeRepeatConfig } from '@/shared/domain/schedule';
import { completionTiming, cycleReopensAt } from '@/shared/domain/tasks';
import {
  type aboveAndBeyondInput,
  type createTaskInput,
  TASK_MESSAGES,
  type updateTaskInput,
  VOICE_TASK_TITLE,
} from '@/shared/schemas/tasks';
import { type Actor, requireActingRole } from '../../auth/session';
import { pairs, taskCompletions, tasks, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Emit, Tx } from '../../realtime/publisher';
import { claimMedia, deleteMediaRows, type MediaDeps, removeFiles } from '../media/media.service';
import { createNotification } from '../notifications/notifications.service';
import { activePairIdsOf, displayNameOf, type PairRow, resolvePair } from '../pairs/pairs';
import { actsAsDominantOf, actsAsSubmissiveOf, requireDominant, requireSubmissive } from './tasks.policy';
import { presentCompletion, presentTask } from './tasks.presenter';

export type TasksDeps = MediaDeps;

const assigner = alias(users, 'assigner');
const assignee = alias(users, 'assignee');
const completer = alias(users, 'completer');

const TASK_NOT_FOUND = () => new AppError(404, 'NOT_FOUND', 'Task not found');
/** Past by more than a minute: the form's "now" and the server's may differ by a few seconds. */
const PAST_GRACE_MS = 60_000;
/** The notification preview of a text: 50 characters and an ellipsis. */
const preview = (text: string) => (text.length > 50 ? `${text.slice(0, 50)}…` : text);

const inActorPairs = (actorId: string) => sql`${tasks.pairId} in ${activePairIdsOf(actorId)}`;

function taskQuery(q: Tx | MediaDeps['db']) {
  return q
    .select({
      task: tasks,
      assignedByName: assigner.displayName,
      assignedToName: assignee.displayName,
      completedByName: completer.displayName,
    })
    .from(tasks)
    .leftJoin(assigner, eq(assigner.id, tasks.assignedBy))
    .leftJoin(assignee, eq(assignee.id, tasks.assignedTo))
    .leftJoin(completer, eq(completer.id, tasks.completedBy));
}

async function loadTask(q: Tx | MediaDeps['db'], id: string) {
  const [row] = await taskQuery(q).where(eq(tasks.id, id)).limit(1);
  if (!row) throw TASK_NOT_FOUND();
  return presentTask(row);
}

/** A task of one of the actor's active pairs, locked for the change, with its pair. */
async function lockTask(tx: Tx, actor: Actor, id: string) {
  const [row] = await tx
    .select({
      task: tasks,
      pair: { id: pairs.id, dominantId: pairs.dominantId, submissiveId: pairs.submissiveId },
    })
    .from(tasks)
    .innerJoin(pairs, eq(pairs.id, tasks.pairId))
    .where(and(eq(tasks.id, id), inActorPairs(actor.id)))
    .for('update', { of: tasks })
    .limit(1);
  if (!row) throw TASK_NOT_FOUND();
  return row as { task: typeof tasks.$inferSelect; pair: PairRow };
}

async function timeZoneOf(tx: Tx, userId: string) {
  const [row] = await tx.select({ tz: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.tz ?? 'UTC';
}

function announce(emit: Emit, pair: PairRow, taskId: string, change: 'changed' | 'deleted') {
  emit([pair.dominantId, pair.submissiveId], change === 'changed' ? 'task.changed' : 'task.deleted', {
    taskId,
    pairId: pair.id,
  });
}

function announceHistory(emit: Emit, pair: PairRow, completionId: string) {
  emit([pair.dominantId, pair.submissiveId], 'task_completion.changed', { completionId, pairId: pair.id });
}

/**
 * Completed repeating tasks whose next cycle has begun open again (spec: "on load, a completed repeating
 * task whose next occurrence has passed is reset"). Runs for the actor's pairs before their tasks are read.
 */
async function reopenDueCycles(deps: TasksDeps, actor: Actor) {
  const now = deps.clock();
  // One statement, atomic by itself: no transaction, and the pair members come back with the rows.
  const reopened = await deps.db
    .update(tasks)
    .set({
      completed: false,
      completedAt: null,
      completedBy: null,
      completionOnTime: null,
      completionLatenessSeconds: null,
      cycleReopensAt: null,
      updatedAt: now,
    })
    .from(pairs)
    .where(
      and(
        eq(pairs.id, tasks.pairId),
        eq(tasks.completed, true),
        lte(tasks.cycleReopensAt, now),
        inActorPairs(actor.id),
      ),
    )
    .returning({
      id: tasks.id,
      pairId: pairs.id,
      dominantId: pairs.dominantId,
      submissiveId: pairs.submissiveId,
    });
  if (reopened.length === 0) return;
  await deps.publisher.publish(
    reopened.map((row) => ({
      kind: 'event' as const,
      userIds: [row.dominantId, row.submissiveId],
      event: { name: 'task.changed' as const, data: { taskId: row.id, pairId: row.pairId } },
    })),
  );
}

export async function listTasks(deps: TasksDeps, actor: Actor) {
  await reopenDueCycles(deps, actor);
  const rows = await taskQuery(deps.db)
    .where(inActorPairs(actor.id))
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(500);
  return rows.map(presentTask);
}

type CreateInput = z.output<typeof createTaskInput>;
type UpdateInput = z.output<typeof updateTaskInput>;

function checkDue(dueDate: number, now: Date) {
  if (dueDate < now.getTime() - PAST_GRACE_MS)
    throw new AppError(400, 'VALIDATION_ERROR', TASK_MESSAGES.pastDue);
}

function repeatFor(input: CreateInput | UpdateInput, timeZone: string) {
  if (!input.repeatConfig) return null;
  try {
    return normalizeRepeatConfig(input.repeatConfig, input.dueDate, timeZone);
  } catch (error) {
    throw new AppError(400, 'VALIDATION_ERROR', (error as Error).message);
  }
}

export async function createTask(deps: TasksDeps, actor: Actor, input: CreateInput) {
  if (requireActingRole(actor) !== 'dominant')
    throw new AppError(403, 'FORBIDDEN', 'Only the dominant can assign tasks');
  const now = deps.clock();
  checkDue(input.dueDate, now);
  return deps.publisher.transaction(async (tx, emit) => {
    const pair = await resolvePair(tx, actor.id, 'dominant', input.assignedTo, now);
    if (!pair)
      throw new AppError(404, 'NOT_FOUND', 'No partner connection found with the selected submissive');
    const timeZone = await timeZoneOf(tx, actor.id);
    const voice = input.kind === 'voice';
    if (voice) await claimMedia(tx, actor, input.voiceNoteId!, pair.id, 'audio');
    const [row] = await tx
      .insert(tasks)
      .values({
        pairId: pair.id,
        title: input.title || VOICE_TASK_TITLE,
        description: voice ? '' : input.description.trim(),
        dueDate: new Date(input.dueDate),
        assignedBy: actor.id,
        assignedTo: input.assignedTo,
        photoProofRequired: input.photoProofRequired,
        voiceNote: voice ? input.voiceNoteId : null,
        voiceNoteDescription: voice ? input.voiceNoteDescription?.trim() || null : null,
        repeatConfig: repeatFor(input, timeZone),
        timeZone,
        taskType: 'assigned',
      })
      .returning({ id: tasks.id, title: tasks.title });
    const name = await displayNameOf(tx, actor.id);
    await createNotification(tx, emit, {
      userId: input.assignedTo,
      type: 'task_assigned',
      title: 'New task assigned',
      message: `${name} assigned you "${preview(row!.title)}"`,
      data: { taskId: row!.id, pairId: pair.id },
    });
    announce(emit, pair, row!.id, 'changed');
    return loadTask(tx, row!.id);
  });
}

export async function updateTask(deps: TasksDeps, actor: Actor, id: string, input: UpdateInput) {
  const now = deps.clock();
  let dropped: string[] = [];
  const task = await deps.publisher.transaction(async (tx, emit) => {
    const { task, pair } = await lockTask(tx, actor, id);
    requireDominant(actor, pair, 'edit tasks');
    if (task.taskType !== 'assigned')
      throw new AppError(409, 'CONFLICT', 'Above & Beyond tasks cannot be edited');
    if (input.dueDate !== task.dueDate.getTime()) checkDue(input.dueDate, now);
    const voice = input.kind === 'voice';
    const repeat = repeatFor(input, task.timeZone);
    const newVoice = voice ? input.voiceNoteId : null;
    if (newVoice && newVoice !== task.voiceNote) await claimMedia(tx, actor, newVoice, pair.id, 'audio');
    await tx
      .update(tasks)
      .set({
        title: input.title || VOICE_TASK_TITLE,
        description: voice ? '' : input.description.trim(),
        dueDate: new Date(input.dueDate),
        photoProofRequired: input.photoProofRequired,
        voiceNote: newVoice,
        voiceNoteDescription: voice ? input.voiceNoteDescription?.trim() || null : null,
        repeatConfig: repeat,
        // A completed repeating task opens again on its (possibly new) due day; without a repeat it stays done.
        cycleReopensAt:
          task.completed && repeat ? new Date(cycleReopensAt(input.dueDate, task.timeZone)) : null,
        updatedAt: now,
      })
      .where(eq(tasks.id, id));
    if (task.voiceNote && task.voiceNote !== newVoice && !(await referencedByHistory(tx, task.voiceNote))) {
      dropped = await deleteMediaRows(tx, [task.voiceNote]);
    }
    announce(emit, pair, id, 'changed');
    return loadTask(tx, id);
  });
  await removeFiles(deps, dropped);
  return task;
}

async function referencedByHistory(tx: Tx, mediaId: string) {
  const [row] = await tx
    .select({ id: taskCompletions.id })
    .from(taskCompletions)
    .where(sql`${taskCompletions.photoProof} = ${mediaId} or ${taskCompletions.voiceNote} = ${mediaId}`)
    .limit(1);
  return row !== undefined;
}

/** Deleting a task erases it with its history and every file of either. */
export async function deleteTask(deps: TasksDeps, actor: Actor, id: string) {
  const keys = await deps.publisher.transaction(async (tx, emit) => {
    const { task, pair } = await lockTask(tx, actor, id);
    requireDominant(actor, pair, 'delete tasks');
    const history = await tx.delete(taskCompletions).where(eq(taskCompletions.taskId, id)).returning({
      id: taskCompletions.id,
      photo: taskCompletions.photoProof,
      voice: taskCompletions.voiceNote,
    });
    await tx.delete(tasks).where(eq(tasks.id, id));
    const removed = await deleteMediaRows(tx, [
      task.photoProof,
      task.voiceNote,
      ...history.flatMap((h) => [h.photo, h.voice]),
    ]);
    announce(emit, pair, id, 'deleted');
    for (const h of history) announceHistory(emit, pair, h.id);
    return removed;
  });
  await removeFiles(deps, keys);
}

export async function completeTask(deps: TasksDeps, actor: Actor, id: string, photoId: string | null) {
  return deps.publisher.transaction(async (tx, emit) => {
    const { task, pair } = await lockTask(tx, actor, id);
    const bySubmissive = actsAsSubmissiveOf(actor, pair) && task.assignedTo === actor.id;
    const byDominant = actsAsDominantOf(actor, pair);
    if (!bySubmissive && !byDominant) {
      throw new AppError(403, 'FORBIDDEN', 'Only the assignee or their dominant can complete this task');
    }
    if (task.completed) throw new AppError(409, 'CONFLICT', 'Task is already completed');
    if (task.photoProofRequired && bySubmissive && !photoId) {
      throw new AppError(400, 'VALIDATION_ERROR', TASK_MESSAGES.photoRequired);
    }
    if (photoId) await claimMedia(tx, actor, photoId, pair.id, 'photo');
    const now = deps.clock();
    const due = task.dueDate.getTime();
    const { onTime, latenessSeconds } = completionTiming(due, now.getTime());
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
        voiceNote: task.voiceNote,
        voiceNoteDescription: task.voiceNoteDescription,
        repeatConfig: task.repeatConfig,
      })
      .returning({ id: taskCompletions.id });
    const completion = {
      completed: true,
      completedAt: now,
      completedBy: actor.id,
      completionOnTime: onTime,
      completionLatenessSeconds: latenessSeconds,
      updatedAt: now,
    };
    if (task.repeatConfig) {
      // Roll over to the next due date after now and after this cycle's own due date (a task done early
      // is done for this cycle); this cycle's proof and feedback live in the history row.
      const next = nextOccurrence(task.repeatConfig, due, Math.max(due, now.getTime()), task.timeZone);
      await tx
        .update(tasks)
        .set({
          ...completion,
          dueDate: new Date(next),
          cycleReopensAt: new Date(cycleReopensAt(next, task.timeZone)),
          photoProof: null,
          ...clearedFeedback,
        })
        .where(eq(tasks.id, id));
    } else {
      await tx
        .update(tasks)
        .set({ ...completion, photoProof: photoId })
        .where(eq(tasks.id, id));
    }
    const name = await displayNameOf(tx, actor.id);
    await createNotification(
      tx,
      emit,
      bySubmissive
        ? {
            userId: pair.dominantId,
            type: 'task_completed',
            title: 'Task completed',
            message: `${name} completed "${preview(task.title)}"`,
            data: { taskId: id, completionId: history!.id, pairId: pair.id },
          }
        : {
            userId: task.assignedTo,
            type: 'task_completed_by_dominant',
            title: 'Task completed for you',
            message: `${name} marked "${preview(task.title)}" as complete`,
            data: { taskId: id, completionId: history!.id, pairId: pair.id },
          },
    );
    announce(emit, pair, id, 'changed');
    announceHistory(emit, pair, history!.id);
    return loadTask(tx, id);
  });
}

const clearedFeedback = {
  feedback: null,
  feedbackGivenAt: null,
  feedbackGivenBy: null,
  feedbackAcknowledged: false,
  feedbackAcknowledgedBy: null,
  feedbackAcknowledgedAt: null,
};

async function notifyFeedback(
  tx: Tx,
  emit: Emit,
  actorId: string,
  to: string | null,
  title: string,
  feedback: string,
  data: Record<string, unknown>,
) {
  if (!to) return;
  const name = await displayNameOf(tx, actorId);
  await createNotification(tx, emit, {
    userId: to,
    type: 'task_feedback',
    title: 'Feedback received',
    message: `${name} left feedback on "${preview(title)}": ${preview(feedback)}`,
    data: { ...data, kind: 'task' },
  });
}

/**
 * Feedback on a completed task, by the pair's dominant. It goes on the task and on its latest history row;
 * for Above & Beyond only on the history row, and the task itself is deleted.
 */
export async function giveTaskFeedback(deps: TasksDeps, actor: Actor, id: string, feedback: string) {
  return deps.publisher.transaction(async (tx, emit) => {
    const { task, pair } = await lockTask(tx, actor, id);
    requireDominant(actor, pair, 'give feedback');
    if (!task.completed)
      throw new AppError(409, 'CONFLICT', 'Feedback can only be given on a completed task');
    const now = deps.clock();
    const given = { feedback, feedbackGivenAt: now, feedbackGivenBy: actor.id };
    const [latest] = await tx
      .select({ id: taskCompletions.id })
      .from(taskCompletions)
      .where(eq(taskCompletions.taskId, id))
      .orderBy(desc(taskCompletions.completedAt))
      .limit(1);
    if (latest) await tx.update(taskCompletions).set(given).where(eq(taskCompletions.id, latest.id));
    if (task.taskType === 'above_and_beyond') {
      await tx.delete(tasks).where(eq(tasks.id, id));
      announce(emit, pair, id, 'deleted');
    } else {
      await tx
        .update(tasks)
        .set({ ...given, updatedAt: now })
        .where(eq(tasks.id, id));
      announce(emit, pair, id, 'changed');
    }
    if (latest) announceHistory(emit, pair, latest.id);
    await notifyFeedback(tx, emit, actor.id, task.assignedTo, task.title, feedback, {
      taskId: id,
      completionId: latest?.id ?? null,
      pairId: pair.id,
    });
    return task.taskType === 'above_and_beyond' ? null : loadTask(tx, id);
  });
}

const completionQuery = (q: Tx | MediaDeps['db']) =>
  q
    .select({
      completion: taskCompletions,
      completedByName: completer.displayName,
      assignedToName: assignee.displayName,
      nextDueDate: tasks.dueDate,
    })
    .from(taskCompletions)
    .leftJoin(completer, eq(completer.id, taskCompletions.completedBy))
    .leftJoin(assignee, eq(assignee.id, taskCompletions.assignedTo))
    .leftJoin(tasks, eq(tasks.id, taskCompletions.taskId));

const completionInActorPairs = (actorId: string) =>
  sql`${taskCompletions.pairId} in ${activePairIdsOf(actorId)}`;

export async function listHistory(deps: TasksDeps, actor: Actor) {
  const rows = await completionQuery(deps.db)
    .where(completionInActorPairs(actor.id))
    .orderBy(desc(taskCompletions.completedAt), desc(taskCompletions.id))
    .limit(500);
  return rows.map(presentCompletion);
}

async function lockCompletion(tx: Tx, actor: Actor, id: string) {
  const [row] = await tx
    .select({
      completion: taskCompletions,
      pair: { id: pairs.id, dominantId: pairs.dominantId, submissiveId: pairs.submissiveId },
    })
    .from(taskCompletions)
    .innerJoin(pairs, eq(pairs.id, taskCompletions.pairId))
    .where(and(eq(taskCompletions.id, id), completionInActorPairs(actor.id)))
    .for('update', { of: taskCompletions })
    .limit(1);
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Task history entry not found');
  return row as { completion: typeof taskCompletions.$inferSelect; pair: PairRow };
}

async function loadCompletion(tx: Tx, id: string) {
  const [row] = await completionQuery(tx).where(eq(taskCompletions.id, id)).limit(1);
  return presentCompletion(row!);
}

/** Feedback from the history page: on the row, and on the task too when this is its latest completion. */
export async function giveCompletionFeedback(deps: TasksDeps, actor: Actor, id: string, feedback: string) {
  return deps.publisher.transaction(async (tx, emit) => {
    const { completion, pair } = await lockCompletion(tx, actor, id);
    requireDominant(actor, pair, 'give feedback');
    const now = deps.clock();
    const given = { feedback, feedbackGivenAt: now, feedbackGivenBy: actor.id };
    await tx.update(taskCompletions).set(given).where(eq(taskCompletions.id, id));
    if (completion.taskId) {
      const [latest] = await tx
        .select({ id: taskCompletions.id })
        .from(taskCompletions)
        .where(eq(taskCompletions.taskId, completion.taskId))
        .orderBy(desc(taskCompletions.completedAt))
        .limit(1);
      if (latest?.id === id) {
        if (completion.taskType === 'above_and_beyond') {
          await tx.delete(tasks).where(eq(tasks.id, completion.taskId));
          announce(emit, pair, completion.taskId, 'deleted');
        } else {
          const updated = await tx
            .update(tasks)
            .set({ ...given, updatedAt: now })
            .where(and(eq(tasks.id, completion.taskId), eq(tasks.completed, true)))
            .returning({ id: tasks.id });
          if (updated.length > 0) announce(emit, pair, completion.taskId, 'changed');
        }
      }
    }
    announceHistory(emit, pair, id);
    await notifyFeedback(tx, emit, actor.id, completion.assignedTo, completion.title, feedback, {
      taskId: completion.taskId,
      completionId: id,
      pairId: pair.id,
    });
    return loadCompletion(tx, id);
  });
}

/** The submissive acknowledges the dominant's feedback on an Above & Beyond task, once. */
export async function acknowledgeFeedback(deps: TasksDeps, actor: Actor, id: string) {
  return deps.publisher.transaction(async (tx, emit) => {
    const { completion, pair } = await lockCompletion(tx, actor, id);
    requireSubmissive(actor, pair, 'acknowledge feedback');
    if (completion.taskType !== 'above_and_beyond') {
      throw new AppError(400, 'BAD_REQUEST', 'Only feedback on Above & Beyond tasks is acknowledged');
    }
    if (!completion.feedback) throw new AppError(409, 'CONFLICT', 'There is no feedback to acknowledge yet');
    if (completion.feedbackAcknowledged) throw new AppError(409, 'CONFLICT', 'Feedback already acknowledged');
    const now = deps.clock();
    await tx
      .update(taskCompletions)
      .set({ feedbackAcknowledged: true, feedbackAcknowledgedBy: actor.id, feedbackAcknowledgedAt: now })
      .where(eq(taskCompletions.id, id));
    announceHistory(emit, pair, id);
    return loadCompletion(tx, id);
  });
}

/** Above & Beyond: the submissive records something they did unasked, with a photo, for their dominant. */
export async function createAboveAndBeyond(
  deps: TasksDeps,
  actor: Actor,
  input: z.output<typeof aboveAndBeyondInput>,
) {
  if (requireActingRole(actor) !== 'submissive') {
    throw new AppError(403, 'FORBIDDEN', 'Only the submissive can add Above & Beyond');
  }
  return deps.publisher.transaction(async (tx, emit) => {
    const now = deps.clock();
    const pair = await resolvePair(tx, actor.id, 'submissive', input.dominantId, now);
    if (!pair) throw new AppError(404, 'NOT_FOUND', 'No partner connection found');
    await claimMedia(tx, actor, input.photoId, pair.id, 'photo');
    const timeZone = await timeZoneOf(tx, actor.id);
    const [task] = await tx
      .insert(tasks)
      .values({
        pairId: pair.id,
        title: input.title,
        description: input.details.trim(),
        dueDate: now,
        completed: true,
        completedAt: now,
        completedBy: actor.id,
        completionOnTime: true,
        completionLatenessSeconds: 0,
        assignedBy: actor.id,
        assignedTo: actor.id,
        photoProofRequired: true,
        photoProof: input.photoId,
        timeZone,
        taskType: 'above_and_beyond',
      })
      .returning({ id: tasks.id });
    const [history] = await tx
      .insert(taskCompletions)
      .values({
        taskId: task!.id,
        pairId: pair.id,
        title: input.title,
        description: input.details.trim(),
        taskType: 'above_and_beyond',
        completedBy: actor.id,
        assignedBy: actor.id,
        assignedTo: actor.id,
        completedAt: now,
        dueDateAtTime: now,
        onTime: true,
        latenessSeconds: 0,
        photoProof: input.photoId,
      })
      .returning({ id: taskCompletions.id });
    const name = await displayNameOf(tx, actor.id);
    await createNotification(tx, emit, {
      userId: pair.dominantId,
      type: 'task_completed',
      title: 'Above & Beyond',
      message: `${name} went above and beyond: "${preview(input.title)}"`,
      data: { taskId: task!.id, completionId: history!.id, pairId: pair.id },
    });
    announce(emit, pair, task!.id, 'changed');
    announceHistory(emit, pair, history!.id);
    return loadTask(tx, task!.id);
  });
}
