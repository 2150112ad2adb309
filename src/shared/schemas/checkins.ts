import { z } from 'zod';
import {
  CADENCE_FREQUENCIES,
  type CadenceFrequency,
  CHECKIN_MOODS,
  CHECKIN_NOTE_MAX,
  type CheckinKind,
  type CheckinMood,
} from '../domain/checkins';
import { uuidField } from './common';
import { clockTime, timeZoneField } from './push';

/** The texts of Yellow and the check-ins (decisions 049, 052). */
export const CHECKIN_TEXT = {
  checkingIn: 'Yellow was called: a check-in is open. Nothing new can be asked until it is answered.',
  noPartner: 'No partner connection found',
  notFound: 'Check-in not found',
  ownAsk: 'Your partner answers the check-in you asked for.',
  partners: 'This check-in is your partner’s to answer.',
  mood: 'Choose Green, Yellow or Red',
  noteTooLong: `The note must be at most ${CHECKIN_NOTE_MAX} characters`,
  note: 'The note must be text',
  frequency: 'Choose off, daily or weekly',
  weekday: 'Choose a day of the week',
  cursor: 'Invalid page cursor',
} as const;

/** POST /api/checkins (call Yellow): every active pair of the caller, or only the one with `partnerId`. */
export const checkinInput = z.strictObject({ partnerId: uuidField(CHECKIN_TEXT.noPartner).optional() });
export type CheckinInput = z.infer<typeof checkinInput>;

/** POST /api/checkins/:id/answer: a mood and an optional note (trimmed; empty is none). */
export const checkinAnswerInput = z.strictObject({
  mood: z.enum(CHECKIN_MOODS, { error: CHECKIN_TEXT.mood }),
  note: z
    .string({ error: CHECKIN_TEXT.note })
    .max(CHECKIN_NOTE_MAX, CHECKIN_TEXT.noteTooLong)
    .transform((s) => s.trim())
    .optional(),
});
export type CheckinAnswerInput = z.input<typeof checkinAnswerInput>;

/** PUT /api/checkins/cadence: one pair's cadence, set in the setter's time zone. */
export const cadenceInput = z
  .strictObject({
    partnerId: uuidField(CHECKIN_TEXT.noPartner),
    frequency: z.enum(CADENCE_FREQUENCIES, { error: CHECKIN_TEXT.frequency }),
    weekday: z
      .number({ error: CHECKIN_TEXT.weekday })
      .int(CHECKIN_TEXT.weekday)
      .min(0, CHECKIN_TEXT.weekday)
      .max(6, CHECKIN_TEXT.weekday)
      .nullable()
      .optional(),
    time: clockTime,
    timeZone: timeZoneField,
  })
  .refine((c) => c.frequency !== 'weekly' || (c.weekday !== null && c.weekday !== undefined), {
    message: CHECKIN_TEXT.weekday,
    path: ['weekday'],
  });
export type CadenceInput = z.input<typeof cadenceInput>;

/** GET /api/checkins/history?before=<answered_at ms>_<id>: the page after the cursor. */
export const checkinHistoryQuery = z.strictObject({
  before: z
    .string({ error: CHECKIN_TEXT.cursor })
    .max(100, CHECKIN_TEXT.cursor)
    .regex(/^\d{1,15}_[0-9a-fA-F-]{36}$/, CHECKIN_TEXT.cursor)
    .optional(),
});

/** An open check-in in one of the user's pairs: who asked it (me, the partner, or the cadence) and when. */
export interface CheckinView {
  id: string;
  pairId: string;
  partnerId: string;
  kind: CheckinKind;
  /** Yellow asked by me: I wait for my partner. */
  askedByMe: boolean;
  /** It is mine to answer. */
  forMe: boolean;
  askedAt: number;
}

/** GET /api/checkins, and what asking or answering answers: the open check-ins of the user's active pairs. */
export interface CheckinsView {
  checkins: CheckinView[];
}

/** An answered check-in: both partners read its mood and note. */
export interface CheckinHistoryEntry {
  id: string;
  pairId: string;
  partnerId: string;
  kind: CheckinKind;
  askedByMe: boolean;
  answeredByMe: boolean;
  askedAt: number;
  answeredAt: number;
  mood: CheckinMood | null;
  note: string | null;
}

export interface CheckinHistoryView {
  entries: CheckinHistoryEntry[];
  nextCursor: string | null;
}

/** A pair's cadence as both partners see it; `setByMe` null when nobody has set it yet (off). */
export interface CadenceView {
  pairId: string;
  partnerId: string;
  frequency: CadenceFrequency;
  weekday: number | null;
  time: string;
  timeZone: string | null;
  setByMe: boolean | null;
  setAt: number | null;
  nextAt: number | null;
}

export interface CadencesView {
  cadences: CadenceView[];
}
