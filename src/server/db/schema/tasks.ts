import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { LIMIT_STATES } from '../../../shared/domain/limits';
import type { RepeatConfig } from '../../../shared/domain/schedule';
import { users } from './auth';
import { media, proofGone, proofGoneCheck } from './media';
import { pairs } from './pairs';

const ts = (name: string) => timestamp(name, { withTimezone: true });

const feedbackColumns = {
  feedback: text('feedback'),
  feedbackGivenAt: ts('feedback_given_at'),
  feedbackGivenBy: uuid('feedback_given_by').references(() => users.id, { onDelete: 'set null' }),
  feedbackAcknowledged: boolean('feedback_acknowledged').notNull().default(false),
  feedbackAcknowledgedBy: uuid('feedback_acknowledged_by').references(() => users.id, {
    onDelete: 'set null',
  }),
  feedbackAcknowledgedAt: ts('feedback_acknowledged_at'),
};

/**
 * A task the lists can still show (decision 063): open, repeating, or Above & Beyond (deleted once its
 * feedback is acknowledged). A done one-off task is history (its completion is in task_completions): it
 * leaves the list, so that the list does not grow with history. The same text is the predicate of the
 * list's partial index, which the planner needs to match the query's.
 */
export const liveTask = (t: { completed: AnyPgColumn; repeatConfig: AnyPgColumn; taskType: AnyPgColumn }) =>
  sql`not (${t.completed} and ${t.repeatConfig} is null and ${t.taskType} = 'assigned')`;

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    dueDate: ts('due_date').notNull(),
    /**
     * A repeat's own occurrence when Red moved `due_date` on by the time the pair was stopped (decision
     * 049): the schedule goes on from it, so that a daily task at 08:00 stays at 08:00. Null otherwise.
     */
    scheduledDueDate: ts('scheduled_due_date'),
    completed: boolean('completed').notNull().default(false),
    completedAt: ts('completed_at'),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    /** On time / lateness of the latest completion (the due date of a repeating task has rolled on). */
    completionOnTime: boolean('completion_on_time'),
    completionLatenessSeconds: integer('completion_lateness_seconds'),
    assignedBy: uuid('assigned_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedTo: uuid('assigned_to')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    photoProofRequired: boolean('photo_proof_required').notNull().default(false),
    photoProof: uuid('photo_proof').references(() => media.id, { onDelete: 'set null' }),
    /** The submissive's recorded proof of the latest completion (spec 2 §1: photo or voice proof). */
    voiceProof: uuid('voice_proof').references(() => media.id, { onDelete: 'set null' }),
    /** Where the latest completion's proofs were, once expired or deleted by their sender (decision 076). */
    photoProofGone: proofGone('photo_proof_gone'),
    voiceProofGone: proofGone('voice_proof_gone'),
    /** The dominant's recorded instruction of a voice task. */
    voiceNote: uuid('voice_note').references(() => media.id, { onDelete: 'set null' }),
    voiceNoteDescription: text('voice_note_description'),
    repeatConfig: jsonb('repeat_config').$type<RepeatConfig>(),
    /** The assigner's time zone: repeats keep their wall-clock time in it. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** When a completed repeating task opens again for its next cycle. */
    cycleReopensAt: ts('cycle_reopens_at'),
    taskType: text('task_type', { enum: ['assigned', 'above_and_beyond'] })
      .notNull()
      .default('assigned'),
    /** Limit items it touches (decision 056): catalogue ids or `custom:<uuid>`. */
    limitTags: text('limit_tags').array().notNull().default(sql`'{}'::text[]`),
    /** `requested` (waits for the submissive to accept) or `paused` (a tag became a No); null: active. */
    limitState: text('limit_state', { enum: LIMIT_STATES }),
    ...feedbackColumns,
    /** The protected areas it touches, chosen in the form (decision 057): tags, never read from its text. */
    areas: text('areas').array().notNull().default(sql`'{}'::text[]`),
    /** The dominant's default award for each completion, 0..1000 points; 0 awards nothing (decision 075). */
    awardPoints: integer('award_points').notNull().default(0),
  },
  (t) => [
    index('tasks_pair_created_idx').on(t.pairId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list's read: the live tasks of a pair, newest first (decision 063).
    index('tasks_live_pair_created_idx')
      .on(t.pairId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(liveTask(t)),
    // The reminder job's read: open tasks by due date (decision 047).
    index('tasks_open_due_idx').on(t.dueDate).where(sql`not ${t.completed}`),
    index('tasks_reopen_idx')
      .on(t.cycleReopensAt)
      .where(sql`${t.completed} and ${t.cycleReopensAt} is not null`),
    check(
      'tasks_areas_check',
      sql`${t.areas} <@ array['friends_family', 'money', 'work_study', 'health']::text[]`,
    ),
    check('tasks_type_check', sql`${t.taskType} in ('assigned', 'above_and_beyond')`),
    check('tasks_limit_state_check', sql`${t.limitState} in ('requested', 'paused')`),
    check('tasks_limit_tags_check', sql`cardinality(${t.limitTags}) <= 10`),
    check('tasks_award_points_check', sql`${t.awardPoints} between 0 and 1000`),
    proofGoneCheck('tasks_photo_proof_gone_check', t.photoProofGone),
    proofGoneCheck('tasks_voice_proof_gone_check', t.voiceProofGone),
  ],
);

/** One row per completion: the history. Survives the task (Above & Beyond tasks are deleted at feedback). */
export const taskCompletions = pgTable(
  'task_completions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    taskType: text('task_type', { enum: ['assigned', 'above_and_beyond'] }).notNull(),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    completedAt: ts('completed_at').notNull(),
    dueDateAtTime: ts('due_date_at_time').notNull(),
    onTime: boolean('on_time').notNull(),
    latenessSeconds: integer('lateness_seconds').notNull().default(0),
    photoProof: uuid('photo_proof').references(() => media.id, { onDelete: 'set null' }),
    voiceProof: uuid('voice_proof').references(() => media.id, { onDelete: 'set null' }),
    /** Where the proofs were, once expired or deleted by their sender (decision 076). */
    photoProofGone: proofGone('photo_proof_gone'),
    voiceProofGone: proofGone('voice_proof_gone'),
    voiceNote: uuid('voice_note').references(() => media.id, { onDelete: 'set null' }),
    voiceNoteDescription: text('voice_note_description'),
    repeatConfig: jsonb('repeat_config').$type<RepeatConfig>(),
    ...feedbackColumns,
  },
  (t) => [
    index('task_completions_pair_completed_idx').on(
      t.pairId,
      t.completedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('task_completions_task_idx').on(t.taskId),
    proofGoneCheck('task_completions_photo_proof_gone_check', t.photoProofGone),
    proofGoneCheck('task_completions_voice_proof_gone_check', t.voiceProofGone),
  ],
);

/**
 * A task its dominant deleted a moment ago (decision 099): the task's row and its history, as they were
 * (`to_jsonb`), held so that Undo can put them back, same ids and all. Both partners see it gone at once
 * (the rows are deleted; its files answer 404 to both); its files stay until the minute's erasure job, past
 * `TASK_UNDO_MS`, deletes this row and the files with it.
 */
export const taskDeletions = pgTable(
  'task_deletions',
  {
    taskId: uuid('task_id').primaryKey(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: ts('deleted_at').notNull(),
    task: jsonb('task').$type<Record<string, unknown>>().notNull(),
    history: jsonb('history').$type<Record<string, unknown>[]>().notNull(),
    /** Every file of the task and its history: freed when the deletion is erased. */
    media: uuid('media').array().notNull(),
  },
  (t) => [index('task_deletions_deleted_at_idx').on(t.deletedAt)],
);
