import { randomUUID } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { notify } from '@/shared/domain/notifications';
import { normalizeRepeatConfig } from '@/shared/domain/schedule';
import { cycleReopensAt } from '@/shared/domain/tasks';
import {
  type createTaskInput,
  TASK_MESSAGES,
  type updateTaskInput,
  VOICE_TASK_TITLE,
} from '@/shared/schemas/tasks';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { bound, preparedInTransaction } from '../../db/prepared';
import { taskCompletions, tasks } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { invalid, notFound } from '../../http/errors';
import { claimIdempotencyKey, type IdempotencyKey } from '../../http/idempotency';
import { claimMedia, freeMedia, removeFiles } from '../media/media.claims';
import { createNotification } from '../notifications/notifications.service';
import { pairForCreate } from '../pairs/pairs.create';
import { guardDemand } from '../pairs/pairs.demands';
import { assertWithinLimits, limitTagTitles } from '../pairs/pairs.limits';
import { requireSessionRole } from '../pairs/pairs.policy';
import { appendRecord } from '../pairs/pairs.record';
import { lockInActorPairs } from '../pairs/pairs.scope';
import { announceTask } from './tasks.events';
import { authorizeTask } from './tasks.policy';
import { presentTask } from './tasks.presenter';
import { loadTask, TASK_NOT_FOUND } from './tasks.queries';

type CreateInput = z.output<typeof createTaskInput>;
type UpdateInput = z.output<typeof updateTaskInput> & { id: string };

/** A new assigned task, every column given, the whole row returned: one prepared statement. */
const insertTask = preparedInTransaction((tx) =>
  tx
    .insert(tasks)
    .values({
      id: bound('id'),
      pairId: bound('pairId'),
      assignedBy: bound('assignedBy'),
      assignedTo: bound('assignedTo'),
      title: bound('title'),
      description: bound('description'),
      dueDate: bound('dueDate'),
      photoProofRequired: bound('photoProofRequired'),
      voiceNote: bound('voiceNote'),
      voiceNoteDescription: bound('voiceNoteDescription'),
      timeZone: bound('timeZone'),
      repeatConfig: sql`${bound('repeatConfig')}::jsonb`,
      areas: sql`${bound('areas')}::text[]`,
      limitTags: bound('limitTags'),
      limitState: bound('limitState'),
      awardPoints: bound('awardPoints'),
      taskType: 'assigned',
    })
    .returning()
    .prepare('task_create'),
);

/** Past by more than a minute: the form's "now" and the server's may differ by a few seconds. */
const PAST_GRACE_MS = 60_000;

function checkDue(dueDate: number, now: Date) {
  if (dueDate < now.getTime() - PAST_GRACE_MS) throw invalid(TASK_MESSAGES.pastDue);
}

function repeatFor(input: CreateInput | UpdateInput, timeZone: string) {
  if (!input.repeatConfig) return null;
  try {
    return normalizeRepeatConfig(input.repeatConfig, input.dueDate, timeZone);
  } catch (error) {
    throw invalid((error as Error).message);
  }
}

/** The text or voice content of a task, as stored. */
function contentOf(input: CreateInput | UpdateInput) {
  const voice = input.kind === 'voice';
  return {
    title: input.title || VOICE_TASK_TITLE,
    description: voice ? '' : input.description.trim(),
    dueDate: new Date(input.dueDate),
    photoProofRequired: input.photoProofRequired,
    voiceNote: voice ? (input.voiceNoteId ?? null) : null,
    voiceNoteDescription: voice ? input.voiceNoteDescription?.trim() || null : null,
    areas: input.areas,
  };
}

/** What a task asks of the submissive, for the one guard (decision 057). */
const taskDemand = (taskId: string | null, content: ReturnType<typeof contentOf>) => ({
  kind: 'task' as const,
  taskId,
  areas: content.areas,
  proof: content.photoProofRequired,
  dueDate: content.dueDate,
});

/** The dominant assigns a task to a submissive of one of their pairs. */
export async function createTask(
  deps: AppDeps,
  actor: Actor,
  input: CreateInput,
  key: IdempotencyKey | null = null,
) {
  requireSessionRole(actor, 'dominant', 'Only the dominant can assign tasks');
  const now = deps.clock();
  checkDue(input.dueDate, now);
  return deps.publisher.transaction(async (tx, emit) => {
    // The task is written after its voice note is claimed: its id is chosen first, for the claim to name it.
    const taskId = randomUUID();
    const prior = await claimIdempotencyKey(tx, key, taskId, now);
    // A replay answers the task while the pair lasts; a former partner's key finds nothing (404).
    if (prior) return loadTask(tx, (await lockInActorPairs(tx, tasks, prior, actor, TASK_NOT_FOUND)).row.id);
    const pair = await pairForCreate(tx, actor.id, 'dominant', input.assignedTo, now);
    if (!pair) throw notFound('No partner connection found with the selected submissive');
    const content = contentOf(input);
    // Nothing new is asked while Red or Yellow holds the pair (decision 049), nor past a cap of the contract
    // (decision 057): the one guard, with what was read with the pair.
    await guardDemand(tx, pair.id, taskDemand(null, content), now, pair);
    // Beside the guard: a No of either partner refuses it, the submissive's Maybe makes a request (decision 056).
    const limitState = await assertWithinLimits(tx, pair, input.limitTags);
    if (content.voiceNote) {
      await claimMedia(
        tx,
        actor,
        { id: content.voiceNote, pairId: pair.id, kind: 'audio', holder: 'task', holderId: taskId },
        now,
      );
    }
    // The written row comes back whole: nothing is read again (decision 046).
    const repeat = repeatFor(input, pair.actorTimeZone);
    const [task] = await insertTask(tx, {
      ...content,
      id: taskId,
      pairId: pair.id,
      assignedBy: actor.id,
      assignedTo: input.assignedTo,
      repeatConfig: repeat ? JSON.stringify(repeat) : null,
      timeZone: pair.actorTimeZone,
      limitTags: input.limitTags,
      limitState,
      awardPoints: input.awardPoints,
    });
    await createNotification(
      tx,
      emit,
      input.assignedTo,
      (limitState === 'requested' ? notify.taskRequested : notify.taskAssigned)({
        assignerName: actor.name,
        title: task!.title,
        taskId,
        pairId: pair.id,
      }),
    );
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'task.assigned',
      data: { taskId },
      at: now,
    });
    announceTask(emit, pair, taskId, 'changed');
    return presentTask(
      {
        task: task!,
        assignedByName: actor.name,
        assignedToName: pair.partnerName,
        completedByName: null,
        dominantId: pair.dominantId,
        submissiveId: pair.submissiveId,
      },
      await limitTagTitles(tx, [input.limitTags]),
    );
  });
}

/** The pair's dominant edits an assigned task; a replaced voice note is freed unless history keeps it. */
export async function updateTask(deps: AppDeps, actor: Actor, input: UpdateInput) {
  const now = deps.clock();
  let dropped: string[] = [];
  const task = await deps.publisher.transaction(async (tx, emit) => {
    const { row: task, pair } = await lockInActorPairs(tx, tasks, input.id, actor, TASK_NOT_FOUND);
    authorizeTask(actor, task, pair, 'edit');
    const content = contentOf(input);
    await guardDemand(tx, pair.id, taskDemand(task.id, content), now);
    // A paused task comes back only once it no longer crosses a No; a Maybe of the submissive asks again.
    const limitState = await assertWithinLimits(tx, pair, input.limitTags);
    if (input.dueDate !== task.dueDate.getTime()) checkDue(input.dueDate, now);
    const repeat = repeatFor(input, task.timeZone);
    if (content.voiceNote && content.voiceNote !== task.voiceNote) {
      await claimMedia(
        tx,
        actor,
        { id: content.voiceNote, pairId: pair.id, kind: 'audio', holder: 'task', holderId: task.id },
        now,
      );
    }
    await tx
      .update(tasks)
      .set({
        ...content,
        repeatConfig: repeat,
        // A repeat Red moved keeps its own schedule while its due time is left as it is.
        scheduledDueDate: repeat && input.dueDate === task.dueDate.getTime() ? task.scheduledDueDate : null,
        // A completed repeating task opens again on its (possibly new) due day; without a repeat it stays done.
        cycleReopensAt:
          task.completed && repeat ? new Date(cycleReopensAt(input.dueDate, task.timeZone)) : null,
        limitTags: input.limitTags,
        limitState,
        // Changes what later completions are awarded; what was awarded stays in the ledger (decision 075).
        awardPoints: input.awardPoints,
        updatedAt: now,
      })
      .where(eq(tasks.id, input.id));
    const old = task.voiceNote;
    if (old && old !== content.voiceNote && !(await keptByHistory(tx, old))) {
      dropped = await freeMedia(tx, [old]);
    }
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'task.edited',
      data: { taskId: input.id },
      at: now,
    });
    announceTask(emit, pair, input.id, 'changed');
    return loadTask(tx, input.id);
  });
  await removeFiles(deps, dropped);
  return task;
}

/** A task's voice note is copied into its history entries, which keep it after the task changes. */
async function keptByHistory(tx: Tx, mediaId: string) {
  const [row] = await tx
    .select({ id: taskCompletions.id })
    .from(taskCompletions)
    .where(or(eq(taskCompletions.photoProof, mediaId), eq(taskCompletions.voiceNote, mediaId)))
    .limit(1);
  return row !== undefined;
}
