import { and, eq } from 'drizzle-orm';
import { notify } from '@/shared/domain/notifications';
import { paths, withQuery } from '@/shared/routes';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { taskCompletions, tasks } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { sendFeedbackMail } from '../../email/feedback-mail';
import { badRequest, conflict } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';
import { createNotification } from '../notifications/notifications.service';
import { requireDominant, requireSubmissive } from '../pairs/pairs.policy';
import { appendRecord } from '../pairs/pairs.record';
import { lockInActorPairs, type PairRow } from '../pairs/pairs.scope';
import { announceCompletion, announceTask } from './tasks.events';
import { authorizeTask } from './tasks.policy';
import {
  COMPLETION_NOT_FOUND,
  latestCompletionId,
  loadCompletion,
  loadTask,
  TASK_NOT_FOUND,
} from './tasks.queries';

async function notifyFeedback(
  tx: Tx,
  emit: Emit,
  actor: Actor,
  about: {
    to: string | null;
    title: string;
    feedback: string;
    taskId: string | null;
    completionId: string | null;
  },
  pair: PairRow,
) {
  if (!about.to) return;
  const { to, ...rest } = about;
  const giverName = actor.name;
  await createNotification(tx, emit, to, notify.taskFeedback({ giverName, ...rest, pairId: pair.id }));
}

/**
 * Feedback given to a task's latest completion reaches the task too; an Above & Beyond task has done its
 * work once its feedback is given, and goes (its history entry keeps the feedback).
 */
async function applyToTask(
  tx: Tx,
  emit: Emit,
  pair: PairRow,
  task: { id: string; taskType: string },
  given: Record<string, unknown>,
  now: Date,
) {
  if (task.taskType === 'above_and_beyond') {
    await tx.delete(tasks).where(eq(tasks.id, task.id));
    announceTask(emit, pair, task.id, 'deleted');
    return;
  }
  const updated = await tx
    .update(tasks)
    .set({ ...given, updatedAt: now })
    .where(and(eq(tasks.id, task.id), eq(tasks.completed, true)))
    .returning({ id: tasks.id });
  if (updated.length > 0) announceTask(emit, pair, task.id, 'changed');
}

/** Feedback on a completed task, by the pair's dominant: on the task and on its latest history entry. */
export async function giveTaskFeedback(deps: AppDeps, actor: Actor, input: { id: string; feedback: string }) {
  return deps.publisher.transaction(async (tx, emit) => {
    const { row: task, pair } = await lockInActorPairs(tx, tasks, input.id, actor, TASK_NOT_FOUND);
    authorizeTask(actor, task, pair, 'giveFeedback');
    const now = deps.clock();
    const given = { feedback: input.feedback, feedbackGivenAt: now, feedbackGivenBy: actor.id };
    const latest = await latestCompletionId(tx, input.id);
    if (latest) await tx.update(taskCompletions).set(given).where(eq(taskCompletions.id, latest));
    await applyToTask(tx, emit, pair, task, given, now);
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'task.feedback',
      data: { taskId: input.id, completionId: latest },
      at: now,
    });
    if (latest) announceCompletion(emit, pair, latest);
    await notifyFeedback(
      tx,
      emit,
      actor,
      {
        to: task.assignedTo,
        title: task.title,
        feedback: input.feedback,
        taskId: input.id,
        completionId: latest,
      },
      pair,
    );
    return task.taskType === 'above_and_beyond' ? null : loadTask(tx, input.id);
  });
}

/** Feedback from the history: on the entry, and on the task too when this is its latest completion. */
export async function giveCompletionFeedback(
  deps: AppDeps,
  actor: Actor,
  input: { id: string; feedback: string },
) {
  return deps.publisher.transaction(async (tx, emit) => {
    const { row: entry, pair } = await lockInActorPairs(
      tx,
      taskCompletions,
      input.id,
      actor,
      COMPLETION_NOT_FOUND,
    );
    requireDominant(actor, pair, 'give feedback');
    const now = deps.clock();
    const given = { feedback: input.feedback, feedbackGivenAt: now, feedbackGivenBy: actor.id };
    await tx.update(taskCompletions).set(given).where(eq(taskCompletions.id, input.id));
    if (entry.taskId && (await latestCompletionId(tx, entry.taskId)) === input.id) {
      await applyToTask(tx, emit, pair, { id: entry.taskId, taskType: entry.taskType }, given, now);
    }
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'task.feedback',
      data: { taskId: entry.taskId, completionId: input.id },
      at: now,
    });
    announceCompletion(emit, pair, input.id);
    await notifyFeedback(
      tx,
      emit,
      actor,
      {
        to: entry.assignedTo,
        title: entry.title,
        feedback: input.feedback,
        taskId: entry.taskId,
        completionId: input.id,
      },
      pair,
    );
    return loadCompletion(tx, input.id);
  });
}

/** The submissive acknowledges the dominant's feedback on an Above & Beyond task, once. */
export async function acknowledgeFeedback(deps: AppDeps, actor: Actor, input: { id: string }) {
  return deps.publisher.transaction(async (tx, emit) => {
    const { row: entry, pair } = await lockInActorPairs(
      tx,
      taskCompletions,
      input.id,
      actor,
      COMPLETION_NOT_FOUND,
    );
    requireSubmissive(actor, pair, 'acknowledge feedback');
    if (entry.taskType !== 'above_and_beyond') {
      throw badRequest('Only feedback on Above & Beyond tasks is acknowledged');
    }
    if (!entry.feedback) throw conflict('There is no feedback to acknowledge yet');
    if (entry.feedbackAcknowledged) throw conflict('Feedback already acknowledged');
    const now = deps.clock();
    await tx
      .update(taskCompletions)
      .set({ feedbackAcknowledged: true, feedbackAcknowledgedBy: actor.id, feedbackAcknowledgedAt: now })
      .where(eq(taskCompletions.id, input.id));
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'task.feedback_acknowledged',
      data: { taskId: entry.taskId, completionId: input.id },
      at: now,
    });
    announceCompletion(emit, pair, input.id);
    return loadCompletion(tx, input.id);
  });
}

/** Spec 2 §7 send-feedback-email: a task's stored feedback, mailed to its assignee by the pair's dominant. */
export async function emailTaskFeedback(deps: AppDeps, actor: Actor, input: { id: string }) {
  const about = await deps.publisher.transaction(async (tx) => {
    const { row: task, pair } = await lockInActorPairs(tx, tasks, input.id, actor, TASK_NOT_FOUND);
    requireDominant(actor, pair, 'send feedback by email');
    if (!task.feedback) throw conflict('There is no feedback to send yet');
    return { to: task.assignedTo, itemTitle: task.title, feedback: task.feedback };
  });
  await sendFeedbackMail(deps, actor, {
    ...about,
    itemType: 'task',
    path: withQuery(paths.tasks, { highlight: input.id }),
  });
}

/** The same from the history: the entry's feedback (an Above & Beyond task is gone once it has feedback). */
export async function emailCompletionFeedback(deps: AppDeps, actor: Actor, input: { id: string }) {
  const about = await deps.publisher.transaction(async (tx) => {
    const { row: entry, pair } = await lockInActorPairs(
      tx,
      taskCompletions,
      input.id,
      actor,
      COMPLETION_NOT_FOUND,
    );
    requireDominant(actor, pair, 'send feedback by email');
    if (!entry.feedback || !entry.assignedTo) {
      throw conflict('There is no feedback to send yet');
    }
    return { to: entry.assignedTo, itemTitle: entry.title, feedback: entry.feedback };
  });
  await sendFeedbackMail(deps, actor, {
    ...about,
    itemType: 'task',
    path: withQuery(paths.tasks, { tab: 'history', highlight: input.id }),
  });
}
