import type { Area } from '@/shared/domain/caps';
import type { PunishmentAftercare } from '@/shared/schemas/aftercare';
import type { PunishmentView } from '@/shared/schemas/punishments';
import type { punishments } from '../../db/schema';

const ms = (d: Date | null) => (d ? d.getTime() : null);

export function presentPunishment(row: {
  punishment: typeof punishments.$inferSelect;
  aftercare?: PunishmentAftercare;
  assignedByName: string | null;
  assignedToName: string | null;
  dominantId: string;
  submissiveId: string;
}): PunishmentView {
  const p = row.punishment;
  return {
    id: p.id,
    pairId: p.pairId,
    dominantId: row.dominantId,
    submissiveId: row.submissiveId,
    title: p.title,
    description: p.description,
    severity: p.severity,
    areas: (p.areas ?? []) as Area[],
    reason: p.reason,
    notes: p.notes,
    createdAt: p.createdAt.getTime(),
    assignedBy: p.assignedBy,
    assignedByName: row.assignedByName ?? 'Unknown User',
    assignedTo: p.assignedTo,
    assignedToName: row.assignedToName ?? 'Unknown User',
    isCompleted: p.completed,
    completedAt: ms(p.completedAt),
    aftercareRequired: p.aftercareRequired,
    aftercare: row.aftercare ?? null,
    timerEnabled: p.timerEnabled,
    timerDuration: p.timerDuration,
    timerStartTime: ms(p.timerStartTime),
    timerRemainingMs: p.timerRemainingMs,
    voiceNote: p.voiceNote,
    voiceNoteDescription: p.voiceNoteDescription,
    feedback: p.feedback,
    feedbackGivenAt: ms(p.feedbackGivenAt),
    feedbackGivenBy: p.feedbackGivenBy,
  };
}
