import { dateIn } from '@/shared/domain/calendar';
import {
  addDays,
  isoWeekday,
  mondayOf,
  type RitualMark,
  ritualStreak,
  scheduledDates,
} from '@/shared/domain/rituals';
import { RITUAL_MARK_DAYS_BACK, type RitualDayView, type RitualView } from '@/shared/schemas/rituals';
import type { rituals } from '../../db/schema';

/*
 * A ritual as the API answers it (decisions 072, 074): its streak from the shared rules, this week's days
 * and the earlier days still markable, each with its mark and whether Red held the pair at some moment of
 * it. Dates are calendar dates in the ritual's time zone.
 */

export type RitualRow = typeof rituals.$inferSelect;
export interface DayMark {
  mark: RitualMark;
  note: string | null;
}
/** A stop of the pair: from its call to its lifting (null: it still holds). */
export interface StopSpan {
  calledAt: Date;
  liftedAt: Date | null;
}

/** The first day a ritual's days may reach back to from `today` (older ones are no longer markable). */
export const oldestMarkable = (today: string) => addDays(today, -RITUAL_MARK_DAYS_BACK);

/**
 * The dates from `from` on that Red held at some moment of, in `timeZone`: each stop's first local day to
 * the day of its last moment (a lifting at midnight leaves the next day free); an open stop reaches today.
 */
export function stoppedDates(
  stops: readonly StopSpan[],
  timeZone: string,
  now: Date,
  from: string,
): Set<string> {
  const stopped = new Set<string>();
  for (const stop of stops) {
    const end = stop.liftedAt
      ? Math.max(stop.calledAt.getTime(), stop.liftedAt.getTime() - 1)
      : now.getTime();
    const last = dateIn(new Date(end), timeZone);
    let date = dateIn(stop.calledAt, timeZone);
    if (date < from) date = from;
    for (; date <= last; date = addDays(date, 1)) stopped.add(date);
  }
  return stopped;
}

/** Whether the ritual is kept on that date: one of its weekdays, from the day it began. */
export const isScheduled = (row: Pick<RitualRow, 'days' | 'since'>, date: string) =>
  date >= row.since && row.days.includes(isoWeekday(date));

export function presentRitual(
  row: RitualRow,
  marks: ReadonlyMap<string, DayMark>,
  stops: readonly StopSpan[],
  now: Date,
): RitualView {
  const today = dateIn(now, row.timeZone);
  const monday = mondayOf(today);
  const oldest = oldestMarkable(today);
  const from = [row.since, monday, oldest].sort()[0]!;
  const stopped = stoppedDates(stops, row.timeZone, now, from);
  const day = (date: string): RitualDayView => {
    const scheduled = isScheduled(row, date);
    const marked = marks.get(date);
    return {
      date,
      scheduled,
      mark: marked?.mark ?? null,
      note: marked?.note ?? null,
      stopped: stopped.has(date),
      markable: scheduled && date <= today && date >= oldest,
    };
  };
  const markOf = new Map([...marks].map(([date, m]) => [date, m.mark]));
  const earliest = row.since > oldest ? row.since : oldest;
  return {
    id: row.id,
    pairId: row.pairId,
    name: row.name,
    steps: row.steps,
    days: row.days,
    time: row.time,
    timeZone: row.timeZone,
    award: row.award,
    since: row.since,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    streak: ritualStreak({
      days: row.days,
      since: row.since,
      daysFrom: row.daysFrom,
      today,
      marks: markOf,
      stopped,
    }),
    week: Array.from({ length: 7 }, (_, i) => day(addDays(monday, i))),
    earlier: earliest < monday ? scheduledDates(row.days, earliest, addDays(monday, -1)).map(day) : [],
  };
}
