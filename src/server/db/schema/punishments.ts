import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LIMIT_STATES } from '../../../shared/domain/limits';
import { users } from './auth';
import { media, proofGone, proofGoneCheck } from './media';
import { pairs } from './pairs';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A punishment the dominant of a pair assigns to its submissive (spec 2 §3). */
export const punishments = pgTable(
  'punishments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: uuid('pair_id')
      .notNull()
      .references(() => pairs.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedTo: uuid('assigned_to')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    severity: text('severity', { enum: ['mild', 'moderate', 'severe', 'funishment'] })
      .notNull()
      .default('mild'),
    reason: text('reason').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    completed: boolean('completed').notNull().default(false),
    completedAt: ts('completed_at'),
    aftercareRequired: boolean('aftercare_required').notNull().default(false),
    timerEnabled: boolean('timer_enabled').notNull().default(false),
    /** Whole minutes, 1 to 180 (decision 020). */
    timerDuration: integer('timer_duration').notNull().default(15),
    /** When the submissive started the timer; the countdown runs to this plus the duration. */
    timerStartTime: ts('timer_start_time'),
    /**
     * A timer Red stopped (decision 049): the milliseconds it had left, while `timer_start_time` is null.
     * It waits paused until the submissive starts it again, and then runs on from there.
     */
    timerRemainingMs: integer('timer_remaining_ms'),
    /** The dominant's recorded instruction (claimed with holder 'punishment'). */
    voiceNote: uuid('voice_note').references(() => media.id, { onDelete: 'set null' }),
    /** Where the voice note was, once expired or deleted by its sender (decision 076). */
    voiceNoteGone: proofGone('voice_note_gone'),
    voiceNoteDescription: text('voice_note_description'),
    feedback: text('feedback'),
    feedbackGivenAt: ts('feedback_given_at'),
    feedbackGivenBy: uuid('feedback_given_by').references(() => users.id, { onDelete: 'set null' }),
    /** The protected areas it touches, chosen in the form (decision 057): tags, never read from its text. */
    areas: text('areas').array().notNull().default(sql`'{}'::text[]`),
    /** Limit items it touches (decision 056): catalogue ids or `custom:<uuid>`. */
    limitTags: text('limit_tags').array().notNull().default(sql`'{}'::text[]`),
    /** `requested` (waits for the submissive to accept) or `paused` (a tag became a No); null: active. */
    limitState: text('limit_state', { enum: LIMIT_STATES }),
  },
  (t) => [
    index('punishments_pair_created_idx').on(
      t.pairId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The reminder job's read: timers started and not yet done with (decision 047).
    index('punishments_running_timer_idx')
      .on(t.timerStartTime)
      .where(sql`${t.timerEnabled} and not ${t.completed} and ${t.timerStartTime} is not null`),
    check(
      'punishments_areas_check',
      sql`${t.areas} <@ array['friends_family', 'money', 'work_study', 'health']::text[]`,
    ),
    check('punishments_severity_check', sql`${t.severity} in ('mild', 'moderate', 'severe', 'funishment')`),
    check('punishments_limit_state_check', sql`${t.limitState} in ('requested', 'paused')`),
    check('punishments_limit_tags_check', sql`cardinality(${t.limitTags}) <= 10`),
    check('punishments_timer_duration_check', sql`${t.timerDuration} between 1 and 180`),
    proofGoneCheck('punishments_voice_note_gone_check', t.voiceNoteGone),
    check(
      'punishments_timer_remaining_check',
      sql`${t.timerRemainingMs} is null or (${t.timerRemainingMs} between 1 and ${t.timerDuration} * 60000 and ${t.timerStartTime} is null)`,
    ),
  ],
);
