import { z } from 'zod';
import {
  INFRACTION_FUTURE_GRACE_MS,
  INFRACTION_NOTE_MAX,
  INFRACTION_STATES,
  INFRACTIONS_TEXT,
  type InfractionState,
} from '../texts/infractions';
import { uuidField } from './common';

export {
  INFRACTION_FUTURE_GRACE_MS,
  INFRACTION_NOTE_MAX,
  INFRACTION_STATES,
  INFRACTIONS_TEXT,
  type InfractionState,
};

/**
 * Infractions (issue 24, decision 065): the dominant notes that a rule was not kept, naming the version of
 * the rule in force at the time. The submissive may contest it with a note; the dominant may withdraw it,
 * or assign a punishment from it. Nothing follows from an infraction by itself.
 */

const note = z
  .string({ error: INFRACTIONS_TEXT.noteText })
  .max(INFRACTION_NOTE_MAX * 4, INFRACTIONS_TEXT.noteTooLong)
  .transform((s) => s.trim())
  .refine((s) => s.length <= INFRACTION_NOTE_MAX, INFRACTIONS_TEXT.noteTooLong)
  .optional()
  .transform((s) => (s ? s : null));

/** POST /api/infractions: against a rule in force of the pair, when it happened (default now), a note. */
export const logInfractionInput = z.strictObject({
  ruleId: uuidField(INFRACTIONS_TEXT.ruleRequired),
  occurredAt: z
    .number({ error: INFRACTIONS_TEXT.whenRequired })
    .int(INFRACTIONS_TEXT.whenRequired)
    .min(0, INFRACTIONS_TEXT.whenRequired)
    .optional(),
  note,
});
export type LogInfractionInput = z.input<typeof logInfractionInput>;

/** POST /api/infractions/:id/contest: the submissive's note, optional. */
export const contestInfractionInput = z.strictObject({ note });
export type ContestInfractionInput = z.input<typeof contestInfractionInput>;

/** GET /api/infractions?partnerId= */
export const infractionsQuery = z.object({ partnerId: uuidField(INFRACTIONS_TEXT.partnerRequired) });

export interface InfractionView {
  id: string;
  pairId: string;
  /** The pair's partners: who may withdraw it and assign from it, who may contest it. */
  dominantId: string;
  submissiveId: string;
  ruleId: string;
  /** The version of the rule in force when it happened, and its title then. */
  ruleVersion: number;
  ruleTitle: string;
  /** That version's guideline consequence, if it had one: what the dominant may take up, never applied. */
  ruleConsequence: string | null;
  occurredAt: number;
  note: string | null;
  loggedAt: number;
  state: InfractionState;
  contestNote: string | null;
  contestedAt: number | null;
  withdrawnAt: number | null;
  /** The punishment assigned from it, while it exists. */
  punishmentId: string | null;
}

export interface InfractionListView {
  infractions: InfractionView[];
}
export interface InfractionAnswer {
  infraction: InfractionView;
}
