import { z } from 'zod';
import type { Area } from '../domain/caps';
import { REPEAT_FREQUENCIES, type RepeatConfig } from '../domain/schedule';
import {
  ABOVE_AND_BEYOND_DETAILS_MAX,
  ABOVE_AND_BEYOND_TITLE_MAX,
  TASK_DESCRIPTION_MAX,
  TASK_TITLE_MAX,
  type TaskType,
} from '../domain/tasks';
import type { ProofGone } from '../texts/media';
import { TASK_AWARD_MAX, TASK_AWARD_TEXT } from '../texts/tasks';
import { areasField } from './caps';
import { feedbackInputOf, uuidField } from './common';
import { type LimitTaggedView, limitTagsField } from './limits';

export * from '../texts/tasks';

export const VOICE_TASK_TITLE = 'Voice Task';
export const VOICE_DESCRIPTION_MAX = 500;

export const TASK_MESSAGES = {
  titleRequired: 'Task title required',
  voiceRequired: 'Voice note required',
  submissiveRequired: 'No submissive selected',
  pastDue: 'Due date cannot be in the past',
  photoRequired: 'Photo proof required',
  feedbackRequired: 'Feedback Required',
  noDays: 'Please choose at least one day',
} as const;

export const repeatConfigInput = z
  .object({
    frequency: z.enum(REPEAT_FREQUENCIES, { error: 'Repeat must be daily, weekly, monthly or custom' }),
    daysOfWeek: z
      .array(z.int('Days are numbers from 0 (Sunday) to 6 (Saturday)').min(0).max(6), {
        error: 'Days are numbers from 0 (Sunday) to 6 (Saturday)',
      })
      .max(7)
      .optional(),
  })
  .refine((c) => c.frequency !== 'custom' || (c.daysOfWeek?.length ?? 0) > 0, {
    message: TASK_MESSAGES.noDays,
    path: ['daysOfWeek'],
  });

/**
 * GET /api/tasks answers this many tasks a page, newest first (decision 045): most couples' whole list.
 * `nextCursor` asks for the page after it (null: none left).
 */
export const TASK_PAGE = 50;

/**
 * A place in the task list: tasks strictly after it in the list's order (created_at desc, id desc).
 * "<created_at to the microsecond, ISO>_<uuid>": a task's created_at has microseconds, and a cursor in
 * milliseconds would skip the tasks created later within the same millisecond.
 */
const TASK_CURSOR =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A real moment PostgreSQL reads: year 1 to 9999, a day its month has, a time of day. */
function isMoment(iso: string) {
  if (iso.startsWith('0000')) return false;
  const ms = Date.parse(`${iso.slice(0, 23)}Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 23) === iso.slice(0, 23);
}

export const taskListQuery = z.object({
  after: z
    .string({ error: 'Invalid cursor' })
    .max(80, 'Invalid cursor')
    .regex(TASK_CURSOR, 'Invalid cursor')
    .refine((c) => isMoment(c.slice(0, c.indexOf('_'))), 'Invalid cursor')
    .transform((c) => {
      const at = c.slice(0, c.indexOf('_'));
      return { at, id: c.slice(at.length + 1).toLowerCase() };
    })
    .optional(),
});

export const encodeTaskCursor = (task: { cursorAt: string; id: string }) => `${task.cursorAt}_${task.id}`;

/** GET /api/tasks: a page of the list. */
export interface TaskPage {
  tasks: TaskView[];
  nextCursor: string | null;
}

/** Due dates Pact accepts: from 2000 up to (not including) 2100, so every repeat and format stays sane. */
export const DUE_DATE_MIN = Date.UTC(2000, 0, 1);
export const DUE_DATE_MAX = Date.UTC(2100, 0, 1);

const dueDateField = z
  .number({ error: 'Please choose a due date' })
  .int('Please choose a due date')
  .min(DUE_DATE_MIN, 'Please choose a due date')
  .max(DUE_DATE_MAX - 1, 'Please choose a due date before 2100');

const titleField = z
  .string({ error: TASK_MESSAGES.titleRequired })
  .max(TASK_TITLE_MAX * 4)
  .transform((s) => s.trim());

const taskFields = {
  kind: z.enum(['text', 'voice'], { error: 'A task is a text task or a voice task' }).default('text'),
  title: titleField.default(''),
  description: z
    .string({ error: 'Description must be text' })
    .max(TASK_DESCRIPTION_MAX, `Description must be at most ${TASK_DESCRIPTION_MAX} characters`)
    .default(''),
  dueDate: dueDateField,
  repeatConfig: repeatConfigInput.nullable().default(null),
  photoProofRequired: z.boolean({ error: 'photoProofRequired must be true or false' }).default(false),
  /** The protected areas it touches (decision 057). */
  areas: areasField,
  voiceNoteId: uuidField('Voice note required').nullable().default(null),
  voiceNoteDescription: z
    .string()
    .max(VOICE_DESCRIPTION_MAX, `Voice note description must be at most ${VOICE_DESCRIPTION_MAX} characters`)
    .nullable()
    .default(null),
  /** Limit items the task touches (decision 056): checked against both partners' answers. */
  limitTags: limitTagsField,
  /** The dominant's default award for each completion (decision 075): 0 awards nothing. */
  awardPoints: z
    .int({ error: TASK_AWARD_TEXT.invalid })
    .min(0, TASK_AWARD_TEXT.invalid)
    .max(TASK_AWARD_MAX, TASK_AWARD_TEXT.invalid)
    .default(0),
};

/** Title and voice rules shared by create and edit (spec 2, section 5). */
function checkTask(
  v: { kind: 'text' | 'voice'; title: string; voiceNoteId: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.title.length > TASK_TITLE_MAX) {
    ctx.addIssue({
      code: 'custom',
      path: ['title'],
      message: `Title must be at most ${TASK_TITLE_MAX} characters`,
    });
  }
  if (v.kind === 'text' && v.title.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['title'], message: TASK_MESSAGES.titleRequired });
  }
  if (v.kind === 'voice' && !v.voiceNoteId) {
    ctx.addIssue({ code: 'custom', path: ['voiceNoteId'], message: TASK_MESSAGES.voiceRequired });
  }
}

export const createTaskInput = z
  .object({ ...taskFields, assignedTo: uuidField(TASK_MESSAGES.submissiveRequired) })
  .superRefine(checkTask);
export type CreateTaskInput = z.input<typeof createTaskInput>;

export const updateTaskInput = z.object(taskFields).superRefine(checkTask);
export type UpdateTaskInput = z.input<typeof updateTaskInput>;

/** Completing a task, with optional photo proof and optional voice proof (spec 2 §1: "photo or voice proof"). */
export const completeTaskInput = z.object({
  photoId: uuidField('Invalid photo').nullable().default(null),
  /** Voice proof: an audio file the completer uploaded for the pair. */
  voiceNoteId: uuidField('Invalid voice note').nullable().default(null),
});
export type CompleteTaskInput = z.input<typeof completeTaskInput>;

export const feedbackInput = feedbackInputOf(TASK_MESSAGES.feedbackRequired);

export const aboveAndBeyondInput = z.object({
  dominantId: uuidField('Please choose the partner this is for'),
  title: z
    .string({ error: 'Title is required' })
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, 'Title is required')
    .refine(
      (s) => s.length <= ABOVE_AND_BEYOND_TITLE_MAX,
      `Title must be at most ${ABOVE_AND_BEYOND_TITLE_MAX} characters`,
    ),
  details: z
    .string()
    .max(ABOVE_AND_BEYOND_DETAILS_MAX, `Details must be at most ${ABOVE_AND_BEYOND_DETAILS_MAX} characters`)
    .default(''),
  photoId: uuidField(TASK_MESSAGES.photoRequired),
});
export type AboveAndBeyondInput = z.input<typeof aboveAndBeyondInput>;

export interface FeedbackView {
  feedback: string | null;
  feedbackGivenAt: number | null;
  feedbackGivenBy: string | null;
  feedbackAcknowledged: boolean;
  feedbackAcknowledgedBy: string | null;
  feedbackAcknowledgedAt: number | null;
}

/** The client view of a task (spec 2, section 3). Media fields are ids served by /api/media/:id. */
export interface TaskView extends FeedbackView, LimitTaggedView {
  id: string;
  pairId: string;
  /** The pair's two members: who may do what follows from them (`taskAbilities`). */
  dominantId: string;
  submissiveId: string;
  title: string;
  description: string;
  createdAt: number;
  dueDate: number;
  nextDueDate: number | null;
  isCompleted: boolean;
  completedAt: number | null;
  completedBy: string | null;
  completedByName: string | null;
  assignedBy: string;
  assignedByName: string;
  assignedTo: string;
  assignedToName: string;
  photoProofRequired: boolean;
  photoProof: string | null;
  /** The submissive's recorded proof, if they added one. */
  voiceProof: string | null;
  /** Where a proof was, once expired or deleted by its sender (decision 076): the file is gone. */
  photoProofGone: ProofGone | null;
  voiceProofGone: ProofGone | null;
  voiceNote: string | null;
  voiceNoteDescription: string | null;
  /** The areas it touches (decision 057). */
  areas: Area[];
  taskType: TaskType;
  onTime: boolean | null;
  latenessSeconds: number | null;
  repeatConfig: RepeatConfig | null;
  timeZone: string;
  /** Points awarded for each completion (decision 075); 0: none. */
  awardPoints: number;
}

export interface TaskCompletionView extends FeedbackView {
  id: string;
  taskId: string | null;
  pairId: string;
  dominantId: string;
  submissiveId: string;
  title: string;
  description: string;
  taskType: TaskType;
  completedBy: string | null;
  completedByName: string;
  assignedBy: string | null;
  assignedTo: string | null;
  assignedToName: string;
  completedAt: number;
  dueDateAtTime: number;
  onTime: boolean;
  latenessSeconds: number;
  photoProof: string | null;
  /** The submissive's recorded proof, if they added one. */
  voiceProof: string | null;
  /** Where a proof was, once expired or deleted by its sender (decision 076): the file is gone. */
  photoProofGone: ProofGone | null;
  voiceProofGone: ProofGone | null;
  voiceNote: string | null;
  voiceNoteDescription: string | null;
  repeatConfig: RepeatConfig | null;
  /** The task's current due date, for repeating tasks (the "Next Due" column). */
  nextDueDate: number | null;
}

export interface PairView {
  id: string;
  dominantId: string;
  dominantName: string;
  submissiveId: string;
  submissiveName: string;
}

/** Kept for code written before media had its own schema file. */
export type { MediaView } from './media';
