import { describe, expect, it } from 'vitest';
import { describeCadence, nextCheckinAt } from './checkins';

const at = (iso: string) => new Date(iso).getTime();
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('nextCheckinAt', () => {
  it('is off: never', () => {
    expect(
      nextCheckinAt({ frequency: 'off', weekday: null, time: '20:00', timeZone: 'UTC' }, Date.now()),
    ).toBeNull();
  });

  it('daily: today at the time on the setter’s clock, or tomorrow once it has passed', () => {
    const daily = { frequency: 'daily' as const, weekday: null, time: '20:00', timeZone: 'Europe/Berlin' };
    expect(iso(nextCheckinAt(daily, at('2026-11-27T10:00:00Z')))).toBe('2026-11-27T19:00:00.000Z');
    // Exactly at the time: the next one, so that a slot is never opened twice.
    expect(iso(nextCheckinAt(daily, at('2026-11-27T19:00:00Z')))).toBe('2026-11-28T19:00:00.000Z');
  });

  it('weekly: on its weekday only (Sunday = 0)', () => {
    const sunday = { frequency: 'weekly' as const, weekday: 0, time: '09:30', timeZone: 'America/New_York' };
    // Friday 27 November 2026: the next Sunday is the 29th, 09:30 in New York (UTC-5).
    expect(iso(nextCheckinAt(sunday, at('2026-11-27T12:00:00Z')))).toBe('2026-11-29T14:30:00.000Z');
    expect(iso(nextCheckinAt(sunday, at('2026-11-29T14:30:00Z')))).toBe('2026-12-06T14:30:00.000Z');
  });

  it('keeps the wall clock across daylight saving; a time in the spring gap moves on by the gap', () => {
    const daily = { frequency: 'daily' as const, weekday: null, time: '20:00', timeZone: 'Europe/Berlin' };
    // 28 March 2026 is CET (UTC+1), 29 March CEST (UTC+2): 20:00 both days.
    expect(iso(nextCheckinAt(daily, at('2026-03-28T20:00:00Z')))).toBe('2026-03-29T18:00:00.000Z');
    const gap = { frequency: 'daily' as const, weekday: null, time: '02:30', timeZone: 'Europe/Berlin' };
    expect(iso(nextCheckinAt(gap, at('2026-03-28T12:00:00Z')))).toBe('2026-03-29T01:30:00.000Z');
  });
});

describe('describeCadence', () => {
  it('says it as the page shows it', () => {
    expect(describeCadence({ frequency: 'off', weekday: null, time: '20:00' })).toBe('Off');
    expect(describeCadence({ frequency: 'daily', weekday: null, time: '20:00' })).toBe('Daily at 20:00');
    expect(describeCadence({ frequency: 'weekly', weekday: 3, time: '07:15' })).toBe(
      'Every Wednesday at 07:15',
    );
  });
});
