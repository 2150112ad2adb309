// The app's icons for the web app manifest, iOS and notifications, made from Pact's own mark (the "P" of
// src/web/public/icon.svg) with sharp. The PNGs are committed (src/web/public/icons/); run this again when
// the mark changes (decision 031).
// Usage: node scripts/icons.mjs
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve('src/web/public/icons');
const VIOLET = '#6d28d9';
/** The mark, in a 64-unit box: the same path as icon.svg. */
const GLYPH =
  '<path d="M20 46V18h14a10 10 0 0 1 0 20h-8v8z" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>';

/** Rounded corners on a transparent ground: for browsers and desktops, which show the icon as it is. */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${VIOLET}"/>${GLYPH}</svg>`;
/**
 * Full bleed, with the mark inside the central 80 % circle that every mask keeps (maskable icons), and for
 * iOS, which rounds the corners itself and shows transparency as black.
 */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${VIOLET}"/><g transform="translate(32 32) scale(0.72) translate(-32 -32)">${GLYPH}</g></svg>`;
/** Android draws the small status-bar badge from the alpha channel alone: the white mark on nothing. */
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><g transform="translate(32 32) scale(1.2) translate(-32 -32)">${GLYPH}</g></svg>`;

const ICONS = [
  // The page's favicon: a PNG, which the page decodes in a moment, where an SVG favicon makes it build a
  // document of its own while the page loads (decision 035).
  ['favicon-48.png', rounded, 48],
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['maskable-192.png', fullBleed, 192],
  ['maskable-512.png', fullBleed, 512],
  ['apple-touch-icon.png', fullBleed, 180],
  ['badge-96.png', badge, 96],
];

/**
 * Discreet mode's icons (decision 081): a plain note sheet on stone grey, nothing of Pact's mark or colour,
 * for a device that shows Pact as "Notes".
 */
const STONE = '#57534e';
const SHEET =
  '<rect x="18" y="12" width="28" height="40" rx="3" fill="#fafaf9"/>' +
  '<path d="M24 24h16M24 31h16M24 38h11" stroke="#a8a29e" stroke-width="3" stroke-linecap="round"/>';
const discreetRounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${STONE}"/>${SHEET}</svg>`;
const discreetFullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${STONE}"/><g transform="translate(32 32) scale(0.72) translate(-32 -32)">${SHEET}</g></svg>`;
ICONS.push(
  ['discreet-favicon-48.png', discreetRounded, 48],
  ['discreet-192.png', discreetRounded, 192],
  ['discreet-512.png', discreetRounded, 512],
  ['discreet-maskable-192.png', discreetFullBleed, 192],
  ['discreet-maskable-512.png', discreetFullBleed, 512],
  ['discreet-apple-touch-icon.png', discreetFullBleed, 180],
);

mkdirSync(out, { recursive: true });
for (const [name, svg, size] of ICONS) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
  console.info(`${path.relative(process.cwd(), out)}/${name} ${size}x${size}`);
}
