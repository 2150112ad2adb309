import { z } from 'zod';
import { uuidField } from './common';

/**
 * Infractions (issue 24, decision 065): the dominant notes that a rule was not kept, naming the version of
 * the rule in force at the time. The submissive may contest it with a note; the dominant may withdraw it,
 * or assign a punishment from it. Nothing follows from an infraction by itself.
 */

export const INFRACTION_NOTE_MAX = 1000;
/** How far in the future "when" may be: the form's clock and the server's may differ a little. */
export const INFRACTION_FUTURE_GRACE_MS = 60_000;

export const INFRACTION_STATES = ['logged', 'contested', 'withdrawn'] as const;
export type InfractionState = (typeof INFRACTION_STATES)[number];

export const INFRACTIONS_TEXT = {
  ruleRequired: 'Please choose the rule',
  whenRequired: 'Please say when it happened',
  inTheFuture: 'An infraction cannot be in the future',
  beforeTheRule: 'The rule was not written yet at that time',
  noteTooLong: `The note must be at most ${INFRACTION_NOTE_MAX} characters`,
  noteText: 'The note must be text',
  partnerRequired: 'Please choose the partner',
  notFound: 'Infraction not found',
  onlyDominantLogs: 'Only the dominant partner logs infractions',
  onlySubmissiveContests: 'Only the submissive partner contests an infraction',
  withdrawn: 'This infraction was withdrawn',
  alreadyContested: 'This infraction is already contested',
  alreadyPunished: 'A punishment was already assigned for this infraction',
  // Toasts
  logged: 'Infraction logged',
  contested: 'Infraction contested',
  withdrawnToast: 'Infraction withdrawn',
} as const;

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
  ruleId: string;
  /** The version of the rule in force when it happened, and its title then. */
  ruleVersion: number;
  ruleTitle: string;
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
