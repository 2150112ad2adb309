/**
 * Repeat schedules for tasks (spec 2, sections 2-4 and 9). Everything is epoch milliseconds at the
 * boundary; the calendar is the user's IANA time zone. Weeks start on Sunday: weekdays are Sunday=0..Saturday=6.
 *
 * The maths works on "local milliseconds": an instant plus its UTC offset in the zone, read with UTC getters.
 * Turning a local wall-clock time back into an instant is the only delicate step (DST gaps and overlaps),
 * and it lives in one place: `instantOfLocal`.
 */
import { tzOffset } from '@date-fns/tz';

export const REPEAT_FREQUENCIES = ['daily', 'weekly', 'monthly', 'custom'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

export interface RepeatConfig {
  frequency: RepeatFrequency;
  /** custom only: weekdays, Sunday=0..Saturday=6 */
  daysOfWeek?: number[];
  /** monthly only: 1..31; a shorter month uses its last day */
  dayOfMonth?: number;
}

export const CUSTOM_DAYS_REQUIRED_MESSAGE = 'Please choose at least one day';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The offset of `timeZone` at `at` as the runtime reads it (Intl: tens of microseconds a call). */
function runtimeOffsetMs(at: number, timeZone: string): number {
  const minutes = tzOffset(timeZone, new Date(at));
  if (!Number.isFinite(minutes)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return Math.round(minutes * MINUTE_MS);
}

/**
 * Each zone's offset through whole UTC days it does not change in, or null for a day it changes in; at most
 * this many days are kept.
 */
const steadyDays = new Map<string, number | null>();
const STEADY_DAYS_KEPT = 4096;

/**
 * The offset of `timeZone` at `at`, in milliseconds (local minus UTC). A list of 20 tasks asks for a few
 * hundred offsets per render, nearly all on the same few days: the offset of a UTC day is read at its first
 * and last millisecond and, when the two agree, kept for the whole day (as `instantOfLocal` says, transitions
 * are at least a day apart, so a day holds at most one and its two ends would then differ). A day with a
 * transition is remembered as such, and read at each instant asked.
 */
export function offsetMs(at: number, timeZone: string): number {
  const day = Math.floor(at / DAY_MS);
  const key = `${timeZone}|${day}`;
  let steady = steadyDays.get(key);
  if (steady === undefined) {
    const start = runtimeOffsetMs(day * DAY_MS, timeZone);
    steady = runtimeOffsetMs(day * DAY_MS + DAY_MS - 1, timeZone) === start ? start : null;
    if (steadyDays.size >= STEADY_DAYS_KEPT) steadyDays.clear();
    steadyDays.set(key, steady);
  }
  return steady ?? runtimeOffsetMs(at, timeZone);
}

/** The wall-clock reading of `at` in `timeZone`, as if it were a UTC timestamp. */
function localMs(at: number, timeZone: string): number {
  if (!Number.isFinite(at)) throw new RangeError(`Not a finite timestamp: ${at}`);
  return at + offsetMs(at, timeZone);
}

/** Days since 1970-01-01 of the local calendar day holding `local` (a localMs value). */
function dayNumber(local: number): number {
  return Math.floor(local / DAY_MS);
}

/** Sunday=0..Saturday=6 of a day number (1970-01-01 was a Thursday). */
function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/**
 * The instant at which the wall clock in `timeZone` reads `local`. Transitions are assumed to be at least a
 * day apart, so the offsets a day either side are the only two candidates. When both fit (fall back), the
 * earlier instant wins; when neither fits (spring forward), the time is read with the offset from before the
 * transition, which moves it forward by the gap (02:30 -> 03:30).
 */
function instantOfLocal(local: number, timeZone: string): number {
  const before = offsetMs(local - DAY_MS, timeZone);
  const after = offsetMs(local + DAY_MS, timeZone);
  const early = local - before;
  const late = local - after;
  const earlyFits = offsetMs(early, timeZone) === before;
  const lateFits = offsetMs(late, timeZone) === after;
  if (earlyFits && lateFits) return Math.min(early, late);
  if (lateFits) return late;
  return early;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function assertDayOfMonth(day: number): void {
  if (!Number.isInteger(day) || day < 1 || day > 31) {
    throw new RangeError('Day of month must be a whole number from 1 to 31');
  }
}

/** Sorted unique weekdays; throws when none is chosen or one is not 0..6. */
function customDays(daysOfWeek: readonly number[] | undefined): number[] {
  const days = [...new Set(daysOfWeek ?? [])].sort((a, b) => a - b);
  if (days.length === 0) throw new Error(CUSTOM_DAYS_REQUIRED_MESSAGE);
  for (const day of days) {
    if (!Number.isInteger(day) || day < 0 || day > 6) {
      throw new RangeError('Days of week must be whole numbers from 0 (Sunday) to 6 (Saturday)');
    }
  }
  return days;
}

/**
 * A repeat config as created from a first due date: monthly records dayOfMonth (the due date's day in tz) so
 * the 31st keeps coming back after a short month; custom keeps sorted unique daysOfWeek; daily/weekly carry
 * neither. Throws (Error with message 'Please choose at least one day') for custom without days.
 */
export function normalizeRepeatConfig(
  config: RepeatConfig,
  firstDue: number,
  timeZone: string,
): RepeatConfig {
  switch (config.frequency) {
    case 'daily':
    case 'weekly':
      return { frequency: config.frequency };
    case 'monthly':
      return {
        frequency: 'monthly',
        dayOfMonth: new Date(localMs(firstDue, timeZone)).getUTCDate(),
      };
    case 'custom':
      return { frequency: 'custom', daysOfWeek: customDays(config.daysOfWeek) };
    default:
      throw new RangeError(`Unknown repeat frequency: ${String((config as RepeatConfig).frequency)}`);
  }
}

/**
 * The first occurrence strictly after `after`, at the wall-clock time of `due` in `timeZone`:
 * daily: every day; weekly: on the weekday of `due`; monthly: on config.dayOfMonth (default: `due`'s day),
 * the last day of the month when the month is shorter; custom: on the weekdays in daysOfWeek.
 * DST: a wall-clock time that does not exist that day (spring forward gap) moves forward by the gap
 * (02:30 -> 03:30); an ambiguous one (fall back) takes the earlier instant. Never returns a time <= after.
 *
 * The schedule is not bounded below by `due`: to roll a task that is completed before its due moment past
 * that moment, pass `Math.max(now, due)` as `after`.
 */
export function nextOccurrence(config: RepeatConfig, due: number, after: number, timeZone: string): number {
  const dueLocal = localMs(due, timeZone);
  const wallClock = dueLocal - dayNumber(dueLocal) * DAY_MS;
  const afterLocal = localMs(after, timeZone);

  if (config.frequency === 'monthly') {
    const dayOfMonth = config.dayOfMonth ?? new Date(dueLocal).getUTCDate();
    assertDayOfMonth(dayOfMonth);
    const start = new Date(afterLocal);
    // The month before `after` is looked at too, in case a gap pushes its occurrence past midnight.
    for (let k = -1; k <= 2; k++) {
      const year = start.getUTCFullYear();
      const month = start.getUTCMonth() + k;
      const day = Math.min(dayOfMonth, daysInMonth(year, month));
      const at = instantOfLocal(Date.UTC(year, month, day) + wallClock, timeZone);
      if (at > after) return at;
    }
  } else {
    const allowed =
      config.frequency === 'daily'
        ? null
        : config.frequency === 'weekly'
          ? [weekdayOf(dayNumber(dueLocal))]
          : config.frequency === 'custom'
            ? customDays(config.daysOfWeek)
            : undefined;
    if (allowed === undefined) throw new RangeError(`Unknown repeat frequency: ${String(config.frequency)}`);
    // From the day before `after` (same reason as above) through a full week after it.
    const first = dayNumber(afterLocal) - 1;
    for (let day = first; day <= first + 9; day++) {
      if (allowed !== null && !allowed.includes(weekdayOf(day))) continue;
      const at = instantOfLocal(day * DAY_MS + wallClock, timeZone);
      if (at > after) return at;
    }
  }
  // Unreachable for valid input: every branch above covers more than one full period.
  throw new Error('No next occurrence found');
}

/** The start (00:00 local) of the day of `at` in `timeZone`, as epoch ms. */
export function startOfLocalDay(at: number, timeZone: string): number {
  return instantOfLocal(dayNumber(localMs(at, timeZone)) * DAY_MS, timeZone);
}

/** Calendar-day difference (day of `at` minus day of `now`) in timeZone: 0 today, 1 tomorrow, -1 yesterday. */
export function localDayDiff(at: number, now: number, timeZone: string): number {
  return dayNumber(localMs(at, timeZone)) - dayNumber(localMs(now, timeZone));
}

/** The local wall-clock milliseconds since local midnight of `at` in `timeZone` (07:00 -> 25_200_000). */
export function localTimeOfDay(at: number, timeZone: string): number {
  const local = localMs(at, timeZone);
  return local - dayNumber(local) * DAY_MS;
}

/** An IANA zone name this runtime knows ('Europe/Berlin', 'UTC'); raw offsets such as '+05:00' are refused. */
export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== 'string' || tz.length === 0 || tz.length > 64 || /^[+-]/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The first instant strictly after `after` at which the wall clock in `timeZone` reads `minuteOfDay`
 * (minutes since local midnight), on any day, or only on `weekday` (Sunday=0) when given. DST as in
 * `nextOccurrence`: a time in a spring-forward gap moves forward by the gap, an ambiguous one is the earlier.
 */
export function nextLocalTime(
  minuteOfDay: number,
  weekday: number | null,
  after: number,
  timeZone: string,
): number {
  if (!Number.isInteger(minuteOfDay) || minuteOfDay < 0 || minuteOfDay >= 24 * 60) {
    throw new RangeError('Minute of day must be a whole number from 0 to 1439');
  }
  const first = dayNumber(localMs(after, timeZone)) - 1;
  for (let day = first; day <= first + 9; day++) {
    if (weekday !== null && weekdayOf(day) !== weekday) continue;
    const at = instantOfLocal(day * DAY_MS + minuteOfDay * MINUTE_MS, timeZone);
    if (at > after) return at;
  }
  throw new Error('No next local time found');
}
