import { tzOffset } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidTimeZone,
  localDayDiff,
  nextOccurrence,
  normalizeRepeatConfig,
  offsetMs,
  type RepeatConfig,
  startOfLocalDay,
} from './schedule';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const RUNS = 400;

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Kolkata',
  'America/Sao_Paulo',
  'Pacific/Chatham',
] as const;

const at = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString();

// ---- A reference reading of the wall clock, through Intl.formatToParts (not the code under test) ----

const formats = new Map<string, Intl.DateTimeFormat>();
function fields(t: number, timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(t));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const year = get('year');
  const month = get('month') - 1;
  const day = get('day');
  const ms = ((t % 1000) + 1000) % 1000;
  const wall = ((get('hour') * 60 + get('minute')) * 60 + get('second')) * 1000 + ms;
  const dayIndex = Date.UTC(year, month, day) / DAY;
  return { year, month, day, wall, dayIndex, weekday: new Date(Date.UTC(year, month, day)).getUTCDay() };
}

/** Local minus UTC at `t`, in ms, from the Intl reading. */
function refOffset(t: number, timeZone: string): number {
  const f = fields(t, timeZone);
  return f.dayIndex * DAY + f.wall - t;
}

/**
 * The occurrence on local day `dayIndex` at `wall` (ms since local midnight): the earliest instant reading
 * exactly that on the wall clock or, when none does (a DST gap), the time read with the offset from before.
 */
function refOccurrence(dayIndex: number, wall: number, timeZone: string): { at: number; gap: boolean } {
  const naive = dayIndex * DAY + wall;
  const candidates = [naive - refOffset(naive - DAY, timeZone), naive - refOffset(naive + DAY, timeZone)];
  const exact = candidates.filter((c) => {
    const f = fields(c, timeZone);
    return f.dayIndex * DAY + f.wall === naive;
  });
  if (exact.length > 0) return { at: Math.min(...exact), gap: false };
  return { at: naive - refOffset(naive - DAY, timeZone), gap: true };
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

function allowedOn(config: RepeatConfig, due: number, dayIndex: number, timeZone: string): boolean {
  const date = new Date(dayIndex * DAY);
  const weekday = date.getUTCDay();
  const dueFields = fields(due, timeZone);
  switch (config.frequency) {
    case 'daily':
      return true;
    case 'weekly':
      return weekday === dueFields.weekday;
    case 'custom':
      return (config.daysOfWeek ?? []).includes(weekday);
    case 'monthly': {
      const target = config.dayOfMonth ?? dueFields.day;
      return date.getUTCDate() === Math.min(target, daysInMonth(date.getUTCFullYear(), date.getUTCMonth()));
    }
  }
}

// ---- Generators ----

/** The UTC instants at which each zone's offset changes, 2020..2035, to aim `after` at DST transitions. */
const TRANSITIONS = new Map<string, number[]>(
  ZONES.map((zone) => {
    const found: number[] = [];
    const offset = (t: number) => tzOffset(zone, new Date(t));
    for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2036, 0, 1); t += DAY) {
      if (offset(t) === offset(t + DAY)) continue;
      let lo = t;
      let hi = t + DAY;
      while (hi - lo > MINUTE) {
        const mid = lo + Math.floor((hi - lo) / 2);
        if (offset(mid) === offset(t)) lo = mid;
        else hi = mid;
      }
      found.push(hi);
    }
    return [zone, found];
  }),
);

const FIRST_DAY = Date.UTC(2020, 0, 1) / DAY;
const LAST_DAY = Date.UTC(2035, 11, 31) / DAY;

/** Wall-clock times that fall into or next to DST gaps and overlaps, plus any time of day. */
const wallArb = fc.oneof(
  fc.constantFrom(
    0,
    30 * MINUTE,
    HOUR + 30 * MINUTE,
    2 * HOUR,
    2 * HOUR + 30 * MINUTE,
    2 * HOUR + 45 * MINUTE,
    2 * HOUR + 50 * MINUTE,
    3 * HOUR - 1,
    3 * HOUR,
    3 * HOUR + 15 * MINUTE,
    23 * HOUR + 30 * MINUTE,
    DAY - 1,
  ),
  fc.integer({ min: 0, max: DAY - 1 }),
);

const configArb: fc.Arbitrary<RepeatConfig> = fc.oneof(
  fc.constant<RepeatConfig>({ frequency: 'daily' }),
  fc.constant<RepeatConfig>({ frequency: 'weekly' }),
  fc.constant<RepeatConfig>({ frequency: 'monthly' }),
  fc.integer({ min: 1, max: 31 }).map<RepeatConfig>((dayOfMonth) => ({ frequency: 'monthly', dayOfMonth })),
  fc
    .uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 })
    .map<RepeatConfig>((daysOfWeek) => ({ frequency: 'custom', daysOfWeek })),
);

const randomScenarioArb = fc
  .constantFrom(...ZONES)
  .chain((zone) =>
    fc.record({
      zone: fc.constant(zone),
      config: configArb,
      due: fc
        .tuple(fc.integer({ min: FIRST_DAY, max: LAST_DAY }), wallArb)
        .map(([day, wall]) => day * DAY + wall - tzOffset(zone, new Date(day * DAY + wall)) * MINUTE),
    }),
  )
  .chain(({ zone, config, due }) => {
    const transitions = TRANSITIONS.get(zone) ?? [];
    const afterArbs = [
      fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2036, 0, 1) }),
      fc.integer({ min: -3 * DAY, max: 3 * DAY }).map((d) => due + d),
      fc.constant(due),
    ];
    if (transitions.length > 0) {
      afterArbs.push(
        fc
          .tuple(fc.constantFrom(...transitions), fc.integer({ min: -4 * DAY, max: 4 * DAY }))
          .map(([t, d]) => t + d),
      );
    }
    return fc.oneof(...afterArbs).map((after) => ({ zone, config, due, after }));
  });

/** Wall-clock times within 90 minutes of a transition's, with `after` in the day before it. */
const dstScenarioArb = fc
  .constantFrom(...ZONES.filter((zone) => (TRANSITIONS.get(zone) ?? []).length > 0))
  .chain((zone) =>
    fc.record({
      zone: fc.constant(zone),
      config: configArb,
      transition: fc.constantFrom(...(TRANSITIONS.get(zone) ?? [])),
      delta: fc.integer({ min: -90 * MINUTE, max: 90 * MINUTE }),
      daysBefore: fc.integer({ min: 0, max: 40 }),
      afterBack: fc.integer({ min: 0, max: DAY }),
    }),
  )
  .map(({ zone, config, transition, delta, daysBefore, afterBack }) => {
    const wall = (((fields(transition - 1, zone).wall + 1 + delta) % DAY) + DAY) % DAY;
    const naive = (fields(transition, zone).dayIndex - daysBefore) * DAY + wall;
    const due = naive - tzOffset(zone, new Date(naive)) * MINUTE;
    return { zone, config, due, after: transition - afterBack };
  });

const scenarioArb = fc.oneof(randomScenarioArb, dstScenarioArb);

// ---- Properties ----

describe('nextOccurrence properties', () => {
  it('(1) is always strictly after `after`', () => {
    fc.assert(
      fc.property(scenarioArb, ({ zone, config, due, after }) => {
        expect(nextOccurrence(config, due, after, zone)).toBeGreaterThan(after);
      }),
      { numRuns: RUNS },
    );
  });

  it('(2) falls on an allowed day: custom weekdays, the due weekday, the day of month or a short month end', () => {
    fc.assert(
      fc.property(scenarioArb, ({ zone, config, due, after }) => {
        const result = nextOccurrence(config, due, after, zone);
        expect(allowedOn(config, due, fields(result, zone).dayIndex, zone)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it("(3) keeps due's wall-clock time, except in a DST gap where it moves forward by the gap", () => {
    fc.assert(
      fc.property(scenarioArb, ({ zone, config, due, after }) => {
        const result = nextOccurrence(config, due, after, zone);
        const wanted = fields(due, zone).wall;
        const got = fields(result, zone);
        const reference = refOccurrence(got.dayIndex, wanted, zone);
        expect(iso(result)).toBe(iso(reference.at));
        if (reference.gap) {
          const gap = refOffset(result, zone) - refOffset(result - DAY, zone);
          expect(gap).toBeGreaterThan(0);
          expect(got.wall - wanted).toBe(gap);
        } else {
          expect(got.wall).toBe(wanted);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('(4) never skips an occurrence between `after` and the result', () => {
    fc.assert(
      fc.property(scenarioArb, ({ zone, config, due, after }) => {
        const result = nextOccurrence(config, due, after, zone);
        const wall = fields(due, zone).wall;
        const last = fields(result, zone).dayIndex;
        for (let day = fields(after, zone).dayIndex - 1; day <= last; day++) {
          if (!allowedOn(config, due, day, zone)) continue;
          const occurrence = refOccurrence(day, wall, zone).at;
          expect(occurrence <= after || occurrence >= result).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('(5) asking again from just before the result gives the result', () => {
    fc.assert(
      fc.property(scenarioArb, ({ zone, config, due, after }) => {
        const result = nextOccurrence(config, due, after, zone);
        expect(nextOccurrence(config, due, result - 1, zone)).toBe(result);
        expect(nextOccurrence(config, due, result, zone)).toBeGreaterThan(result);
      }),
      { numRuns: RUNS },
    );
  });

  it('the generators reach DST gaps (so property 3 tests the gap branch)', () => {
    let gaps = 0;
    fc.assert(
      fc.property(scenarioArb, ({ zone, config, due, after }) => {
        const result = nextOccurrence(config, due, after, zone);
        if (refOccurrence(fields(result, zone).dayIndex, fields(due, zone).wall, zone).gap) gaps++;
      }),
      { numRuns: 2000, seed: 42 },
    );
    expect(gaps).toBeGreaterThan(0);
  });
});

// ---- Named examples ----

const daily: RepeatConfig = { frequency: 'daily' };
const weekly: RepeatConfig = { frequency: 'weekly' };

describe('nextOccurrence examples', () => {
  it('Europe/Berlin spring forward 2026-03-29: daily 02:30 -> 03:30 that day, 02:30 again the next day', () => {
    const due = at('2026-03-28T02:30:00+01:00');
    const gapDay = nextOccurrence(daily, due, due, 'Europe/Berlin');
    expect(iso(gapDay)).toBe(iso(at('2026-03-29T03:30:00+02:00')));
    expect(iso(nextOccurrence(daily, due, gapDay, 'Europe/Berlin'))).toBe(
      iso(at('2026-03-30T02:30:00+02:00')),
    );
  });

  it('Europe/Berlin fall back 2026-10-25: daily 02:30 takes the earlier (CEST) instant, once', () => {
    const due = at('2026-10-24T02:30:00+02:00');
    const overlapDay = nextOccurrence(daily, due, due, 'Europe/Berlin');
    expect(iso(overlapDay)).toBe('2026-10-25T00:30:00.000Z');
    // The second 02:30 (CET, 01:30Z) is not another occurrence.
    expect(iso(nextOccurrence(daily, due, overlapDay, 'Europe/Berlin'))).toBe(
      iso(at('2026-10-26T02:30:00+01:00')),
    );
  });

  it('America/New_York spring forward 2026-03-08: daily 02:30 -> 03:30 EDT, then 02:30 EDT', () => {
    const due = at('2026-03-07T02:30:00-05:00');
    const gapDay = nextOccurrence(daily, due, due, 'America/New_York');
    expect(iso(gapDay)).toBe(iso(at('2026-03-08T03:30:00-04:00')));
    expect(iso(nextOccurrence(daily, due, gapDay, 'America/New_York'))).toBe(
      iso(at('2026-03-09T02:30:00-04:00')),
    );
  });

  it('America/New_York fall back 2026-11-01: daily 01:30 takes 01:30 EDT, then 01:30 EST the next day', () => {
    const due = at('2026-10-31T01:30:00-04:00');
    const overlapDay = nextOccurrence(daily, due, due, 'America/New_York');
    expect(iso(overlapDay)).toBe(iso(at('2026-11-01T01:30:00-04:00')));
    expect(iso(nextOccurrence(daily, due, overlapDay, 'America/New_York'))).toBe(
      iso(at('2026-11-02T01:30:00-05:00')),
    );
  });

  it('Pacific/Chatham spring forward 2026-09-27 (a 45-minute offset zone): 02:50 -> 03:50', () => {
    const due = at('2026-09-26T02:50:00+12:45');
    expect(iso(nextOccurrence(daily, due, due, 'Pacific/Chatham'))).toBe(
      iso(at('2026-09-27T03:50:00+13:45')),
    );
  });

  it('monthly on the 31st: Jan 31 -> Feb 28 2027 -> Mar 31 2027 (dayOfMonth is kept)', () => {
    const zone = 'Europe/Berlin';
    const jan31 = at('2027-01-31T10:00:00+01:00');
    const config = normalizeRepeatConfig({ frequency: 'monthly' }, jan31, zone);
    expect(config).toEqual({ frequency: 'monthly', dayOfMonth: 31 });
    const feb28 = nextOccurrence(config, jan31, jan31, zone);
    expect(iso(feb28)).toBe(iso(at('2027-02-28T10:00:00+01:00')));
    // The task's due date has rolled to Feb 28; the recorded 31st brings it back, across the DST change.
    const mar31 = nextOccurrence(config, feb28, feb28, zone);
    expect(iso(mar31)).toBe(iso(at('2027-03-31T10:00:00+02:00')));
    // Without the recorded day, the rolled due date's day (28) would be used.
    expect(iso(nextOccurrence({ frequency: 'monthly' }, feb28, feb28, zone))).toBe(
      iso(at('2027-03-28T10:00:00+02:00')),
    );
  });

  it('monthly in a leap year: Feb 29 2028 for the 29th, 30th and 31st; Feb 28 in 2027', () => {
    const jan = at('2028-01-15T08:00:00Z');
    for (const dayOfMonth of [29, 30, 31]) {
      expect(
        iso(nextOccurrence({ frequency: 'monthly', dayOfMonth }, jan, at('2028-02-01T00:00:00Z'), 'UTC')),
      ).toBe('2028-02-29T08:00:00.000Z');
    }
    expect(
      iso(nextOccurrence({ frequency: 'monthly', dayOfMonth: 29 }, jan, at('2027-02-01T00:00:00Z'), 'UTC')),
    ).toBe('2027-02-28T08:00:00.000Z');
    const feb29 = at('2028-02-29T08:00:00Z');
    const config = normalizeRepeatConfig({ frequency: 'monthly' }, feb29, 'UTC');
    expect(iso(nextOccurrence(config, feb29, feb29, 'UTC'))).toBe('2028-03-29T08:00:00.000Z');
  });

  it('weekly across DST keeps 09:00 local (America/New_York and Europe/Berlin)', () => {
    const ny = at('2026-03-02T09:00:00-05:00');
    expect(iso(nextOccurrence(weekly, ny, ny, 'America/New_York'))).toBe(
      iso(at('2026-03-09T09:00:00-04:00')),
    );
    const berlin = at('2026-10-19T09:00:00+02:00');
    expect(iso(nextOccurrence(weekly, berlin, berlin, 'Europe/Berlin'))).toBe(
      iso(at('2026-10-26T09:00:00+01:00')),
    );
  });

  it('weekly uses the weekday of due in the zone, not in UTC', () => {
    // Monday 2026-03-02 03:00 in Kolkata is still Sunday in UTC.
    const due = at('2026-03-02T03:00:00+05:30');
    expect(iso(nextOccurrence(weekly, due, due, 'Asia/Kolkata'))).toBe(iso(at('2026-03-09T03:00:00+05:30')));
  });

  it('custom Sunday=0 and Saturday=6 edges', () => {
    const weekend: RepeatConfig = { frequency: 'custom', daysOfWeek: [0, 6] };
    const friday = at('2026-01-02T08:00:00Z');
    const saturday = nextOccurrence(weekend, friday, friday, 'UTC');
    expect(iso(saturday)).toBe('2026-01-03T08:00:00.000Z');
    const sunday = nextOccurrence(weekend, friday, saturday, 'UTC');
    expect(iso(sunday)).toBe('2026-01-04T08:00:00.000Z');
    expect(iso(nextOccurrence(weekend, friday, sunday, 'UTC'))).toBe('2026-01-10T08:00:00.000Z');
    expect(iso(nextOccurrence({ frequency: 'custom', daysOfWeek: [0] }, friday, friday, 'UTC'))).toBe(
      '2026-01-04T08:00:00.000Z',
    );
  });

  it('custom with a single day, `after` exactly at an occurrence: the following week', () => {
    const wednesdays: RepeatConfig = { frequency: 'custom', daysOfWeek: [3] };
    const due = at('2026-01-07T18:00:00+01:00');
    expect(iso(nextOccurrence(wednesdays, due, due, 'Europe/Berlin'))).toBe(
      iso(at('2026-01-14T18:00:00+01:00')),
    );
    expect(iso(nextOccurrence(wednesdays, due, due - 1, 'Europe/Berlin'))).toBe(iso(due));
  });

  it('is not bounded below by due: it answers the first occurrence after `after`', () => {
    const due = at('2026-05-20T09:00:00Z');
    expect(iso(nextOccurrence(daily, due, at('2026-05-18T10:00:00Z'), 'UTC'))).toBe(
      '2026-05-19T09:00:00.000Z',
    );
  });

  it('refuses a custom schedule without days, and unknown zones', () => {
    const due = at('2026-01-07T18:00:00Z');
    expect(() => nextOccurrence({ frequency: 'custom', daysOfWeek: [] }, due, due, 'UTC')).toThrow(
      'Please choose at least one day',
    );
    expect(() => nextOccurrence(daily, due, due, 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('normalizeRepeatConfig', () => {
  const due = at('2026-01-31T23:30:00Z');

  it('errors on custom without days', () => {
    expect(() => normalizeRepeatConfig({ frequency: 'custom', daysOfWeek: [] }, due, 'UTC')).toThrow(
      new Error('Please choose at least one day'),
    );
    expect(() => normalizeRepeatConfig({ frequency: 'custom' }, due, 'UTC')).toThrow(
      'Please choose at least one day',
    );
  });

  it('refuses weekdays outside 0..6', () => {
    expect(() => normalizeRepeatConfig({ frequency: 'custom', daysOfWeek: [7] }, due, 'UTC')).toThrow(
      RangeError,
    );
    expect(() => normalizeRepeatConfig({ frequency: 'custom', daysOfWeek: [1.5] }, due, 'UTC')).toThrow(
      RangeError,
    );
  });

  it('keeps sorted unique days for custom', () => {
    expect(normalizeRepeatConfig({ frequency: 'custom', daysOfWeek: [6, 0, 3, 0] }, due, 'UTC')).toEqual({
      frequency: 'custom',
      daysOfWeek: [0, 3, 6],
    });
  });

  it('records the day of month of the first due date in the zone', () => {
    expect(normalizeRepeatConfig({ frequency: 'monthly' }, due, 'UTC')).toEqual({
      frequency: 'monthly',
      dayOfMonth: 31,
    });
    expect(normalizeRepeatConfig({ frequency: 'monthly', dayOfMonth: 5 }, due, 'Asia/Kolkata')).toEqual({
      frequency: 'monthly',
      dayOfMonth: 1,
    });
  });

  it('drops stray fields for daily and weekly', () => {
    expect(normalizeRepeatConfig({ frequency: 'daily', daysOfWeek: [1], dayOfMonth: 3 }, due, 'UTC')).toEqual(
      {
        frequency: 'daily',
      },
    );
    expect(normalizeRepeatConfig({ frequency: 'weekly', daysOfWeek: [1] }, due, 'UTC')).toEqual({
      frequency: 'weekly',
    });
  });
});

describe('local days', () => {
  it('startOfLocalDay is local midnight, in the zone', () => {
    expect(iso(startOfLocalDay(at('2026-03-29T12:00:00Z'), 'Europe/Berlin'))).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(iso(startOfLocalDay(at('2026-03-29T23:30:00Z'), 'Europe/Berlin'))).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    expect(iso(startOfLocalDay(at('2026-06-10T20:00:00Z'), 'Asia/Kolkata'))).toBe('2026-06-10T18:30:00.000Z');
    expect(iso(startOfLocalDay(at('2026-06-10T20:00:00Z'), 'UTC'))).toBe('2026-06-10T00:00:00.000Z');
  });

  it('startOfLocalDay on a day whose midnight does not exist is 01:00 (Sao Paulo, 2018-11-04)', () => {
    expect(iso(startOfLocalDay(at('2018-11-04T15:00:00Z'), 'America/Sao_Paulo'))).toBe(
      iso(at('2018-11-04T01:00:00-02:00')),
    );
  });

  it('localDayDiff counts calendar days in the zone', () => {
    const now = at('2026-06-10T23:30:00-04:00');
    const zone = 'America/New_York';
    expect(localDayDiff(at('2026-06-10T00:00:00-04:00'), now, zone)).toBe(0);
    expect(localDayDiff(at('2026-06-11T00:00:00-04:00'), now, zone)).toBe(1);
    expect(localDayDiff(at('2026-06-09T23:59:59-04:00'), now, zone)).toBe(-1);
    expect(localDayDiff(at('2026-07-10T12:00:00-04:00'), now, zone)).toBe(30);
    // In UTC the same two instants are a day apart.
    expect(localDayDiff(at('2026-06-10T19:00:00-04:00'), now, 'UTC')).toBe(-1);
  });

  it('localDayDiff across a DST change is still whole days', () => {
    const zone = 'Europe/Berlin';
    expect(localDayDiff(at('2026-03-30T00:30:00+02:00'), at('2026-03-28T23:30:00+01:00'), zone)).toBe(2);
  });

  it('isValidTimeZone', () => {
    for (const zone of ZONES) expect(isValidTimeZone(zone)).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone('+05:00')).toBe(false);
    expect(isValidTimeZone(undefined as unknown as string)).toBe(false);
  });
});

describe('offsetMs', () => {
  const zones = [
    'Europe/Berlin',
    'America/New_York',
    'America/St_Johns',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'America/Santiago',
    'UTC',
  ];
  const runtime = (at: number, zone: string) => Math.round(tzOffset(zone, new Date(at)) * 60_000);

  it('answers what the runtime reads at every instant, on the days of a transition and beside them, in any order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        // 2024 to 2028: every transition of these zones in those years falls in the range.
        fc.array(fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2028, 0, 1) }), {
          minLength: 1,
          maxLength: 40,
        }),
        (zone, instants) => {
          for (const at of instants) expect(offsetMs(at, zone), `${zone} at ${at}`).toBe(runtime(at, zone));
        },
      ),
      { numRuns: 200, seed: 20_261_129 },
    );
  });

  it('reads each transition day of 2026 at the instant asked, every quarter of an hour through it', () => {
    let transitionDays = 0;
    for (const zone of zones) {
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
        if (runtime(day, zone) === runtime(day + 86_400_000 - 1, zone)) continue;
        transitionDays++;
        for (let at = day; at < day + 86_400_000; at += 900_000) {
          expect(offsetMs(at, zone), `${zone} at ${new Date(at).toISOString()}`).toBe(runtime(at, zone));
        }
      }
    }
    // Two a year in each zone with daylight saving time (all but Kathmandu and UTC).
    expect(transitionDays).toBe(12);
  });

  it('is exact to the minute around a transition it has already seen steady days beside', () => {
    // Berlin springs forward at 01:00 UTC on 2026-03-29; the days either side are read first.
    const transition = Date.UTC(2026, 2, 29, 1, 0, 0);
    offsetMs(transition - 86_400_000, 'Europe/Berlin');
    offsetMs(transition + 86_400_000, 'Europe/Berlin');
    expect(offsetMs(transition - 60_000, 'Europe/Berlin')).toBe(3_600_000);
    expect(offsetMs(transition, 'Europe/Berlin')).toBe(7_200_000);
    expect(() => offsetMs(transition, 'Mars/Olympus')).toThrow(RangeError);
  });
});
