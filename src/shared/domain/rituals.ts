/**
 * Rituals and their gentle streaks (issue 24, part 3; decision 072): the rules, on dates alone, shared by
 * the server (which answers the streaks) and the browser (which draws the week). A date is `YYYY-MM-DD` in
 * the ritual's time zone; a ritual's days are ISO weekdays, Monday 1 to Sunday 7.
 */

/** What the submissive says of a scheduled day. */
export const RITUAL_MARKS = ['done', 'partly', 'skipped', 'excused', 'app_failed'] as const;
export type RitualMark = (typeof RITUAL_MARKS)[number];

/**
 * What a scheduled day does to a run: `kept` adds a day, `rested` neither adds nor breaks (excused, a
 * failure of the app or the device, a day Red held, today before it is over), `broken` starts it again
 * (skipped, or a past day nobody marked).
 */
export type DayOutcome = 'kept' | 'rested' | 'broken';

export interface RitualDayFacts {
  mark: RitualMark | null;
  /** Red held the pair at some moment of that day. */
  stopped: boolean;
  /** The day is today: it is not over, so an unmarked today breaks nothing. */
  today: boolean;
}

/** Done or partly done keeps a run whatever else was true; otherwise nothing that was not chosen breaks it. */
export function dayOutcome({ mark, stopped, today }: RitualDayFacts): DayOutcome {
  if (mark === 'done' || mark === 'partly') return 'kept';
  if (mark === 'excused' || mark === 'app_failed' || stopped) return 'rested';
  if (mark === 'skipped') return 'broken';
  return today ? 'rested' : 'broken';
}

export interface Streak {
  /** Scheduled days kept in the run that reaches today (rested days carry it on). */
  current: number;
  /** The longest run there has been. */
  best: number;
}

/** The runs of a ritual's scheduled days, oldest first. */
export function streakOf(outcomes: readonly DayOutcome[]): Streak {
  let current = 0;
  let best = 0;
  for (const outcome of outcomes) {
    if (outcome === 'kept') best = Math.max(best, ++current);
    else if (outcome === 'broken') current = 0;
  }
  return { current, best };
}

const DAY_MS = 86_400_000;
const toEpochDay = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const fromEpochDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The ISO weekday of a date: Monday 1 to Sunday 7. */
export const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The date `n` days after (or before, when negative) another. */
export const addDays = (date: string, n: number) => fromEpochDay(toEpochDay(date) + n);

/** The Monday of the week a date falls in. */
export const mondayOf = (date: string) => addDays(date, 1 - isoWeekday(date));

/** Every date from `from` to `to`, both included, that falls on one of `days`. */
export function scheduledDates(days: readonly number[], from: string, to: string): string[] {
  const wanted = new Set(days);
  const dates: string[] = [];
  for (let day = toEpochDay(from); day <= toEpochDay(to); day++) {
    const date = fromEpochDay(day);
    if (wanted.has(isoWeekday(date))) dates.push(date);
  }
  return dates;
}

/**
 * The streak of a ritual from the day it began to today: each scheduled day's outcome from its mark and
 * whether Red held it. Days before the ritual began, and days it was not scheduled, count for nothing.
 *
 * A change of its days never applies to the past (decision 074): before `daysFrom` (the first day its
 * present days apply; `since` when they never changed) only the days someone marked count, in order, and a
 * day nobody marked there breaks nothing, so adding a day cannot turn past days into missed ones and
 * removing one cannot take away days kept.
 */
export function ritualStreak(input: {
  days: readonly number[];
  since: string;
  daysFrom?: string;
  today: string;
  marks: ReadonlyMap<string, RitualMark>;
  stopped: ReadonlySet<string>;
}): Streak {
  const daysFrom = input.daysFrom && input.daysFrom > input.since ? input.daysFrom : input.since;
  const before = [...input.marks]
    .filter(([date]) => date >= input.since && date < daysFrom && date <= input.today)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const outcomeOf = (date: string, mark: RitualMark | null) =>
    dayOutcome({ mark, stopped: input.stopped.has(date), today: date === input.today });
  const outcomes = [
    ...before.map(([date, mark]) => outcomeOf(date, mark)),
    ...scheduledDates(input.days, daysFrom, input.today).map((date) =>
      outcomeOf(date, input.marks.get(date) ?? null),
    ),
  ];
  return streakOf(outcomes);
}
