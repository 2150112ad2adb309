// Size of what a browser downloads: every built asset, raw, gzip and brotli; then the initial JS (the entry
// chunk and every chunk it imports statically, which the browser fetches before the first script runs)
// and the total.
// BENCH_BASE_DIR=<another checkout, built>: its totals are printed beside, with the difference.
// Usage: npm run build:web && node bench/bundle.mjs
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { checkouts } from './targets.mjs';

const measure = (dir, file) => {
  const raw = readFileSync(path.join(dir, file));
  return {
    file,
    raw: raw.length,
    gzip: gzipSync(raw, { level: 9 }).length,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};
const sum = (list) =>
  list.reduce((s, r) => ({ raw: s.raw + r.raw, gzip: s.gzip + r.gzip, br: s.br + r.br }), {
    raw: 0,
    gzip: 0,
    br: 0,
  });

/** Every asset of a checkout's dist/web, and the totals a browser downloads. */
function sizes(root = '.') {
  const dir = path.join(root, 'dist/web/assets');
  const rows = readdirSync(dir)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => measure(dir, f))
    .sort((a, b) => b.raw - a.raw);
  // The entry is the module script of index.html; its static imports are `import … from "./x.js"` and
  // `import "./x.js"` (dynamic `import("./x.js")` calls are left for later).
  const html = readFileSync(path.join(root, 'dist/web/index.html'), 'utf8');
  const entry = html.match(/<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/)?.[1];
  if (!entry) throw new Error(`No entry script in ${root}/dist/web/index.html`);
  const initial = new Set();
  const visit = (file) => {
    if (initial.has(file)) return;
    initial.add(file);
    const code = readFileSync(path.join(dir, file), 'utf8');
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g)) visit(m[1]);
  };
  visit(entry);
  const byFile = new Map(rows.map((r) => [r.file, r]));
  return {
    rows,
    totals: [
      [`entry chunk ${entry}`, byFile.get(entry)],
      [
        `initial JS (entry + ${initial.size - 1} static imports)`,
        sum([...initial].map((f) => byFile.get(f))),
      ],
      ['CSS', sum(rows.filter((r) => r.file.endsWith('.css')))],
      ['total JS', sum(rows.filter((r) => r.file.endsWith('.js')))],
      ['total JS + CSS', sum(rows)],
    ],
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`.padStart(10);
const cells = (r) => `${kb(r.raw)} ${kb(r.gzip)} gz ${kb(r.br)} br`;
const line = (label, r) => console.info(`${label.padEnd(44)} ${cells(r)}`);

const [mine, base] = checkouts().map((c) => sizes(c.cwd));
for (const r of mine.rows) line(r.file, r);
console.info('');
for (const [label, r] of mine.totals) line(label, r);
if (base) {
  console.info(`\nBENCH_BASE_DIR ${checkouts()[1].label}, and this checkout minus it (gzip):`);
  for (const [i, [label, r]] of base.totals.entries()) {
    const diff = mine.totals[i][1].gzip - r.gzip;
    console.info(`${label.padEnd(44)} ${cells(r)}   ${diff >= 0 ? '+' : '-'}${kb(Math.abs(diff)).trim()} gz`);
  }
}
