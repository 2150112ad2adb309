import { type TaskAbilities, taskAbilities } from '@/shared/domain/tasks';
import { LIMITS_TEXT } from '@/shared/schemas/limits';
import type { Actor } from '../../auth/session';
import type { tasks } from '../../db/schema';
import { conflict, forbidden } from '../../http/errors';
import type { PairRow } from '../pairs/pairs.scope';

type TaskRow = typeof tasks.$inferSelect;
type TaskAction = 'edit' | 'delete' | 'complete' | 'giveFeedback' | 'answerRequest';

/** The shared rule (`taskAbilities`) applied to a stored task and its pair. */
export const abilitiesOn = (actor: Actor, task: TaskRow, pair: PairRow): TaskAbilities =>
  taskAbilities(
    {
      taskType: task.taskType,
      isCompleted: task.completed,
      limitState: task.limitState,
      assignedTo: task.assignedTo,
      dominantId: pair.dominantId,
      submissiveId: pair.submissiveId,
    },
    { id: actor.id, actingRole: actor.actingRole },
  );

/**
 * Refuses what the shared rule denies, saying why: the wrong person first (403), then the wrong moment
 * for the right person (409).
 */
export function authorizeTask(actor: Actor, task: TaskRow, pair: PairRow, action: TaskAction) {
  const can = abilitiesOn(actor, task, pair);
  if (can[action]) return can;
  switch (action) {
    case 'edit':
      if (!can.asDominant) throw forbidden('Only the dominant can edit tasks');
      throw conflict('Above & Beyond tasks cannot be edited');
    case 'delete':
      throw forbidden('Only the dominant can delete tasks');
    case 'complete': {
      const entitled = can.asDominant || (can.asSubmissive && task.assignedTo === actor.id);
      if (entitled && task.completed) throw conflict('Task is already completed');
      if (entitled && task.limitState) throw conflict(LIMITS_TEXT.inert[task.limitState]);
      throw forbidden('Only the assignee or their dominant can complete this task');
    }
    case 'answerRequest':
      if (!can.asSubmissive) throw forbidden(LIMITS_TEXT.onlySubmissive);
      throw conflict(LIMITS_TEXT.notRequested);
    case 'giveFeedback':
      if (!can.asDominant) throw forbidden('Only the dominant can give feedback');
      throw conflict('Feedback can only be given on a completed task');
  }
}
