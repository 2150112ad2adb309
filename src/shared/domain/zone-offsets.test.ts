import { tzOffset } from '@date-fns/tz';
import { afterEach, describe, expect, it } from 'vitest';
import {
  deviceFollows,
  forgetZoneOffsets,
  knowZoneOffsets,
  offsetMinutes,
  ZONE_TABLE_REACH_MS,
  zoneOffsetTable,
} from './zone-offsets';

const AROUND = Date.parse('2027-01-15T12:00:00Z');
const ZONES = [
  'Europe/Paris',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'UTC',
  'America/Santiago',
];
const intl = (zone: string, at: number) => tzOffset(zone, new Date(at));

/** A device whose clock is set to `zone`: its offsets. */
const deviceIn = (zone: string) => (at: number) => intl(zone, at);

afterEach(forgetZoneOffsets);

describe('zone offset tables', () => {
  it('give the offset Intl gives, on either side of every change and across the window', () => {
    for (const zone of ZONES) {
      const table = zoneOffsetTable(zone, AROUND);
      knowZoneOffsets([table]);
      expect(table.from).toBeLessThanOrEqual(AROUND - ZONE_TABLE_REACH_MS + 86_400_000);
      expect(table.to).toBeGreaterThanOrEqual(AROUND + ZONE_TABLE_REACH_MS - 86_400_000);
      for (const [since] of table.offsets.slice(1)) {
        for (const at of [since - 1000, since - 1, since, since + 1000]) {
          expect(offsetMinutes(zone, at), `${zone} at ${new Date(at).toISOString()}`).toBe(intl(zone, at));
        }
      }
      for (let at = table.from; at < table.to; at += 3_600_000 * 37) {
        expect(offsetMinutes(zone, at), `${zone} at ${new Date(at).toISOString()}`).toBe(intl(zone, at));
      }
    }
  });

  it('find the changes where they are: Paris moves its clocks at 01:00 UTC', () => {
    const { offsets } = zoneOffsetTable('Europe/Paris', AROUND);
    const changes = offsets.slice(1).map(([since, minutes]) => [new Date(since).toISOString(), minutes]);
    expect(changes).toContainEqual(['2027-03-28T01:00:00.000Z', 120]);
    expect(changes).toContainEqual(['2027-10-31T01:00:00.000Z', 60]);
    expect(zoneOffsetTable('Asia/Kolkata', AROUND).offsets).toHaveLength(1);
  });

  it('answer from Intl outside their window, and for a zone they were not given', () => {
    knowZoneOffsets([zoneOffsetTable('Europe/Paris', AROUND)]);
    const later = AROUND + 2 * ZONE_TABLE_REACH_MS;
    expect(offsetMinutes('Europe/Paris', later)).toBe(intl('Europe/Paris', later));
    expect(offsetMinutes('Asia/Tokyo', AROUND)).toBe(540);
  });

  it('are computed once a day per zone, and refuse a zone that does not exist', () => {
    expect(zoneOffsetTable('Europe/Paris', AROUND)).toBe(zoneOffsetTable('Europe/Paris', AROUND + 3_600_000));
    expect(() => zoneOffsetTable('Mars/Olympus_Mons', AROUND)).toThrow(RangeError);
  });

  it('ignore a malformed table a page might carry', () => {
    const good = zoneOffsetTable('Europe/Paris', AROUND);
    knowZoneOffsets([
      { ...good, offsets: [] },
      { ...good, zone: 'Asia/Tokyo', offsets: [[good.from, 5]] as [number, number][], from: Number.NaN },
      { ...good, zone: 'America/New_York', offsets: [...good.offsets].reverse() },
    ]);
    expect(offsetMinutes('Europe/Paris', AROUND)).toBe(60);
    expect(offsetMinutes('Asia/Tokyo', AROUND)).toBe(540);
    expect(offsetMinutes('America/New_York', AROUND)).toBe(-300);
  });
});

describe('a device that follows a zone', () => {
  it('is one whose own clock reads every date of the window as the zone does', () => {
    const paris = zoneOffsetTable('Europe/Paris', AROUND);
    expect(deviceFollows(paris, deviceIn('Europe/Paris'))).toBe(true);
    // The same rules under another name draw the same dates.
    expect(deviceFollows(paris, deviceIn('Europe/Berlin'))).toBe(true);
    // London's winter matches UTC, its summer does not; New York never matches Paris.
    expect(deviceFollows(zoneOffsetTable('UTC', AROUND), deviceIn('Europe/London'))).toBe(false);
    expect(deviceFollows(paris, deviceIn('America/New_York'))).toBe(false);
    expect(deviceFollows(undefined, deviceIn('Europe/Paris'))).toBe(false);
  });

  it('is, by default, this device: its own clock, read through Date', () => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(deviceFollows(zoneOffsetTable(own, AROUND))).toBe(true);
    const other = intl(own, AROUND) === 540 ? 'Europe/Paris' : 'Asia/Tokyo';
    expect(deviceFollows(zoneOffsetTable(other, AROUND))).toBe(false);
  });
});
