import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { format, formatCalendarDate, formatMoment, setZoneSource } from './dates';

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
});
