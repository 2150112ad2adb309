import type { Emit } from '../../realtime/publisher';
import type { PairRow } from '../pairs/pairs.scope';

const members = (pair: PairRow) => [pair.dominantId, pair.submissiveId];

/** Both members of the pair hear that a task changed or went. */
export function announceTask(emit: Emit, pair: PairRow, taskId: string, change: 'changed' | 'deleted') {
  emit(members(pair), change === 'changed' ? 'task.changed' : 'task.deleted', { taskId, pairId: pair.id });
}

/** Both members of the pair hear that a history entry changed. */
export function announceCompletion(emit: Emit, pair: PairRow, completionId: string) {
  emit(members(pair), 'task_completion.changed', { completionId, pairId: pair.id });
}
