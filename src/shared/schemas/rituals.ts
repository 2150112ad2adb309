import { z } from 'zod';
import { CLOCK_TIME } from '../domain/clock-time';
import { RITUAL_MARKS, type RitualMark } from '../domain/rituals';
import {
  RITUAL_AWARD_MAX,
  RITUAL_MARK_NOTE_MAX,
  RITUAL_NAME_MAX,
  RITUAL_STEP_MAX,
  RITUAL_STEPS_MAX,
  RITUALS_TEXT,
} from '../texts/rituals';
import { uuidField } from './common';

export * from '../texts/rituals';

/**
 * Rituals (issue 24 part 3; decisions 072 and 074): recurring routines the dominant sets for a pair (a name,
 * steps, ISO weekdays and a time of day in the dominant's time zone, an optional default award); the
 * submissive marks each scheduled day once (changeable for RITUAL_MARK_DAYS_BACK days). Streaks follow
 * `shared/domain/rituals.ts`.
 */

const trimmed = (max: number, tooLong: string, notText: string) =>
  z
    .string({ error: notText })
    .max(max * 4, tooLong)
    .transform((s) => s.trim())
    .refine((s) => s.length <= max, tooLong);

const ritualFields = {
  name: trimmed(RITUAL_NAME_MAX, RITUALS_TEXT.nameTooLong, RITUALS_TEXT.nameRequired).refine(
    (s) => s.length > 0,
    RITUALS_TEXT.nameRequired,
  ),
  /** The steps in order; empty ones are dropped. */
  steps: z
    .array(trimmed(RITUAL_STEP_MAX, RITUALS_TEXT.stepTooLong, RITUALS_TEXT.stepText), {
      error: RITUALS_TEXT.stepText,
    })
    .max(RITUAL_STEPS_MAX, RITUALS_TEXT.tooManySteps)
    .default([])
    .transform((steps) => steps.filter((s) => s.length > 0)),
  /** ISO weekdays, Monday 1 to Sunday 7; stored sorted and without repeats. */
  days: z
    .array(
      z
        .number({ error: RITUALS_TEXT.daysInvalid })
        .int(RITUALS_TEXT.daysInvalid)
        .min(1, RITUALS_TEXT.daysInvalid)
        .max(7, RITUALS_TEXT.daysInvalid),
      {
        error: RITUALS_TEXT.daysRequired,
      },
    )
    .min(1, RITUALS_TEXT.daysRequired)
    .max(7, RITUALS_TEXT.daysInvalid)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  /** The time of day, HH:MM, in the dominant's time zone. */
  time: z.string({ error: RITUALS_TEXT.timeInvalid }).regex(CLOCK_TIME, RITUALS_TEXT.timeInvalid),
  /** Points the ledger gives once for each day marked done or partly done; 0: none. */
  award: z
    .number({ error: RITUALS_TEXT.awardInvalid })
    .int(RITUALS_TEXT.awardInvalid)
    .min(0, RITUALS_TEXT.awardInvalid)
    .max(RITUAL_AWARD_MAX, RITUALS_TEXT.awardInvalid)
    .default(0),
};

/** POST /api/rituals: a new ritual for the pair with `partnerId` (the dominant only). */
export const createRitualInput = z.strictObject({
  ...ritualFields,
  partnerId: uuidField(RITUALS_TEXT.partnerRequired),
});
export type CreateRitualInput = z.input<typeof createRitualInput>;

/** PATCH /api/rituals/:id: the dominant changes it; marks already given stay as they were. */
export const updateRitualInput = z.strictObject(ritualFields);
export type UpdateRitualInput = z.input<typeof updateRitualInput>;

/** PUT /api/rituals/:id/days/:date: the submissive's mark of a scheduled day, with an optional note. */
export const markRitualInput = z.strictObject({
  mark: z.enum(RITUAL_MARKS, { error: RITUALS_TEXT.markInvalid }),
  note: trimmed(RITUAL_MARK_NOTE_MAX, RITUALS_TEXT.noteTooLong, RITUALS_TEXT.noteText)
    .optional()
    .transform((s) => (s ? s : null)),
});
export type MarkRitualInput = z.input<typeof markRitualInput>;

export const ritualDayParam = z.object({
  id: uuidField(RITUALS_TEXT.notFound),
  date: z
    .string({ error: RITUALS_TEXT.dateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, RITUALS_TEXT.dateInvalid)
    .refine(
      (d) =>
        !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      RITUALS_TEXT.dateInvalid,
    ),
});

/** GET /api/rituals?partnerId=: the pair's rituals in use, with their streaks and this week's days. */
export const ritualsQuery = z.object({ partnerId: uuidField(RITUALS_TEXT.partnerRequired) });

export interface RitualDayView {
  /** YYYY-MM-DD in the ritual's time zone. */
  date: string;
  /** A scheduled day of the ritual (from the day it began). */
  scheduled: boolean;
  mark: RitualMark | null;
  note: string | null;
  /** Red held the pair at some moment of that day. */
  stopped: boolean;
  /** The submissive may still mark or change it (begun, at most RITUAL_MARK_DAYS_BACK days ago). */
  markable: boolean;
}

export interface RitualView {
  id: string;
  pairId: string;
  name: string;
  steps: string[];
  days: number[];
  time: string;
  timeZone: string;
  award: number;
  /** The first day it counts from (YYYY-MM-DD). */
  since: string;
  createdAt: number;
  updatedAt: number;
  streak: { current: number; best: number };
  /** Monday to Sunday of the week holding `today`. */
  week: RitualDayView[];
  /** The days before this week still markable (RITUAL_MARK_DAYS_BACK), oldest first. */
  earlier: RitualDayView[];
}

export interface RitualListView {
  pairId: string;
  dominantId: string;
  submissiveId: string;
  /** Today in the pair's time zone (the dominant's). */
  today: string;
  timeZone: string;
  rituals: RitualView[];
}

export interface RitualAnswer {
  ritual: RitualView;
}
