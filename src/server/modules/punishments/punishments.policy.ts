import { type PunishmentAbilities, punishmentAbilities } from '@/shared/domain/punishments';
import { LIMITS_TEXT } from '@/shared/schemas/limits';
import { PUNISHMENT_MESSAGES } from '@/shared/schemas/punishments';
import type { Actor } from '../../auth/session';
import type { punishments } from '../../db/schema';
import { conflict, forbidden } from '../../http/errors';
import type { PairRow } from '../pairs/pairs.scope';

type PunishmentRow = typeof punishments.$inferSelect;
type PunishmentAction =
  | 'complete'
  | 'uncomplete'
  | 'startTimer'
  | 'giveFeedback'
  | 'emailFeedback'
  | 'editTags'
  | 'delete'
  | 'answerRequest';

/** The shared rule (`punishmentAbilities`) applied to a stored punishment and its pair. */
export const abilitiesOn = (actor: Actor, p: PunishmentRow, pair: PairRow, now: Date): PunishmentAbilities =>
  punishmentAbilities(
    {
      isCompleted: p.completed,
      timerEnabled: p.timerEnabled,
      timerDuration: p.timerDuration,
      timerStartTime: p.timerStartTime?.getTime() ?? null,
      timerRemainingMs: p.timerRemainingMs,
      assignedTo: p.assignedTo,
      dominantId: pair.dominantId,
      submissiveId: pair.submissiveId,
      feedback: p.feedback,
      limitState: p.limitState,
    },
    { id: actor.id, actingRole: actor.actingRole },
    now.getTime(),
  );

/**
 * Refuses what the shared rule denies, saying why: the wrong person first (403), then the wrong moment for
 * the right person (409).
 */
export function authorizePunishment(
  actor: Actor,
  p: PunishmentRow,
  pair: PairRow,
  action: PunishmentAction,
  now: Date,
) {
  const can = abilitiesOn(actor, p, pair, now);
  if (can[action]) return can;
  switch (action) {
    case 'complete':
      if (!can.asDominant && !can.asSubmissive) {
        throw forbidden('Only the dominant or the assigned submissive can complete this punishment');
      }
      if (p.completed) throw conflict('Punishment is already completed');
      throw conflict(LIMITS_TEXT.inert[p.limitState ?? 'paused']);
    case 'uncomplete':
      if (!can.asDominant) throw forbidden('Only the dominant can mark a punishment as not completed');
      throw conflict('Punishment is not completed');
    case 'startTimer':
      if (!can.asSubmissive) throw forbidden('Only the submissive can start the timer');
      if (!p.timerEnabled) throw conflict('This punishment has no timer');
      if (p.completed) throw conflict('Punishment is already completed');
      if (p.limitState) throw conflict(LIMITS_TEXT.inert[p.limitState]);
      throw conflict(PUNISHMENT_MESSAGES.timerRunning);
    case 'giveFeedback':
      if (!can.asDominant) throw forbidden('Only the dominant can give feedback');
      throw conflict('Feedback can only be given on a completed punishment');
    case 'editTags':
      if (!can.asDominant) throw forbidden('Only the dominant can change a punishment');
      throw conflict('Punishment is already completed');
    case 'delete':
      if (!can.asDominant) throw forbidden('Only the dominant can delete a punishment');
      throw conflict('Punishment is already completed');
    case 'answerRequest':
      if (!can.asSubmissive) throw forbidden(LIMITS_TEXT.onlySubmissive);
      throw conflict(LIMITS_TEXT.notRequested);
    case 'emailFeedback':
      if (!can.asDominant) throw forbidden('Only the dominant can send feedback by email');
      throw conflict('There is no feedback to send yet');
  }
}
