import { z } from 'zod';
import type { Area } from '../domain/caps';
import {
  DEFAULT_SEVERITY,
  PUNISHMENT_TEXT_MAX,
  PUNISHMENT_TITLE_MAX,
  SEVERITIES,
  type Severity,
  TIMER_DEFAULT_MINUTES,
  TIMER_MAX_MINUTES,
  TIMER_MIN_MINUTES,
} from '../domain/punishments';
import type { ProofGone } from '../texts/media';
import type { PunishmentAftercare } from './aftercare';
import { areasField } from './caps';
import { feedbackInputOf, uuidField } from './common';
import { type LimitTaggedView, limitTagsField } from './limits';

export const VOICE_NOTE_DESCRIPTION_MAX = 500;

/** Spec 2 §5 and §8: the punishment form's and routes' messages. */
export const PUNISHMENT_MESSAGES = {
  titleRequired: 'Missing information',
  titleRequiredDetail: 'Please provide a title for the punishment',
  submissiveRequired: 'Please select a submissive partner',
  noPartner: 'No partner connection found',
  duration: `Timer duration must be a whole number of minutes from ${TIMER_MIN_MINUTES} to ${TIMER_MAX_MINUTES}`,
  severity: 'Severity must be mild, moderate, severe or funishment',
  feedbackRequired: 'Feedback Required',
  timerRunning: 'The timer is already running',
  notFound: 'Punishment not found',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .transform((s) => s.trim());

export const createPunishmentInput = z.object({
  /** The submissive; when left out, the dominant's first submissive partner (spec 2 §5). */
  assignedTo: uuidField(PUNISHMENT_MESSAGES.submissiveRequired).nullable().default(null),
  title: z
    .string({ error: PUNISHMENT_MESSAGES.titleRequired })
    .max(PUNISHMENT_TITLE_MAX * 4, `Title must be at most ${PUNISHMENT_TITLE_MAX} characters`)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, PUNISHMENT_MESSAGES.titleRequired)
    .refine(
      (s) => s.length <= PUNISHMENT_TITLE_MAX,
      `Title must be at most ${PUNISHMENT_TITLE_MAX} characters`,
    ),
  description: text('Description', PUNISHMENT_TEXT_MAX).default(''),
  severity: z.enum(SEVERITIES, { error: PUNISHMENT_MESSAGES.severity }).default(DEFAULT_SEVERITY),
  /** The protected areas it touches (decision 057). */
  areas: areasField,
  reason: text('Reason', PUNISHMENT_TEXT_MAX).default(''),
  notes: text('Notes', PUNISHMENT_TEXT_MAX).default(''),
  aftercareRequired: z.boolean({ error: 'aftercareRequired must be true or false' }).default(false),
  timerEnabled: z.boolean({ error: 'timerEnabled must be true or false' }).default(false),
  timerDuration: z
    .int({ error: PUNISHMENT_MESSAGES.duration })
    .min(TIMER_MIN_MINUTES, PUNISHMENT_MESSAGES.duration)
    .max(TIMER_MAX_MINUTES, PUNISHMENT_MESSAGES.duration)
    .default(TIMER_DEFAULT_MINUTES),
  voiceNoteId: uuidField('Invalid voice note').nullable().default(null),
  /** The infraction it answers (decision 065): linked to it, once; never made by itself. */
  infractionId: uuidField('Invalid infraction').nullable().default(null),
  voiceNoteDescription: text('Voice note description', VOICE_NOTE_DESCRIPTION_MAX).nullable().default(null),
  /** Limit items the punishment touches (decision 056): checked against both partners' answers. */
  limitTags: limitTagsField,
});
export type CreatePunishmentInput = z.input<typeof createPunishmentInput>;

/** PUT /api/punishments/:id/tags: the dominant changes a punishment's limit tags (decision 056). */
export const punishmentTagsInput = z.strictObject({ limitTags: limitTagsField });

export const punishmentCompletionInput = z.object({
  completed: z.boolean({ error: 'completed must be true or false' }),
});

export const punishmentFeedbackInput = feedbackInputOf(PUNISHMENT_MESSAGES.feedbackRequired);

/** The infraction a punishment was assigned from (decisions 065, 066): its rule's title then, when, and whether it stands. */
export interface PunishmentInfractionView {
  id: string;
  ruleTitle: string;
  occurredAt: number;
  /** The dominant withdrew the infraction after assigning the punishment: the card says so. */
  withdrawn: boolean;
}

/** The client view of a punishment (spec 2 §3). Timestamps in epoch ms; timerDuration in whole minutes. */
export interface PunishmentView extends LimitTaggedView {
  id: string;
  pairId: string;
  dominantId: string;
  submissiveId: string;
  title: string;
  description: string;
  severity: Severity;
  /** The areas it touches (decision 057). */
  areas: Area[];
  reason: string;
  notes: string;
  createdAt: number;
  assignedBy: string;
  assignedByName: string;
  assignedTo: string;
  assignedToName: string;
  isCompleted: boolean;
  completedAt: number | null;
  aftercareRequired: boolean;
  /** Where its aftercare stands once it is asked (decision 054); null before. */
  aftercare: PunishmentAftercare;
  timerEnabled: boolean;
  timerDuration: number;
  timerStartTime: number | null;
  /** A timer Red stopped: what it had left (ms), until it is started again; null otherwise (decision 049). */
  timerRemainingMs: number | null;
  voiceNote: string | null;
  /** Where the voice note was, once expired or deleted by its sender (decision 076). */
  voiceNoteGone: ProofGone | null;
  voiceNoteDescription: string | null;
  feedback: string | null;
  feedbackGivenAt: number | null;
  feedbackGivenBy: string | null;
  /** The infraction it answers, while both exist; null for a punishment assigned on its own. */
  infraction: PunishmentInfractionView | null;
}
