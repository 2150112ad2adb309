import { describe, expect, it } from 'vitest';
import type { RepeatConfig } from './schedule';
import {
  ABOVE_AND_BEYOND_DETAILS_MAX,
  ABOVE_AND_BEYOND_TITLE_MAX,
  completionTiming,
  countDueToday,
  cycleReopensAt,
  DASHBOARD_TASKS,
  dashboardColour,
  dueStatus,
  isMorningReminderMinute,
  isTwoHourReminderDue,
  isVisibleInActiveList,
  isVisibleOnDashboard,
  REMINDER_CATCH_UP_MS,
  TASK_TYPES,
  type TaskState,
  twoHourReminderDueRange,
} from './tasks';

const at = (iso: string) => Date.parse(iso);
const SECOND = 1000;
const HOUR = 3_600_000;

/** New York: EDT (-04:00) in June, so local midnight is 04:00Z. */
const NY = 'America/New_York';
const daily: RepeatConfig = { frequency: 'daily' };

function task(overrides: Partial<TaskState> = {}): TaskState {
  return {
    isCompleted: false,
    taskType: 'assigned',
    repeatConfig: null,
    dueDate: at('2026-06-10T18:00:00-04:00'),
    feedback: null,
    feedbackAcknowledged: false,
    ...overrides,
  };
}

describe('constants', () => {
  it('match the spec', () => {
    expect(TASK_TYPES).toEqual(['assigned', 'above_and_beyond']);
    expect(DASHBOARD_TASKS).toBe(5);
    expect(ABOVE_AND_BEYOND_TITLE_MAX).toBe(100);
    expect(ABOVE_AND_BEYOND_DETAILS_MAX).toBe(500);
  });
});

describe('completionTiming', () => {
  const due = at('2026-06-10T18:00:00Z');

  it('is on time exactly at the due moment', () => {
    expect(completionTiming(due, due)).toEqual({ onTime: true, latenessSeconds: 0 });
  });

  it('is on time before the due moment, with no negative lateness', () => {
    expect(completionTiming(due, due - HOUR)).toEqual({ onTime: true, latenessSeconds: 0 });
  });

  it('is late 1 ms after, with 0 whole seconds of lateness', () => {
    expect(completionTiming(due, due + 1)).toEqual({ onTime: false, latenessSeconds: 0 });
  });

  it('counts whole seconds, rounding down', () => {
    expect(completionTiming(due, due + 1999)).toEqual({ onTime: false, latenessSeconds: 1 });
    expect(completionTiming(due, due + 2 * HOUR + 5 * SECOND)).toEqual({
      onTime: false,
      latenessSeconds: 7205,
    });
  });
});

describe('isVisibleInActiveList', () => {
  const now = at('2026-06-10T12:00:00-04:00');
  const roles = ['dominant', 'submissive'] as const;

  it('shows a task that is not complete, to both roles, even when overdue', () => {
    for (const role of roles) {
      expect(isVisibleInActiveList(task(), role, now)).toBe(true);
      expect(isVisibleInActiveList(task({ dueDate: now - 3 * 24 * HOUR }), role, now)).toBe(true);
      expect(isVisibleInActiveList(task({ taskType: 'above_and_beyond' }), role, now)).toBe(true);
    }
  });

  it('hides a completed non-repeating assigned task', () => {
    for (const role of roles) {
      expect(isVisibleInActiveList(task({ isCompleted: true }), role, now)).toBe(false);
      expect(isVisibleInActiveList(task({ isCompleted: true, feedback: 'Well done' }), role, now)).toBe(
        false,
      );
    }
  });

  it('shows a completed above_and_beyond task to the dominant until feedback exists', () => {
    const done = task({ isCompleted: true, taskType: 'above_and_beyond' });
    expect(isVisibleInActiveList(done, 'dominant', now)).toBe(true);
    expect(isVisibleInActiveList({ ...done, feedback: '   ' }, 'dominant', now)).toBe(true);
    expect(isVisibleInActiveList({ ...done, feedback: 'Lovely' }, 'dominant', now)).toBe(false);
  });

  it('shows a completed above_and_beyond task to the submissive until feedback exists and is acknowledged', () => {
    const done = task({ isCompleted: true, taskType: 'above_and_beyond' });
    expect(isVisibleInActiveList(done, 'submissive', now)).toBe(true);
    expect(isVisibleInActiveList({ ...done, feedback: 'Lovely' }, 'submissive', now)).toBe(true);
    expect(
      isVisibleInActiveList({ ...done, feedback: 'Lovely', feedbackAcknowledged: true }, 'submissive', now),
    ).toBe(false);
  });

  it('shows a completed repeating task while its rolled due date is in the future', () => {
    const rolled = at('2026-06-11T00:30:00-04:00');
    const done = task({ isCompleted: true, repeatConfig: daily, dueDate: rolled });
    for (const role of roles) {
      // Just before and just after local midnight: visibility follows the instant, not the day.
      expect(isVisibleInActiveList(done, role, at('2026-06-10T23:59:00-04:00'))).toBe(true);
      expect(isVisibleInActiveList(done, role, at('2026-06-11T00:29:59-04:00'))).toBe(true);
      expect(isVisibleInActiveList(done, role, rolled)).toBe(false);
      expect(isVisibleInActiveList(done, role, rolled + 1)).toBe(false);
    }
  });
});

describe('dashboardColour (America/New_York, across local midnight)', () => {
  // 23:30 on June 10 in New York is already June 11 in UTC.
  const now = at('2026-06-10T23:30:00-04:00');

  it('is green for a completed non-repeating task, whatever its due date', () => {
    expect(dashboardColour(task({ isCompleted: true, dueDate: now - 5 * 24 * HOUR }), now, NY)).toBe(
      'completed',
    );
    expect(dashboardColour(task({ isCompleted: true, dueDate: now + 5 * 24 * HOUR }), now, NY)).toBe(
      'completed',
    );
  });

  it('is red when the due day is before today in the zone', () => {
    expect(dashboardColour(task({ dueDate: at('2026-06-09T23:59:00-04:00') }), now, NY)).toBe('overdue');
  });

  it('is orange when due today in the zone, even if the due moment has passed or is in another UTC day', () => {
    expect(dashboardColour(task({ dueDate: at('2026-06-10T00:00:00-04:00') }), now, NY)).toBe('due-today');
    expect(dashboardColour(task({ dueDate: at('2026-06-10T23:45:00-04:00') }), now, NY)).toBe('due-today');
  });

  it('is amber for tomorrow or later', () => {
    expect(dashboardColour(task({ dueDate: at('2026-06-11T00:30:00-04:00') }), now, NY)).toBe('later');
    expect(dashboardColour(task({ dueDate: at('2026-07-01T09:00:00-04:00') }), now, NY)).toBe('later');
  });

  it('is on hold (grey) while Red holds the pair, for what was not yet overdue when it was called', () => {
    const stoppedSince = at('2026-06-08T12:00:00-04:00');
    const dueDuringStop = task({ dueDate: at('2026-06-09T09:00:00-04:00') });
    expect(dashboardColour(dueDuringStop, now, NY)).toBe('overdue');
    expect(dashboardColour(dueDuringStop, now, NY, stoppedSince)).toBe('on-hold');
    expect(dashboardColour(task({ dueDate: at('2026-06-07T09:00:00-04:00') }), now, NY, stoppedSince)).toBe(
      'overdue',
    );
    expect(dashboardColour(task({ isCompleted: true, dueDate: now }), now, NY, stoppedSince)).toBe(
      'completed',
    );
  });

  it('turns due-today into overdue at local midnight', () => {
    const due = task({ dueDate: at('2026-06-10T23:45:00-04:00') });
    expect(dashboardColour(due, at('2026-06-10T23:59:59.999-04:00'), NY)).toBe('due-today');
    expect(dashboardColour(due, at('2026-06-11T00:00:00-04:00'), NY)).toBe('overdue');
  });

  it('colours a completed repeating task by its next (rolled) due date', () => {
    const done = task({ isCompleted: true, repeatConfig: daily, dueDate: at('2026-06-11T09:00:00-04:00') });
    expect(dashboardColour(done, now, NY)).toBe('later');
    expect(dashboardColour(done, at('2026-06-11T08:00:00-04:00'), NY)).toBe('due-today');
  });
});

describe('isVisibleOnDashboard', () => {
  const now = at('2026-06-10T23:30:00-04:00');

  it('shows open tasks, overdue or not', () => {
    expect(isVisibleOnDashboard(task(), now)).toBe(true);
    expect(isVisibleOnDashboard(task({ dueDate: now - 24 * HOUR }), now)).toBe(true);
  });

  it('hides a completed non-repeating task', () => {
    expect(isVisibleOnDashboard(task({ isCompleted: true, dueDate: now + HOUR }), now)).toBe(false);
    expect(isVisibleOnDashboard(task({ isCompleted: true, taskType: 'above_and_beyond' }), now)).toBe(false);
  });

  it('hides a completed repeating task once its due date has passed', () => {
    const done = task({ isCompleted: true, repeatConfig: daily, dueDate: at('2026-06-11T00:15:00-04:00') });
    expect(isVisibleOnDashboard(done, now)).toBe(true);
    expect(isVisibleOnDashboard(done, done.dueDate)).toBe(false);
    expect(isVisibleOnDashboard(done, done.dueDate + 1)).toBe(false);
  });
});

describe('dueStatus (America/New_York)', () => {
  const now = at('2026-06-10T23:30:00-04:00');

  it('is past due once the due moment has passed, even on the same day', () => {
    expect(dueStatus(now - 1, now, NY)).toBe('past-due');
    expect(dueStatus(at('2026-06-10T09:00:00-04:00'), now, NY)).toBe('past-due');
    expect(dueStatus(at('2026-06-01T09:00:00-04:00'), now, NY)).toBe('past-due');
  });

  it('is due today at the due moment and later today', () => {
    expect(dueStatus(now, now, NY)).toBe('due-today');
    expect(dueStatus(at('2026-06-10T23:59:59.999-04:00'), now, NY)).toBe('due-today');
  });

  it('is on hold while the pair is stopped, for every task not yet due when Red was called (decision 049)', () => {
    const stoppedSince = at('2026-06-10T12:00:00-04:00');
    // Due during the stop: time stopped never counts, so it is not past due, however long ago it was due.
    expect(dueStatus(at('2026-06-10T13:00:00-04:00'), now, NY, stoppedSince)).toBe('on-hold');
    expect(dueStatus(stoppedSince, now, NY, stoppedSince)).toBe('on-hold');
    expect(dueStatus(at('2026-06-20T12:00:00-04:00'), now, NY, stoppedSince)).toBe('on-hold');
    // Already late when Red was called: it stays past due (the stop does not make it on time either).
    expect(dueStatus(stoppedSince - 1, now, NY, stoppedSince)).toBe('past-due');
    // No stop: as before.
    expect(dueStatus(at('2026-06-10T13:00:00-04:00'), now, NY, null)).toBe('past-due');
  });

  it('is upcoming from local midnight on (already tomorrow in UTC is not what decides)', () => {
    expect(dueStatus(at('2026-06-11T00:00:00-04:00'), now, NY)).toBe('upcoming');
    expect(dueStatus(at('2026-06-20T12:00:00-04:00'), now, NY)).toBe('upcoming');
    // In UTC, 23:45 New York time is June 11 while now (03:30Z) is June 11 too: due today.
    expect(dueStatus(at('2026-06-10T23:45:00-04:00'), now, 'UTC')).toBe('due-today');
    // And 20:00 New York time on June 11 is 00:00Z June 12: upcoming in UTC and in New York.
    expect(dueStatus(at('2026-06-11T20:00:00-04:00'), now, 'UTC')).toBe('upcoming');
  });
});

describe('cycleReopensAt', () => {
  it('is local midnight of the rolled due date', () => {
    expect(new Date(cycleReopensAt(at('2026-06-11T09:00:00-04:00'), NY)).toISOString()).toBe(
      '2026-06-11T04:00:00.000Z',
    );
    expect(new Date(cycleReopensAt(at('2026-06-11T02:00:00Z'), 'Asia/Kolkata')).toISOString()).toBe(
      '2026-06-10T18:30:00.000Z',
    );
  });

  it('follows a DST change (Europe/Berlin, 2026-03-29: midnight is still +01:00)', () => {
    expect(new Date(cycleReopensAt(at('2026-03-29T09:00:00+02:00'), 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
  });
});

describe('twoHourReminderDueRange: what the server reminds of at a moment', () => {
  const inRange = (due: number, now: number) => {
    const { after, before } = twoHourReminderDueRange(now);
    return due > after && due < before;
  };
  const due = at('2026-06-10T18:00:00Z');
  const mark = due - 2 * HOUR;

  it('holds every moment the open page reminds at', () => {
    for (const offset of [-59, -30, 0, 30, 59]) {
      const now = mark + offset * SECOND;
      expect(isTwoHourReminderDue(due, now)).toBe(true);
      expect(inRange(due, now)).toBe(true);
    }
  });

  it('catches up a missed minute for a while, never before the page would, never once due', () => {
    expect(inRange(due, mark + REMINDER_CATCH_UP_MS - SECOND)).toBe(true);
    expect(inRange(due, mark + REMINDER_CATCH_UP_MS)).toBe(false);
    expect(inRange(due, mark - 60 * SECOND)).toBe(false);
    expect(REMINDER_CATCH_UP_MS).toBeLessThan(2 * HOUR);
  });
});

describe('isTwoHourReminderDue', () => {
  const due = at('2026-06-10T18:00:00Z');
  const mark = due - 2 * HOUR;

  it('fires exactly 2 hours before', () => {
    expect(isTwoHourReminderDue(due, mark)).toBe(true);
  });

  it('fires within 59 s either side', () => {
    expect(isTwoHourReminderDue(due, mark - 59 * SECOND)).toBe(true);
    expect(isTwoHourReminderDue(due, mark + 59 * SECOND)).toBe(true);
  });

  it('does not fire 60 s or more away', () => {
    expect(isTwoHourReminderDue(due, mark - 60 * SECOND)).toBe(false);
    expect(isTwoHourReminderDue(due, mark + 60 * SECOND)).toBe(false);
    expect(isTwoHourReminderDue(due, mark - 61 * SECOND)).toBe(false);
    expect(isTwoHourReminderDue(due, mark + 61 * SECOND)).toBe(false);
    expect(isTwoHourReminderDue(due, due)).toBe(false);
  });
});

describe('isMorningReminderMinute', () => {
  it('is the 07:00 minute in the zone, 07:00:00.000 to 07:00:59.999', () => {
    expect(isMorningReminderMinute(at('2026-06-10T07:00:00-04:00'), NY)).toBe(true);
    expect(isMorningReminderMinute(at('2026-06-10T07:00:59.999-04:00'), NY)).toBe(true);
    expect(isMorningReminderMinute(at('2026-06-10T06:59:59.999-04:00'), NY)).toBe(false);
    expect(isMorningReminderMinute(at('2026-06-10T07:01:00-04:00'), NY)).toBe(false);
  });

  it('is not 07:00 UTC, nor 19:00', () => {
    expect(isMorningReminderMinute(at('2026-06-10T07:00:00Z'), NY)).toBe(false);
    expect(isMorningReminderMinute(at('2026-06-10T19:00:30-04:00'), NY)).toBe(false);
    expect(isMorningReminderMinute(at('2026-06-10T07:00:30+05:30'), 'Asia/Kolkata')).toBe(true);
  });

  it('follows the offset in winter as well (EST)', () => {
    expect(isMorningReminderMinute(at('2026-01-10T07:00:00-05:00'), NY)).toBe(true);
    expect(isMorningReminderMinute(at('2026-01-10T07:00:00-04:00'), NY)).toBe(false);
  });
});

describe('countDueToday', () => {
  it('counts open tasks due on the local day of now, whatever their time', () => {
    const now = at('2026-06-10T07:00:00-04:00');
    const tasks = [
      task({ dueDate: at('2026-06-10T00:00:00-04:00') }), // today, already passed: counts
      task({ dueDate: at('2026-06-10T23:59:00-04:00') }), // today (June 11 in UTC): counts
      task({ dueDate: at('2026-06-10T12:00:00-04:00'), isCompleted: true }), // done: no
      task({ dueDate: at('2026-06-09T23:59:00-04:00') }), // yesterday: no
      task({ dueDate: at('2026-06-11T00:00:00-04:00') }), // tomorrow: no
      task({ dueDate: at('2026-06-10T18:00:00-04:00'), repeatConfig: daily }), // open repeating: counts
    ];
    expect(countDueToday(tasks, now, NY)).toBe(3);
    expect(countDueToday([], now, NY)).toBe(0);
  });
});
