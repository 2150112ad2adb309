// Size of what a browser downloads: every built asset, raw, gzip and brotli; then the initial JS (the entry
// chunk and every chunk it imports statically, which the browser fetches before the first script runs)
// and the total.
// Usage: npm run build:web && node bench/bundle.mjs
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = 'dist/web/assets';
const measure = (file) => {
  const raw = readFileSync(path.join(dir, file));
  return {
    file,
    raw: raw.length,
    gzip: gzipSync(raw, { level: 9 }).length,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};
const rows = readdirSync(dir)
  .filter((f) => /\.(js|css)$/.test(f))
  .map(measure)
  .sort((a, b) => b.raw - a.raw);

const kb = (n) => `${(n / 1024).toFixed(1)} kB`.padStart(10);
const line = (label, r) => console.info(`${label.padEnd(44)} ${kb(r.raw)} ${kb(r.gzip)} gz ${kb(r.br)} br`);
const sum = (list) =>
  list.reduce((s, r) => ({ raw: s.raw + r.raw, gzip: s.gzip + r.gzip, br: s.br + r.br }), {
    raw: 0,
    gzip: 0,
    br: 0,
  });

for (const r of rows) line(r.file, r);

// The entry is the module script of index.html; its static imports are `import … from "./x.js"` and
// `import "./x.js"` (dynamic `import("./x.js")` calls are left for later).
const html = readFileSync('dist/web/index.html', 'utf8');
const entry = html.match(/<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/)?.[1];
if (!entry) throw new Error('No entry script in dist/web/index.html');
const initial = new Set();
const visit = (file) => {
  if (initial.has(file)) return;
  initial.add(file);
  const code = readFileSync(path.join(dir, file), 'utf8');
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g)) visit(m[1]);
};
visit(entry);
const byFile = new Map(rows.map((r) => [r.file, r]));
const initialRows = [...initial].map((f) => byFile.get(f));
const css = rows.filter((r) => r.file.endsWith('.css'));

console.info('');
line(`entry chunk ${entry}`, byFile.get(entry));
line(`initial JS (entry + ${initial.size - 1} static imports)`, sum(initialRows));
line('CSS', sum(css));
line('total JS', sum(rows.filter((r) => r.file.endsWith('.js'))));
line('total JS + CSS', sum(rows));
