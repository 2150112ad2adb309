import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { format, formatCalendarDate, formatMoment, formatMomentFrom, setZoneSource } from './dates';

describe('dates in the zone they are shown in', () => {
  afterEach(() => setZoneSource(() => undefined));

  it('formats a moment in the zone the source names', () => {
    setZoneSource(() => 'Pacific/Kiritimati');
    expect(format(Date.UTC(2026, 10, 27, 12, 0), 'yyyy-MM-dd HH:mm')).toBe('2026-11-28 02:00');
    setZoneSource(() => 'America/New_York');
    expect(formatMoment(Date.UTC(2026, 10, 27, 18, 7))).toBe('Nov 27, 1:07 PM');
  });

  it('keeps each request’s zone apart while they render at once (the server’s source)', async () => {
    const zones = new AsyncLocalStorage<string>();
    setZoneSource(() => zones.getStore());
    const render = (zone: string) =>
      zones.run(zone, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return format(0, 'HH:mm');
      });
    expect(await Promise.all([render('Asia/Tokyo'), render('Europe/London'), render('UTC')])).toEqual([
      '09:00',
      '01:00',
      '00:00',
    ]);
  });

  it('shows a calendar date as that day in every zone (a ritual day is a date, not a moment)', () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/London']) {
      setZoneSource(() => zone);
      expect(formatCalendarDate('2026-11-30', 'EEEE, MMM d')).toBe('Monday, Nov 30');
      expect(formatCalendarDate('2026-01-01', 'EEE')).toBe('Thu');
    }
  });

  it('adds the time where a due date was set when the clock there reads otherwise', () => {
    setZoneSource(() => 'Europe/London');
    const nine = Date.UTC(2026, 10, 30, 2, 0); // 9:00 PM on Nov 29 in New York
    expect(formatMomentFrom(nine, 'America/New_York')).toBe('Nov 30, 2:00 AM (Nov 29, 9:00 PM in New York)');
    const noon = Date.UTC(2026, 10, 30, 17, 0);
    expect(formatMomentFrom(noon, 'America/New_York')).toBe('Nov 30, 5:00 PM (12:00 PM in New York)');
    expect(formatMomentFrom(noon, 'UTC')).toBe('Nov 30, 5:00 PM');
    expect(formatMomentFrom(noon, 'Europe/London')).toBe('Nov 30, 5:00 PM');
    // Another name for the same clock adds nothing; an unknown zone neither.
    expect(formatMomentFrom(noon, 'Europe/Lisbon')).toBe('Nov 30, 5:00 PM');
    expect(formatMomentFrom(noon, 'Mars/Olympus_Mons')).toBe('Nov 30, 5:00 PM');
    setZoneSource(() => 'Asia/Tokyo');
    expect(formatMomentFrom(noon, 'UTC')).toBe('Dec 1, 2:00 AM (Nov 30, 5:00 PM UTC)');
  });
});
