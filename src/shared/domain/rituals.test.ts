import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOutcome,
  isoWeekday,
  mondayOf,
  type RitualMark,
  ritualStreak,
  scheduledDates,
  streakOf,
} from './rituals';

const marks = (entries: Record<string, RitualMark>) => new Map(Object.entries(entries));
const NONE = new Set<string>();

describe('ritual days and streaks (decision 072)', () => {
  it('reads dates as calendar days: weekdays, Mondays, a month and a year turning', () => {
    expect(isoWeekday('2030-03-11')).toBe(1);
    expect(isoWeekday('2030-03-17')).toBe(7);
    expect(mondayOf('2030-03-17')).toBe('2030-03-11');
    expect(mondayOf('2030-03-11')).toBe('2030-03-11');
    expect(addDays('2030-02-28', 1)).toBe('2030-03-01');
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
    // A change of the clocks (the last Sunday of March in Europe) is no day longer or shorter here.
    expect(addDays('2030-03-30', 2)).toBe('2030-04-01');
    expect(scheduledDates([1, 3, 5], '2030-03-11', '2030-03-17')).toEqual([
      '2030-03-11',
      '2030-03-13',
      '2030-03-15',
    ]);
    expect(scheduledDates([7], '2030-03-11', '2030-03-16')).toEqual([]);
  });

  it('keeps a run on done or partly done; rests it on excused, a failure of the app, a stop or an open today', () => {
    const day = (mark: RitualMark | null, stopped = false, today = false) =>
      dayOutcome({ mark, stopped, today });
    expect(day('done')).toBe('kept');
    expect(day('partly')).toBe('kept');
    expect(day('done', true)).toBe('kept');
    expect(day('excused')).toBe('rested');
    expect(day('app_failed')).toBe('rested');
    expect(day(null, true)).toBe('rested');
    expect(day('skipped', true)).toBe('rested');
    expect(day(null, false, true)).toBe('rested');
    expect(day('skipped')).toBe('broken');
    expect(day(null)).toBe('broken');
    expect(day('skipped', false, true)).toBe('broken');
  });

  it('counts the current run and the best one', () => {
    expect(streakOf([])).toEqual({ current: 0, best: 0 });
    expect(streakOf(['kept', 'kept', 'rested', 'kept', 'broken', 'kept'])).toEqual({ current: 1, best: 3 });
    expect(streakOf(['kept', 'kept', 'rested'])).toEqual({ current: 2, best: 2 });
  });

  it('an excused day, a stopped day or a failure of the app never breaks a streak; a missed day does', () => {
    const daily = [1, 2, 3, 4, 5, 6, 7];
    const kept = { '2030-03-11': 'done', '2030-03-12': 'done', '2030-03-14': 'partly' } as const;
    const since = '2030-03-11';
    const today = '2030-03-15';
    // 13 March excused, or the app failed that day, or Red held the pair: the run goes on to 3.
    for (const mark of ['excused', 'app_failed'] as const) {
      expect(
        ritualStreak({
          days: daily,
          since,
          today,
          marks: marks({ ...kept, '2030-03-13': mark }),
          stopped: NONE,
        }),
      ).toEqual({
        current: 3,
        best: 3,
      });
    }
    expect(
      ritualStreak({ days: daily, since, today, marks: marks(kept), stopped: new Set(['2030-03-13']) }),
    ).toEqual({
      current: 3,
      best: 3,
    });
    // Nobody marked 13 March and nothing held it: the run starts again after it.
    expect(ritualStreak({ days: daily, since, today, marks: marks(kept), stopped: NONE })).toEqual({
      current: 1,
      best: 2,
    });
    // Today unmarked breaks nothing yet.
    expect(
      ritualStreak({
        days: daily,
        since,
        today: '2030-03-15',
        marks: marks({ ...kept, '2030-03-13': 'done' }),
        stopped: NONE,
      }),
    ).toEqual({
      current: 4,
      best: 4,
    });
  });

  it('counts only the days a ritual is scheduled, from the day it began', () => {
    // Mondays and Thursdays: the Tuesday and Wednesday between are nothing.
    const streak = ritualStreak({
      days: [1, 4],
      since: '2030-03-04',
      today: '2030-03-14',
      marks: marks({
        '2030-03-04': 'done',
        '2030-03-07': 'done',
        '2030-03-11': 'done',
        '2030-03-14': 'done',
        '2030-03-01': 'skipped',
      }),
      stopped: NONE,
    });
    expect(streak).toEqual({ current: 4, best: 4 });
  });

  it('never applies a change of days to the past: before it, only the days marked count, in order', () => {
    const since = '2030-03-11'; // a Monday
    // Mondays only at first, kept twice; then every day from Wednesday the 20th, kept since.
    const given = marks({
      '2030-03-11': 'done',
      '2030-03-18': 'done',
      '2030-03-20': 'done',
      '2030-03-21': 'partly',
    });
    const today = '2030-03-21';
    const daily = [1, 2, 3, 4, 5, 6, 7];
    // Counted as if every day had always been asked, the unmarked days between would break the run.
    expect(ritualStreak({ days: daily, since, today, marks: given, stopped: NONE })).toEqual({
      current: 2,
      best: 2,
    });
    expect(
      ritualStreak({ days: daily, since, daysFrom: '2030-03-20', today, marks: given, stopped: NONE }),
    ).toEqual({
      current: 4,
      best: 4,
    });
    // Removing a day keeps the days kept on it before the change; a skip before it still breaks.
    const skipped = marks({ '2030-03-12': 'done', '2030-03-13': 'skipped', '2030-03-19': 'done' });
    expect(
      ritualStreak({
        days: [2],
        since,
        daysFrom: '2030-03-15',
        today: '2030-03-19',
        marks: skipped,
        stopped: NONE,
      }),
    ).toEqual({ current: 1, best: 1 });
    expect(ritualStreak({ days: [2], since, today: '2030-03-19', marks: skipped, stopped: NONE })).toEqual({
      current: 2,
      best: 2,
    });
  });
});
