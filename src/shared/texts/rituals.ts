// What the rituals' screens show and their limits, without zod (decision 059): the schema re-exports them.
// Rituals and their streaks: decision 072 (the rules) and 074 (the tables, API and tab).

import type { RitualMark } from '../domain/rituals';

export const RITUAL_NAME_MAX = 100;
export const RITUAL_STEP_MAX = 200;
export const RITUAL_STEPS_MAX = 12;
export const RITUAL_MARK_NOTE_MAX = 500;
/** How many rituals a pair may have in use at once. */
export const RITUALS_IN_USE_MAX = 30;
/** How many days back the submissive may still mark or change a day (a failure said once the phone works). */
export const RITUAL_MARK_DAYS_BACK = 7;
/** The most points a ritual's default award may give for one day. */
export const RITUAL_AWARD_MAX = 1000;

/** What each mark is called where the submissive chooses it and where both read it. */
export const RITUAL_MARK_LABELS: Record<RitualMark, string> = {
  done: 'Done',
  partly: 'Partly done',
  skipped: 'Skipped',
  excused: 'Excused',
  app_failed: 'The app or my device failed',
};

/** The weekdays, ISO order (Monday 1 … Sunday 7), short and long. */
export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const WEEKDAY_LONG = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** The API's messages and the toasts of its writes. */
export const RITUALS_TEXT = {
  partnerRequired: 'Please choose the partner',
  nameRequired: 'Please give the ritual a name',
  nameTooLong: `The name must be at most ${RITUAL_NAME_MAX} characters`,
  stepText: 'Each step must be text',
  stepTooLong: `Each step must be at most ${RITUAL_STEP_MAX} characters`,
  tooManySteps: `A ritual has at most ${RITUAL_STEPS_MAX} steps`,
  daysRequired: 'Please choose at least one day',
  daysInvalid: 'Days must be weekdays from 1 (Monday) to 7 (Sunday)',
  timeInvalid: 'Please choose a time of day as HH:MM',
  awardInvalid: `The award must be a whole number of points from 0 to ${RITUAL_AWARD_MAX}`,
  markInvalid: 'Please choose done, partly done, skipped, excused or "the app failed"',
  noteText: 'The note must be text',
  noteTooLong: `The note must be at most ${RITUAL_MARK_NOTE_MAX} characters`,
  dateInvalid: 'Please give the day as YYYY-MM-DD',
  notScheduled: 'This ritual is not kept on that day',
  tooOld: `A day can be marked for up to ${RITUAL_MARK_DAYS_BACK} days after it`,
  inFuture: 'A day can be marked once it has begun',
  beforeStart: 'The ritual had not begun on that day',
  tooMany: `A pair may have at most ${RITUALS_IN_USE_MAX} rituals in use`,
  onlyDominantWrites: 'Only the dominant partner sets rituals',
  onlySubmissiveMarks: 'Only the submissive partner marks a ritual',
  notFound: 'Ritual not found',
  retired: 'This ritual was retired',
  // Toasts
  created: 'Ritual added',
  saved: 'Ritual saved',
  retiredToast: 'Ritual retired',
  marked: 'Day marked',
} as const;

/** What the Rituals tab of /structure says (decision 074). */
export const RITUALS_PAGE_TEXT = {
  tab: 'Rituals',
  heading: 'Rituals',
  intro:
    'Small routines on chosen days. A day excused, held by Red, or lost to the app or the phone never breaks a run.',
  add: 'New ritual',
  addTitle: 'New ritual',
  editTitle: 'Edit ritual',
  name: 'Name',
  steps: 'Steps (one per line, optional)',
  stepsHint: `Up to ${RITUAL_STEPS_MAX} steps`,
  days: 'Days',
  time: 'Time of day',
  award: 'Points for each day done (optional)',
  awardHint: 'Given once for a day marked done or partly done. 0 gives none.',
  create: 'Add ritual',
  save: 'Save ritual',
  saving: 'Saving…',
  edit: 'Edit',
  retire: 'Retire',
  retireTitle: 'Retire this ritual?',
  empty: 'No rituals yet.',
  emptyDominant: 'Add a small routine for the days you choose.',
  emptySubmissive: 'Rituals your partner sets will show here.',
  fetchFailed: "Couldn't load the rituals",
  saveFailed: "Couldn't save the ritual",
  retireFailed: "Couldn't retire the ritual",
  markFailed: "Couldn't mark the day",
  markTitle: (name: string, day: string) => `${name}: ${day}`,
  markLegend: 'How did it go?',
  note: 'Note (optional)',
  markSave: 'Save',
  thisWeek: 'This week',
  earlier: 'Earlier days you can still mark',
  run: (n: number) => (n === 1 ? '1 day in a row' : `${n} days in a row`),
  best: (n: number) => `best ${n}`,
  noRunYet: 'A new run starts with the next day kept',
  unmarked: 'Not marked',
  rested: 'Red held this day',
  notScheduledDay: 'Not a ritual day',
  later: 'Later this week',
} as const;
