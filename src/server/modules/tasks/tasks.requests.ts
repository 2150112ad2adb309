/**
 * A task erased (deleted by the dominant, or a request declined by the submissive, decision 056), and a
 * request accepted: the writes that end or answer a task, beside tasks.assign's create and edit.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { media, pairs, taskCompletions, taskDeletions, tasks } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';
import { freeMedia, removeFiles } from '../media/media.claims';
import { guardDemand } from '../pairs/pairs.demands';
import { assertWithinLimits } from '../pairs/pairs.limits';
import { appendRecord } from '../pairs/pairs.record';
import { answerRequest } from '../pairs/pairs.requests';
import { inActorPairs, lockInActorPairs, type PairRow, pairColumns } from '../pairs/pairs.scope';
import { announceCompletion, announceTask } from './tasks.events';
import { authorizeTask } from './tasks.policy';
import { loadTask, TASK_NOT_FOUND } from './tasks.queries';

/**
 * How long a deleted task can be put back (decision 099). The toast offers Undo for ten seconds, longer while
 * it is hovered or focused; the server allows a minute, after which the erasure job takes the files.
 */
export const TASK_UNDO_MS = 60_000;

/** Texts of Undo (decision 099). */
export const TASK_UNDO_TEXT = {
  gone: 'This task can no longer be restored',
} as const;

/**
 * The dominant deletes a task: it is gone for both at once, with its history, and held (its rows and files)
 * for `TASK_UNDO_MS`, so that Undo can put it back (`restoreTask`); then `eraseDeletedTasks` erases it.
 */
export async function deleteTask(deps: AppDeps, actor: Actor, input: { id: string }) {
  const now = deps.clock();
  await deps.publisher.transaction(async (tx, emit) => {
    const { row: task, pair } = await lockInActorPairs(tx, tasks, input.id, actor, TASK_NOT_FOUND);
    authorizeTask(actor, task, pair, 'delete');
    // The rows as stored, every column, so that a restore writes them back exactly.
    const [held] = await tx
      .select({
        task: sql<Record<string, unknown>>`to_jsonb(${tasks})`,
        history: sql<
          Record<string, unknown>[]
        >`coalesce((select jsonb_agg(to_jsonb(c)) from ${taskCompletions} c where c.task_id = ${TASK_ID}), '[]'::jsonb)`,
      })
      .from(tasks)
      .where(eq(tasks.id, task.id));
    const history = await tx
      .delete(taskCompletions)
      .where(eq(taskCompletions.taskId, task.id))
      .returning(HISTORY_FILES);
    await tx.delete(tasks).where(eq(tasks.id, task.id));
    await tx.insert(taskDeletions).values({
      taskId: task.id,
      pairId: pair.id,
      deletedBy: actor.id,
      deletedAt: now,
      task: held!.task,
      history: held!.history,
      media: filesOf(task, history),
    });
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'task.deleted',
      data: { taskId: task.id },
      at: now,
    });
    announceTask(emit, pair, task.id, 'deleted');
    for (const h of history) announceCompletion(emit, pair, h.id);
  });
  return { restorableUntil: now.getTime() + TASK_UNDO_MS };
}

/**
 * Undo (decision 099): the dominant who could delete the task puts it back within `TASK_UNDO_MS`, as it was,
 * its history and files with it. It asks something of the submissive again, so it passes the same guard as
 * a new task (Red, Yellow, the first negotiation, the caps, the limits: 409 with their message); past the
 * window it is 409 with "This task can no longer be restored". 404 for anyone outside the pair, a former partner, or a task never deleted.
 */
export async function restoreTask(deps: AppDeps, actor: Actor, input: { id: string }) {
  const now = deps.clock();
  await deps.publisher.transaction(async (tx, emit) => {
    const [found] = await tx
      .select({ held: taskDeletions, pair: pairColumns })
      .from(taskDeletions)
      .innerJoin(pairs, eq(pairs.id, taskDeletions.pairId))
      .where(and(eq(taskDeletions.taskId, input.id), inActorPairs(taskDeletions.pairId, actor)))
      .for('update', { of: [taskDeletions, pairs] })
      .limit(1);
    if (!found) throw notFound(TASK_NOT_FOUND);
    const { held, pair } = found;
    const task = rowOf(held.task);
    authorizeTask(actor, task, pair, 'delete');
    if (now.getTime() - held.deletedAt.getTime() > TASK_UNDO_MS) throw conflict(TASK_UNDO_TEXT.gone);
    await guardDemand(
      tx,
      pair.id,
      {
        kind: 'task',
        taskId: null,
        areas: task.areas,
        proof: task.photoProofRequired,
        dueDate: task.dueDate,
      },
      now,
    );
    const limitState = (await assertWithinLimits(tx, pair, task.limitTags)) ?? task.limitState;
    // A file the hour's sweeps took meanwhile (its keep-time ran out, decision 076) is left out.
    const kept = new Set(
      held.media.length === 0
        ? []
        : (await tx.select({ id: media.id }).from(media).where(inArray(media.id, held.media))).map(
            (m) => m.id,
          ),
    );
    const withFiles = (row: Record<string, unknown>) => {
      const copy = { ...row };
      for (const column of FILE_COLUMNS)
        if (copy[column] && !kept.has(copy[column] as string)) copy[column] = null;
      return copy;
    };
    await tx.execute(sql`
      insert into ${tasks} select * from jsonb_populate_record(null::tasks, ${JSON.stringify({ ...withFiles(held.task), limit_state: limitState, updated_at: now.toISOString() })}::jsonb)`);
    if (held.history.length > 0) {
      await tx.execute(sql`
        insert into ${taskCompletions}
        select * from jsonb_populate_recordset(null::task_completions, ${JSON.stringify(held.history.map(withFiles))}::jsonb)`);
    }
    await tx.delete(taskDeletions).where(eq(taskDeletions.taskId, input.id));
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'task.restored',
      data: { taskId: input.id },
      at: now,
    });
    announceTask(emit, pair, input.id, 'changed');
    for (const h of held.history) announceCompletion(emit, pair, h.id as string);
  });
  return loadTask(deps.db, input.id);
}

/**
 * The erasure job (decision 099), every minute on one instance: deletions older than `TASK_UNDO_MS` are
 * erased, their files with them. Answers how many.
 */
export async function eraseDeletedTasks(deps: Pick<AppDeps, 'db' | 'storage' | 'log' | 'clock'>) {
  const cutoff = new Date(deps.clock().getTime() - TASK_UNDO_MS);
  const keys = await deps.db.transaction(async (tx) => {
    const erased = await tx
      .delete(taskDeletions)
      .where(lt(taskDeletions.deletedAt, cutoff))
      .returning({ media: taskDeletions.media });
    return {
      count: erased.length,
      keys: await freeMedia(
        tx,
        erased.flatMap((e) => e.media),
      ),
    };
  });
  await removeFiles(deps, keys.keys);
  return keys.count;
}

/** The task's id, named with its table: a column alone is written unqualified, which the subquery would take as its own. */
const TASK_ID = sql`${sql.identifier('tasks')}.${sql.identifier('id')}`;

const HISTORY_FILES = {
  id: taskCompletions.id,
  photo: taskCompletions.photoProof,
  voice: taskCompletions.voiceNote,
  voiceProof: taskCompletions.voiceProof,
};
/** The columns of a task or a history entry that name a file, as stored. */
const FILE_COLUMNS = ['photo_proof', 'voice_proof', 'voice_note'] as const;

const filesOf = (
  task: Pick<typeof tasks.$inferSelect, 'photoProof' | 'voiceNote' | 'voiceProof'>,
  history: { photo: string | null; voice: string | null; voiceProof: string | null }[],
) => [
  ...new Set(
    [
      task.photoProof,
      task.voiceNote,
      task.voiceProof,
      ...history.flatMap((h) => [h.photo, h.voice, h.voiceProof]),
    ].filter((id): id is string => id !== null),
  ),
];

/** A held task's row as the policy reads it (the few columns it asks for, from the stored JSON). */
function rowOf(json: Record<string, unknown>) {
  return {
    taskType: json.task_type as 'assigned' | 'above_and_beyond',
    completed: json.completed as boolean,
    limitState: (json.limit_state ?? null) as (typeof tasks.$inferSelect)['limitState'],
    assignedTo: json.assigned_to as string,
    areas: (json.areas ?? []) as string[],
    photoProofRequired: json.photo_proof_required as boolean,
    dueDate: new Date(json.due_date as string),
    limitTags: (json.limit_tags ?? []) as string[],
  } as typeof tasks.$inferSelect;
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

/** A declined request erased with its history and every file of either, noted in the record as `kind`. */
async function eraseTask(
  tx: Tx,
  emit: Emit,
  deps: AppDeps,
  actor: Actor,
  task: typeof tasks.$inferSelect,
  pair: PairRow,
  kind: 'task.declined',
) {
  const history = await tx
    .delete(taskCompletions)
    .where(eq(taskCompletions.taskId, task.id))
    .returning(HISTORY_FILES);
  await tx.delete(tasks).where(eq(tasks.id, task.id));
  const removed = await freeMedia(tx, filesOf(task, history));
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
