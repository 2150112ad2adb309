import type { Area } from '@/shared/domain/caps';
import type { PunishmentAftercare } from '@/shared/schemas/aftercare';
import type { PunishmentInfractionView, PunishmentView } from '@/shared/schemas/punishments';
import type { punishments } from '../../db/schema';
import { presentLimitTags } from '../pairs/pairs.limits';

const NO_TITLES: ReadonlyMap<string, string> = new Map();

const ms = (d: Date | null) => (d ? d.getTime() : null);

export function presentPunishment(
  row: {
    punishment: typeof punishments.$inferSelect;
    aftercare?: PunishmentAftercare;
    assignedByName: string | null;
    assignedToName: string | null;
    dominantId: string;
    submissiveId: string;
    /** The infraction it answers (decision 066), read with it by a join; null or absent: none. */
    infraction?: {
      id: string | null;
      ruleTitle: string | null;
      occurredAt: Date | null;
      state: string | null;
    } | null;
  },
  titles: ReadonlyMap<string, string> = NO_TITLES,
): PunishmentView {
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
    voiceNoteGone: p.voiceNoteGone ?? null,
    voiceNoteDescription: p.voiceNoteDescription,
    feedback: p.feedback,
    feedbackGivenAt: ms(p.feedbackGivenAt),
    feedbackGivenBy: p.feedbackGivenBy,
    limitTags: presentLimitTags(p.limitTags, titles),
    limitState: p.limitState,
    infraction: presentInfraction(row.infraction),
  };
}

/** The joined infraction's columns, all null when the punishment answers none. */
function presentInfraction(
  i:
    | { id: string | null; ruleTitle: string | null; occurredAt: Date | null; state: string | null }
    | null
    | undefined,
): PunishmentInfractionView | null {
  if (!i?.id || i.ruleTitle === null || !i.occurredAt) return null;
  return {
    id: i.id,
    ruleTitle: i.ruleTitle,
    occurredAt: i.occurredAt.getTime(),
    withdrawn: i.state === 'withdrawn',
  };
}
