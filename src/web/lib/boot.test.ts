import { afterEach, describe, expect, it } from 'vitest';
import { forgetZoneOffsets, offsetMinutes, zoneOffsetTable } from '@/shared/domain/zone-offsets';
import { type Boot, browserTimeZone, readBoot, serializeBoot } from './boot';

const docWith = (text: string | null) =>
  ({ getElementById: () => (text === null ? null : { textContent: text }) }) as unknown as Document;

const RENDERED_AT = 1_800_000_000_000;
const boot = (timeZone: string, zones = [timeZone]): Boot => ({
  renderedAt: RENDERED_AT,
  timeZone,
  zones: zones.map((zone) => zoneOffsetTable(zone, RENDERED_AT)),
  queries: [[['tasks'], [{ title: '</script><!-- a & b > c \u2028 \u2029' }]]],
});

/** This device's zone, and one whose offsets differ from it. */
const own = browserTimeZone();
const other = offsetMinutes(own, RENDERED_AT) === 540 ? 'Europe/Paris' : 'Asia/Tokyo';

afterEach(forgetZoneOffsets);

describe('boot data of a server-drawn page', () => {
  it('is written without a character that could end its element, and read back as it was', () => {
    const text = serializeBoot(boot(own));
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(readBoot(docWith(text))).toEqual(boot(own));
  });

  it('is used only when this device reads dates as the zone it was drawn in does', () => {
    expect(readBoot(docWith(serializeBoot(boot(own))))).not.toBeNull();
    expect(readBoot(docWith(serializeBoot(boot(other))))).toBeNull();
  });

  it('keeps the account zone’s table for due times, and only when the page is used', () => {
    // A table that differs from Intl shows where the offset came from.
    const marked = { ...zoneOffsetTable('America/New_York', RENDERED_AT), offsets: [] as [number, number][] };
    marked.offsets = [[marked.from, 123]];
    const refused = boot(other);
    expect(readBoot(docWith(serializeBoot({ ...refused, zones: [...refused.zones, marked] })))).toBeNull();
    expect(offsetMinutes('America/New_York', RENDERED_AT)).toBe(-300);
    const used = boot(own);
    expect(readBoot(docWith(serializeBoot({ ...used, zones: [...used.zones, marked] })))).not.toBeNull();
    expect(offsetMinutes('America/New_York', RENDERED_AT)).toBe(123);
  });

  it('is not used without the drawing zone’s table, when it is missing, or when it is not JSON', () => {
    const withoutTable = serializeBoot({ ...boot(own), zones: [] });
    const oldShape = JSON.stringify({ ...boot(own), zones: undefined });
    expect(readBoot(docWith(withoutTable))).toBeNull();
    expect(readBoot(docWith(oldShape))).toBeNull();
    expect(readBoot(docWith(null))).toBeNull();
    expect(readBoot(docWith('{"renderedAt":'))).toBeNull();
  });
});
