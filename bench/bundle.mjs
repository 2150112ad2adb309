// Size of what a browser downloads: every built asset, raw and gzip-compressed.
// Usage: npm run build:web && node bench/bundle.mjs
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = 'dist/web/assets';
const rows = readdirSync(dir)
  .filter((f) => !f.endsWith('.map'))
  .map((f) => {
    const raw = readFileSync(path.join(dir, f));
    return { file: f, raw: statSync(path.join(dir, f)).size, gzip: gzipSync(raw, { level: 9 }).length };
  })
  .sort((a, b) => b.raw - a.raw);
const kb = (n) => `${(n / 1024).toFixed(1)} kB`.padStart(10);
for (const r of rows) console.info(`${r.file.padEnd(40)} ${kb(r.raw)} ${kb(r.gzip)} gz`);
const total = rows.reduce((s, r) => ({ raw: s.raw + r.raw, gzip: s.gzip + r.gzip }), { raw: 0, gzip: 0 });
console.info(`${'total'.padEnd(40)} ${kb(total.raw)} ${kb(total.gzip)} gz`);
const entry = readFileSync('dist/web/index.html', 'utf8').match(/assets\/(index-[^"]+\.js)/)?.[1];
const first = rows.find((r) => r.file === entry);
if (first) console.info(`${'entry chunk (first load)'.padEnd(40)} ${kb(first.raw)} ${kb(first.gzip)} gz`);
