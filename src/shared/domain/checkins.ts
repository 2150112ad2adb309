/**
 * Check-ins (decisions 049, 052): the moods an answer takes, the cadence a pair sets, and when its next
 * scheduled check-in opens. Nothing here counts, scores or reminds.
 */
import { nextLocalTime } from './schedule';

/** Yellow's ask (holds new demands while open), or one opened by the pair's cadence (holds nothing). */
export const CHECKIN_KINDS = ['yellow', 'scheduled'] as const;
export type CheckinKind = (typeof CHECKIN_KINDS)[number];

/** An answer's mood: Green closes it, Yellow asks the partner back, Red calls Red. */
export const CHECKIN_MOODS = ['green', 'yellow', 'red'] as const;
export type CheckinMood = (typeof CHECKIN_MOODS)[number];

export const CHECKIN_MOOD_LABELS: Record<CheckinMood, string> = {
  green: 'Green',
  yellow: 'Yellow',
  red: 'Red',
};

/** What each mood means, as the answer dialog says it. */
export const CHECKIN_MOOD_HINTS: Record<CheckinMood, string> = {
  green: 'All good.',
  yellow: 'Slow down: your partner is asked to check in with you.',
  red: 'Stop: Red is called for the two of you.',
};

export const CHECKIN_NOTE_MAX = 1000;

export const CADENCE_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type CadenceFrequency = (typeof CADENCE_FREQUENCIES)[number];

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export interface Cadence {
  frequency: CadenceFrequency;
  /** weekly only: Sunday=0..Saturday=6 */
  weekday: number | null;
  /** HH:MM on the setter's wall clock */
  time: string;
  timeZone: string;
}

/** Minutes since midnight of an HH:MM time. */
export const minuteOfDay = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** The next moment strictly after `after` at which the cadence opens a check-in; null when it is off. */
export function nextCheckinAt(cadence: Cadence, after: number): number | null {
  if (cadence.frequency === 'off') return null;
  return nextLocalTime(
    minuteOfDay(cadence.time),
    cadence.frequency === 'weekly' ? cadence.weekday : null,
    after,
    cadence.timeZone,
  );
}

/** "Daily at 20:00", "Every Sunday at 09:30", "Off". */
export function describeCadence(cadence: Pick<Cadence, 'frequency' | 'weekday' | 'time'>): string {
  if (cadence.frequency === 'off') return 'Off';
  if (cadence.frequency === 'daily') return `Daily at ${cadence.time}`;
  return `Every ${WEEKDAY_NAMES[cadence.weekday ?? 0]} at ${cadence.time}`;
}
