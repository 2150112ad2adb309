import { z } from 'zod';
import { AREAS } from '@/shared/domain/caps';
import {
  DEFAULT_SEVERITY,
  PUNISHMENT_TITLE_MAX,
  SEVERITIES,
  TIMER_DEFAULT_MINUTES,
} from '@/shared/domain/punishments';
import {
  type CreatePunishmentInput,
  createPunishmentInput,
  PUNISHMENT_MESSAGES,
} from '@/shared/schemas/punishments';
import type { RecordedVoice } from '@/web/components/ui/voice-recorder';
import { PENDING_UPLOAD_ID } from '@/web/lib/upload';

/** What the "Add New Punishment" form edits, as the screen shows it. */
const fields = z.object({
  assignedTo: z.string(),
  title: z.string(),
  description: z.string(),
  severity: z.enum(SEVERITIES),
  reason: z.string(),
  notes: z.string(),
  aftercareRequired: z.boolean(),
  /** The areas it touches (decision 057). */
  areas: z.array(z.enum(AREAS)),
  timerEnabled: z.boolean(),
  /** From a number input: NaN when empty. */
  timerDuration: z.number().or(z.nan()),
  voice: z.custom<RecordedVoice | null>(),
  voiceNoteDescription: z.string(),
  /** Limit tags (decision 056). */
  limitTags: z.array(z.string()),
});
export type PunishmentFormValues = z.input<typeof fields>;

/**
 * The form's values turned into the shared `createPunishmentInput` and checked by it; a submissive must be
 * chosen when there are several (`requireChoice`), else the only one is used.
 */
export const punishmentFormSchema = (requireChoice: boolean) =>
  fields
    .transform(
      (v): CreatePunishmentInput => ({
        assignedTo: v.assignedTo || null,
        title: v.title,
        description: v.description,
        severity: v.severity,
        reason: v.reason,
        notes: v.notes,
        aftercareRequired: v.aftercareRequired,
        areas: v.areas,
        timerEnabled: v.timerEnabled,
        timerDuration: v.timerEnabled ? v.timerDuration : TIMER_DEFAULT_MINUTES,
        voiceNoteId: v.voice ? PENDING_UPLOAD_ID : null,
        voiceNoteDescription: v.voice ? v.voiceNoteDescription || null : null,
        limitTags: v.limitTags,
      }),
    )
    .pipe(
      createPunishmentInput.superRefine((v, ctx) => {
        if (requireChoice && !v.assignedTo) {
          ctx.addIssue({
            code: 'custom',
            path: ['assignedTo'],
            message: PUNISHMENT_MESSAGES.submissiveRequired,
          });
        }
      }),
    );

/** The toasts of an invalid form (spec 2 §5), in the order the checks are made. */
export const PUNISHMENT_FORM_ERROR_ORDER = ['title', 'assignedTo', 'timerDuration'];
export const PUNISHMENT_FORM_ERROR_DETAILS = {
  [PUNISHMENT_MESSAGES.titleRequired]: PUNISHMENT_MESSAGES.titleRequiredDetail,
};

/**
 * The form as it opens: the only submissive chosen; from an infraction (decision 066), its rule's guideline
 * consequence as the title when it fits one line of a title, else as the description.
 */
export const punishmentFormDefaults = (
  submissiveIds: string[],
  consequence: string | null = null,
): PunishmentFormValues => ({
  assignedTo: submissiveIds.length === 1 ? submissiveIds[0]! : '',
  ...prefilled(consequence),
  severity: DEFAULT_SEVERITY,
  reason: '',
  notes: '',
  aftercareRequired: false,
  areas: [],
  timerEnabled: false,
  timerDuration: TIMER_DEFAULT_MINUTES,
  voice: null,
  voiceNoteDescription: '',
  limitTags: [],
});

function prefilled(consequence: string | null) {
  const text = consequence?.trim() ?? '';
  const fits = text.length <= PUNISHMENT_TITLE_MAX && !text.includes('\n');
  return { title: fits ? text : '', description: fits ? '' : text };
}
