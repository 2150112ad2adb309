import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Text size is respected (issue 26 part 5): a reader who sets a larger text size gets larger text and boxes
 * that grow with it, so type and the sizes of boxes are in rem, never in pixels. A pixel size in a Tailwind
 * class (`text-[11px]`, `w-[380px]`) or a `font-size` in pixels in a stylesheet fails this test.
 */
const ROOT = path.resolve('src/web');
const PIXEL_SIZE = /\b(?:text|w|h|min-w|max-w|min-h|max-h|size)-\[[\d.]+px\]|font-size:\s*[\d.]+px/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('sizes in rem', () => {
  it('no class or stylesheet of the web app sizes text or a box in pixels', () => {
    const found = sources(ROOT).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(PIXEL_SIZE)].map(
        (m) => `${path.relative(ROOT, file)}: ${m[0]}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
