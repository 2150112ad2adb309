import { z } from 'zod';

import { AFTERCARE_NOTE_MAX, AFTERCARE_TEXT } from '../texts/aftercare';

export { AFTERCARE_NOTE_MAX, AFTERCARE_TEXT };

/** What asked for aftercare: a punishment marked "aftercare required" completed, or Red lifted. */
export const AFTERCARE_OCCASIONS = ['punishment', 'red_lift'] as const;
export type AftercareOccasion = (typeof AFTERCARE_OCCASIONS)[number];

/** POST /api/aftercare/:id/answer: an optional note, trimmed; an empty one is no note. */
export const aftercareAnswerInput = z.strictObject({
  note: z
    .string({ error: AFTERCARE_TEXT.noteText })
    .max(AFTERCARE_NOTE_MAX * 4, AFTERCARE_TEXT.noteTooLong)
    .transform((s) => s.trim())
    .refine((s) => s.length <= AFTERCARE_NOTE_MAX, AFTERCARE_TEXT.noteTooLong)
    .optional()
    .transform((s) => (s ? s : null)),
});
export type AftercareAnswerInput = z.input<typeof aftercareAnswerInput>;

/**
 * One partner's side of an aftercare ask: still open, answered (with a note or none), or dismissed.
 * Dismissing costs nothing: it is never shown as a failure.
 */
export interface AftercareSide {
  state: 'open' | 'answered' | 'dismissed';
  note: string | null;
  answeredAt: number | null;
}

/** An aftercare ask the user has not yet answered or dismissed, with the partner's side. */
export interface AftercareView {
  id: string;
  pairId: string;
  partnerId: string;
  occasion: AftercareOccasion;
  punishmentId: string | null;
  /** The punishment's title, when the occasion is a punishment still there. */
  punishmentTitle: string | null;
  askedAt: number;
  mine: AftercareSide;
  theirs: AftercareSide;
}

/** GET /api/aftercare, and what answering or dismissing answers: the user's open aftercare asks. */
export interface AftercareListView {
  aftercare: AftercareView[];
}

/**
 * What a punishment's card shows of its aftercare (decision 054): asked (someone has yet to answer), given
 * (both answered), or closed (both have responded and at least one dismissed: shown as nothing more than
 * closed). Null when it was never asked.
 */
export type PunishmentAftercare = 'asked' | 'given' | 'closed' | null;
