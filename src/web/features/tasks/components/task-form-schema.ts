import { z } from 'zod';
import { AREAS } from '@/shared/domain/caps';
import { REPEAT_FREQUENCIES, type RepeatConfig } from '@/shared/domain/schedule';
import {
  type CreateTaskInput,
  createTaskInput,
  TASK_MESSAGES,
  type TaskView,
  VOICE_TASK_TITLE,
} from '@/shared/schemas/tasks';
import type { RecordedVoice } from '@/web/components/ui/voice-recorder';
import { format } from '@/web/lib/dates';
import { PENDING_UPLOAD_ID } from '@/web/lib/upload';

/** A due time a minute gone still counts as now, as on the server. */
const PAST_GRACE_MS = 60_000;

/** What the task form edits: the fields as the screen shows them (a date and a time, a repeat choice). */
const taskFormFields = z.object({
  kind: z.enum(['text', 'voice']),
  assignedTo: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  time: z.string(),
  repeat: z.enum(['none', ...REPEAT_FREQUENCIES]),
  days: z.array(z.number()),
  photoProofRequired: z.boolean(),
  /** The areas it touches (decision 057). */
  areas: z.array(z.enum(AREAS)),
  /** A new recording, uploaded once the rest is valid. */
  voice: z.custom<RecordedVoice | null>(),
  /** The task's current voice note, when editing. */
  voiceNoteId: z.string().nullable(),
  voiceNoteDescription: z.string(),
  /** Limit tags (decision 056): catalogue ids and `custom:<uuid>`. */
  limitTags: z.array(z.string()),
  /** Points for each completion (decision 075), as typed: empty is none. */
  awardPoints: z.string(),
});
export type TaskFormValues = z.input<typeof taskFormFields>;

/**
 * The form's values turned into the shared `createTaskInput` and checked by it (the server's own rules), plus
 * the one rule that needs the clock: the due time is not in the past.
 */
export const taskFormSchema = taskFormFields
  .transform((v): CreateTaskInput => {
    const voice = v.kind === 'voice';
    const repeatConfig: RepeatConfig | null =
      v.repeat === 'none'
        ? null
        : v.repeat === 'custom'
          ? { frequency: 'custom', daysOfWeek: v.days }
          : { frequency: v.repeat };
    return {
      kind: v.kind,
      assignedTo: v.assignedTo,
      title: v.title,
      description: voice ? '' : v.description,
      dueDate: new Date(`${v.date}T${v.time || '00:00'}`).getTime(),
      repeatConfig,
      photoProofRequired: v.photoProofRequired,
      areas: v.areas,
      voiceNoteId: voice ? (v.voice ? PENDING_UPLOAD_ID : v.voiceNoteId) : null,
      voiceNoteDescription: voice ? v.voiceNoteDescription || null : null,
      limitTags: v.limitTags,
      // Empty is none; anything not a whole number (NaN too) is refused by the shared field, with its message.
      awardPoints: v.awardPoints.trim() === '' ? 0 : Number(v.awardPoints),
    };
  })
  .pipe(
    createTaskInput.refine((input) => input.dueDate >= Date.now() - PAST_GRACE_MS, {
      message: TASK_MESSAGES.pastDue,
      path: ['dueDate'],
    }),
  );

/** The toasts of an invalid task form (spec 2 §5), in the order the checks are made. */
export const TASK_FORM_ERROR_ORDER = [
  'title',
  'voiceNoteId',
  'assignedTo',
  'repeatConfig',
  'dueDate',
  'awardPoints',
];
export const TASK_FORM_ERROR_DETAILS = {
  [TASK_MESSAGES.titleRequired]: 'Please enter a title for your task',
  [TASK_MESSAGES.voiceRequired]: 'Please record a voice note for your task',
  [TASK_MESSAGES.submissiveRequired]: 'Please select a submissive to assign the task to',
  [TASK_MESSAGES.pastDue]: 'Please choose a date and time in the future',
};

/** A new task is due tomorrow at 21:00; an edited one keeps its values. */
export function taskFormDefaults(task: TaskView | null, submissiveIds: string[]): TaskFormValues {
  const due = task ? new Date(task.dueDate) : new Date(Date.now() + 24 * 3600 * 1000);
  if (!task) due.setHours(21, 0, 0, 0);
  return {
    kind: task?.voiceNote ? 'voice' : 'text',
    assignedTo: task?.assignedTo ?? (submissiveIds.length === 1 ? submissiveIds[0]! : ''),
    title: task && !(task.voiceNote && task.title === VOICE_TASK_TITLE) ? task.title : '',
    description: task?.description ?? '',
    date: format(due, 'yyyy-MM-dd'),
    time: format(due, 'HH:mm'),
    repeat: task?.repeatConfig?.frequency ?? 'none',
    days: task?.repeatConfig?.daysOfWeek ?? [],
    photoProofRequired: task?.photoProofRequired ?? false,
    areas: task?.areas ?? [],
    voice: null,
    voiceNoteId: task?.voiceNote ?? null,
    voiceNoteDescription: task?.voiceNoteDescription ?? '',
    limitTags: task?.limitTags.map((t) => t.id) ?? [],
    awardPoints: task?.awardPoints ? String(task.awardPoints) : '',
  };
}
