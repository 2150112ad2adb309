import type { Area } from '@/shared/domain/caps';
import { nextOccurrence } from '@/shared/domain/schedule';
import type { TaskCompletionView, TaskView } from '@/shared/schemas/tasks';
import type { taskCompletions, tasks } from '../../db/schema';
import { presentLimitTags } from '../pairs/pairs.limits';

const NO_TITLES: ReadonlyMap<string, string> = new Map();

const ms = (d: Date | null) => (d ? d.getTime() : null);

const feedbackOf = (row: typeof tasks.$inferSelect | typeof taskCompletions.$inferSelect) => ({
  feedback: row.feedback,
  feedbackGivenAt: ms(row.feedbackGivenAt),
  feedbackGivenBy: row.feedbackGivenBy,
  feedbackAcknowledged: row.feedbackAcknowledged,
  feedbackAcknowledgedBy: row.feedbackAcknowledgedBy,
  feedbackAcknowledgedAt: ms(row.feedbackAcknowledgedAt),
});

export function presentTask(
  row: {
    task: typeof tasks.$inferSelect;
    assignedByName: string | null;
    assignedToName: string | null;
    completedByName: string | null;
    dominantId: string;
    submissiveId: string;
  },
  titles: ReadonlyMap<string, string> = NO_TITLES,
): TaskView {
  const t = row.task;
  const due = t.dueDate.getTime();
  // A completed repeating task has already rolled on: its due date is the next one.
  const nextDueDate = t.repeatConfig
    ? t.completed
      ? due
      : // On the repeat's own schedule, should Red have moved this due date (decision 049).
        nextOccurrence(t.repeatConfig, t.scheduledDueDate?.getTime() ?? due, due, t.timeZone)
    : null;
  return {
    id: t.id,
    pairId: t.pairId,
    dominantId: row.dominantId,
    submissiveId: row.submissiveId,
    title: t.title,
    description: t.description,
    createdAt: t.createdAt.getTime(),
    dueDate: due,
    nextDueDate,
    isCompleted: t.completed,
    completedAt: ms(t.completedAt),
    completedBy: t.completedBy,
    completedByName: row.completedByName,
    assignedBy: t.assignedBy,
    assignedByName: row.assignedByName ?? 'Unknown User',
    assignedTo: t.assignedTo,
    assignedToName: row.assignedToName ?? 'Unknown User',
    photoProofRequired: t.photoProofRequired,
    photoProof: t.photoProof,
    voiceProof: t.voiceProof,
    photoProofGone: t.photoProofGone ?? null,
    voiceProofGone: t.voiceProofGone ?? null,
    voiceNote: t.voiceNote,
    voiceNoteDescription: t.voiceNoteDescription,
    areas: (t.areas ?? []) as Area[],
    taskType: t.taskType,
    onTime: t.completionOnTime,
    latenessSeconds: t.completionLatenessSeconds,
    repeatConfig: t.repeatConfig ?? null,
    timeZone: t.timeZone,
    awardPoints: t.awardPoints,
    limitTags: presentLimitTags(t.limitTags, titles),
    limitState: t.limitState,
    ...feedbackOf(t),
  };
}

export function presentCompletion(row: {
  completion: typeof taskCompletions.$inferSelect;
  completedByName: string | null;
  assignedToName: string | null;
  nextDueDate: Date | null;
  dominantId: string;
  submissiveId: string;
}): TaskCompletionView {
  const c = row.completion;
  return {
    id: c.id,
    taskId: c.taskId,
    pairId: c.pairId,
    dominantId: row.dominantId,
    submissiveId: row.submissiveId,
    title: c.title,
    description: c.description,
    taskType: c.taskType,
    completedBy: c.completedBy,
    completedByName: row.completedByName ?? 'Unknown User',
    assignedBy: c.assignedBy,
    assignedTo: c.assignedTo,
    assignedToName: row.assignedToName ?? 'Unknown User',
    completedAt: c.completedAt.getTime(),
    dueDateAtTime: c.dueDateAtTime.getTime(),
    onTime: c.onTime,
    latenessSeconds: c.latenessSeconds,
    photoProof: c.photoProof,
    voiceProof: c.voiceProof,
    photoProofGone: c.photoProofGone ?? null,
    voiceProofGone: c.voiceProofGone ?? null,
    voiceNote: c.voiceNote,
    voiceNoteDescription: c.voiceNoteDescription,
    repeatConfig: c.repeatConfig ?? null,
    nextDueDate: c.repeatConfig && row.nextDueDate ? row.nextDueDate.getTime() : null,
    ...feedbackOf(c),
  };
}
