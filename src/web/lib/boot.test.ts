import { describe, expect, it } from 'vitest';
import { type Boot, browserTimeZone, readBoot, serializeBoot } from './boot';

const docWith = (text: string | null) =>
  ({ getElementById: () => (text === null ? null : { textContent: text }) }) as unknown as Document;

const boot = (timeZone = browserTimeZone()): Boot => ({
  renderedAt: 1_800_000_000_000,
  timeZone,
  queries: [[['tasks'], [{ title: '</script><!-- a & b > c \u2028 \u2029' }]]],
});

describe('boot data of a server-drawn page', () => {
  it('is written without a character that could end its element, and read back as it was', () => {
    const text = serializeBoot(boot());
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(readBoot(docWith(text))).toEqual(boot());
  });

  it('is not used when it was drawn in another time zone, is missing or is not JSON', () => {
    const other = browserTimeZone() === 'Asia/Tokyo' ? 'Europe/Paris' : 'Asia/Tokyo';
    expect(readBoot(docWith(serializeBoot(boot(other))))).toBeNull();
    expect(readBoot(docWith(null))).toBeNull();
    expect(readBoot(docWith('{"renderedAt":'))).toBeNull();
  });
});
