import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SessionRole } from '@/shared/domain/roles';
import { encodeTaskCursor, TASK_PAGE, type TaskPage } from '@/shared/schemas/tasks';
import { type Actor, requireActingRole } from '../../auth/session';
import type { Queryable, Tx } from '../../db/client';
import { bound, prepared } from '../../db/prepared';
import { liveTask, pairs, taskCompletions, tasks, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { limitTagTitles } from '../pairs/pairs.limits';
import { inActorPairs, inActorPairsAs, newestInActorPairsAs } from '../pairs/pairs.scope';
import { presentCompletion, presentTask } from './tasks.presenter';

const assigner = alias(users, 'assigner');
const assignee = alias(users, 'assignee');
const completer = alias(users, 'completer');

export const TASK_NOT_FOUND = 'Task not found';
export const COMPLETION_NOT_FOUND = 'Task history entry not found';
/** How many history entries the history answers with. */
const LIST_LIMIT = 500;

const pairMembers = { dominantId: pairs.dominantId, submissiveId: pairs.submissiveId };

const taskSelection = {
  task: tasks,
  assignedByName: assigner.displayName,
  assignedToName: assignee.displayName,
  completedByName: completer.displayName,
  ...pairMembers,
};

function taskQuery(q: Queryable) {
  return q
    .select(taskSelection)
    .from(tasks)
    .innerJoin(pairs, eq(pairs.id, tasks.pairId))
    .leftJoin(assigner, eq(assigner.id, tasks.assignedBy))
    .leftJoin(assignee, eq(assignee.id, tasks.assignedTo))
    .leftJoin(completer, eq(completer.id, tasks.completedBy));
}

/** created_at to the microsecond, as the list's cursor names it (a Date keeps milliseconds only). */
const cursorAt = sql<string>`to_char(${tasks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The list's rows: each task with the place it holds in the list. */
function listQuery(q: Queryable) {
  return q
    .select({ ...taskSelection, cursorAt })
    .from(tasks)
    .innerJoin(pairs, eq(pairs.id, tasks.pairId))
    .leftJoin(assigner, eq(assigner.id, tasks.assignedBy))
    .leftJoin(assignee, eq(assignee.id, tasks.assignedTo))
    .leftJoin(completer, eq(completer.id, tasks.completedBy));
}

/** A task as the API shows it (after a write, in the same transaction). */
export async function loadTask(q: Queryable, id: string) {
  const [row] = await taskQuery(q).where(eq(tasks.id, id)).limit(1);
  if (!row) throw notFound(TASK_NOT_FOUND);
  return presentTask(row, await limitTagTitles(q, [row.task.limitTags]));
}

/**
 * Completed repeating tasks whose next cycle has begun open again (spec: "on load, a completed repeating
 * task whose next occurrence has passed is reset"): the listed ones that are due, checked again here.
 */
async function reopenDueCycles(deps: AppDeps, actor: Actor, ids: string[]) {
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
        inArray(tasks.id, ids),
        eq(pairs.id, tasks.pairId),
        eq(tasks.completed, true),
        lte(tasks.cycleReopensAt, now),
        inActorPairs(tasks.pairId, actor),
      ),
    )
    .returning({ id: tasks.id, pairId: pairs.id, ...pairMembers });
  if (reopened.length === 0) return false;
  await deps.publisher.publish(
    reopened.map((row) => ({
      kind: 'event' as const,
      userIds: [row.dominantId, row.submissiveId],
      event: { name: 'task.changed' as const, data: { taskId: row.id, pairId: row.pairId } },
    })),
  );
  return true;
}

// The first page and a later one of the live tasks (decision 063: a done one-off task is history); the
// order stays created_at desc, id desc (their partial index); TASK_PAGE + 1 rows tell whether more
// follow. Each pair's rows are read from the index up to a page (newestInActorPairsAs).
const afterCursor = sql`(${tasks.createdAt}, ${tasks.id}) < (${bound('afterAt')}::timestamptz, ${bound('afterId')}::uuid)`;
const taskListAs = (role: SessionRole, page: 'first' | 'after') =>
  prepared((db) =>
    listQuery(db)
      .where(
        newestInActorPairsAs(
          tasks,
          tasks.createdAt,
          { id: bound('userId') },
          role,
          TASK_PAGE + 1,
          page === 'first' ? liveTask(tasks) : sql`${liveTask(tasks)} and ${afterCursor}`,
        ),
      )
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(TASK_PAGE + 1)
      .prepare(page === 'first' ? `tasks_list_${role}` : `tasks_list_after_${role}`),
  );
const taskLists = {
  dominant: { first: taskListAs('dominant', 'first'), after: taskListAs('dominant', 'after') },
  submissive: { first: taskListAs('submissive', 'first'), after: taskListAs('submissive', 'after') },
};

/**
 * A page of the tasks of the pairs in which the actor acts in the session's role, newest first, from the
 * start or after a cursor; due repeats on it reopened first.
 */
export async function listTasks(
  deps: AppDeps,
  actor: Actor,
  after?: { at: string; id: string } | undefined,
): Promise<TaskPage> {
  const lists = taskLists[requireActingRole(actor)];
  const read = () =>
    after
      ? lists.after(deps.db).execute({ userId: actor.id, afterAt: after.at, afterId: after.id })
      : lists.first(deps.db).execute({ userId: actor.id });
  let rows = await read();
  // Most lists have nothing to reopen: the write happens only when a listed task is due.
  const now = deps.clock().getTime();
  const due = rows
    .filter(({ task }) => task.completed && task.cycleReopensAt && task.cycleReopensAt.getTime() <= now)
    .map(({ task }) => task.id);
  if (due.length > 0 && (await reopenDueCycles(deps, actor, due))) rows = await read();
  const page = rows.slice(0, TASK_PAGE);
  const last = page.at(-1);
  const titles = await limitTagTitles(
    deps.db,
    page.map((row) => row.task.limitTags),
  );
  return {
    tasks: page.map((row) => presentTask(row, titles)),
    nextCursor:
      rows.length > TASK_PAGE && last
        ? encodeTaskCursor({ cursorAt: last.cursorAt, id: last.task.id })
        : null,
  };
}

const taskByIdAs = (role: SessionRole) =>
  prepared((db) =>
    taskQuery(db)
      .where(and(eq(tasks.id, bound('id')), inActorPairsAs(tasks.pairId, { id: bound('userId') }, role)))
      .limit(1)
      .prepare(`task_by_id_${role}`),
  );
const tasksById = { dominant: taskByIdAs('dominant'), submissive: taskByIdAs('submissive') };

/**
 * One task of the pairs in which the actor acts in the session's role, as the list shows it (a due repeat
 * reopened first): what a client reads to change its list in place on a task's event. 404 otherwise.
 */
export async function getTask(deps: AppDeps, actor: Actor, input: { id: string }) {
  const byId = tasksById[requireActingRole(actor)];
  const read = () => byId(deps.db).execute({ id: input.id, userId: actor.id });
  let [row] = await read();
  if (!row) throw notFound(TASK_NOT_FOUND);
  const { task } = row;
  if (task.completed && task.cycleReopensAt && task.cycleReopensAt.getTime() <= deps.clock().getTime()) {
    if (await reopenDueCycles(deps, actor, [task.id])) [row] = await read();
    if (!row) throw notFound(TASK_NOT_FOUND);
  }
  return presentTask(row, await limitTagTitles(deps.db, [row.task.limitTags]));
}

const completionQuery = (q: Queryable) =>
  q
    .select({
      completion: taskCompletions,
      completedByName: completer.displayName,
      assignedToName: assignee.displayName,
      nextDueDate: tasks.dueDate,
      ...pairMembers,
    })
    .from(taskCompletions)
    .innerJoin(pairs, eq(pairs.id, taskCompletions.pairId))
    .leftJoin(completer, eq(completer.id, taskCompletions.completedBy))
    .leftJoin(assignee, eq(assignee.id, taskCompletions.assignedTo))
    .leftJoin(tasks, eq(tasks.id, taskCompletions.taskId));

const historyListAs = (role: SessionRole) =>
  prepared((db) =>
    completionQuery(db)
      .where(
        newestInActorPairsAs(
          taskCompletions,
          taskCompletions.completedAt,
          { id: bound('userId') },
          role,
          LIST_LIMIT,
        ),
      )
      .orderBy(desc(taskCompletions.completedAt), desc(taskCompletions.id))
      .limit(LIST_LIMIT)
      .prepare(`task_history_list_${role}`),
  );
const historyLists = { dominant: historyListAs('dominant'), submissive: historyListAs('submissive') };

/** The history of the pairs in which the actor acts in the session's role, newest first. */
export async function listHistory(deps: AppDeps, actor: Actor) {
  const rows = await historyLists[requireActingRole(actor)](deps.db).execute({ userId: actor.id });
  return rows.map(presentCompletion);
}

export async function loadCompletion(q: Queryable, id: string) {
  const [row] = await completionQuery(q).where(eq(taskCompletions.id, id)).limit(1);
  return presentCompletion(row!);
}

/** The id of a task's latest history entry, if it has one. */
export async function latestCompletionId(tx: Tx, taskId: string) {
  const [latest] = await tx
    .select({ id: taskCompletions.id })
    .from(taskCompletions)
    .where(eq(taskCompletions.taskId, taskId))
    .orderBy(desc(taskCompletions.completedAt))
    .limit(1);
  return latest?.id ?? null;
}

/** The IANA zone a user's repeats keep their wall-clock time in. */
export async function timeZoneOf(tx: Tx, userId: string) {
  const [row] = await tx.select({ tz: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.tz ?? 'UTC';
}
