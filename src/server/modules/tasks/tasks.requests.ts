/**
 * A task erased (deleted by the dominant, or a request declined by the submissive, decision 056), and a
 * request accepted: the writes that end or answer a task, beside tasks.assign's create and edit.
 */
import { eq } from 'drizzle-orm';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { taskCompletions, tasks } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Emit } from '../../realtime/publisher';
import { freeMedia, removeFiles } from '../media/media.claims';
import { appendRecord } from '../pairs/pairs.record';
import { answerRequest } from '../pairs/pairs.requests';
import { lockInActorPairs, type PairRow } from '../pairs/pairs.scope';
import { announceCompletion, announceTask } from './tasks.events';
import { authorizeTask } from './tasks.policy';
import { loadTask, TASK_NOT_FOUND } from './tasks.queries';

/** Deleting a task erases it with its history and every file of either. */
export async function deleteTask(deps: AppDeps, actor: Actor, input: { id: string }) {
  const keys = await deps.publisher.transaction(async (tx, emit) => {
    const { row: task, pair } = await lockInActorPairs(tx, tasks, input.id, actor, TASK_NOT_FOUND);
    authorizeTask(actor, task, pair, 'delete');
    return eraseTask(tx, emit, deps, actor, task, pair, 'task.deleted');
  });
  await removeFiles(deps, keys);
}

/** The submissive answers a task request (decision 056): accepted, it is an ordinary task; declined, erased. */
export async function answerTaskRequest(deps: AppDeps, actor: Actor, input: { id: string; accept: boolean }) {
  await answerRequest(deps, actor, input.accept, {
    lock: (tx) => lockInActorPairs(tx, tasks, input.id, actor, TASK_NOT_FOUND),
    authorize: (task, pair) => authorizeTask(actor, task, pair, 'answerRequest'),
    activate: (tx, task, now) =>
      tx.update(tasks).set({ limitState: null, updatedAt: now }).where(eq(tasks.id, task.id)),
    accepted: 'task.accepted',
    recordData: (taskId) => ({ taskId }),
    announce: (emit, pair, id) => announceTask(emit, pair, id, 'changed'),
    erase: (tx, emit, task, pair) => eraseTask(tx, emit, deps, actor, task, pair, 'task.declined'),
  });
  return input.accept ? { task: await loadTask(deps.db, input.id) } : { task: null };
}

/** A task erased with its history and every file of either, noted in the record as `kind`. */
async function eraseTask(
  tx: Tx,
  emit: Emit,
  deps: AppDeps,
  actor: Actor,
  task: typeof tasks.$inferSelect,
  pair: PairRow,
  kind: 'task.deleted' | 'task.declined',
) {
  const history = await tx.delete(taskCompletions).where(eq(taskCompletions.taskId, task.id)).returning({
    id: taskCompletions.id,
    photo: taskCompletions.photoProof,
    voice: taskCompletions.voiceNote,
    voiceProof: taskCompletions.voiceProof,
  });
  await tx.delete(tasks).where(eq(tasks.id, task.id));
  const removed = await freeMedia(tx, [
    task.photoProof,
    task.voiceNote,
    task.voiceProof,
    ...history.flatMap((h) => [h.photo, h.voice, h.voiceProof]),
  ]);
  await appendRecord(tx, {
    pairId: pair.id,
    actorId: actor.id,
    kind,
    data: { taskId: task.id },
    at: deps.clock(),
  });
  announceTask(emit, pair, task.id, 'deleted');
  for (const h of history) announceCompletion(emit, pair, h.id);
  return removed;
}
