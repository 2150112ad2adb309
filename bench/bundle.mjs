// Size of what a browser downloads: every built asset, raw, gzip and brotli; then each page's initial JS
// (what it loads before it hydrates) and the totals.
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

/** The pages whose initial JS is measured, and the routes each one matches. */
const PAGES = {
  '/': ['root', 'routes/public', 'routes/home'],
  '/auth': ['root', 'routes/auth'],
  '/dashboard': ['root', 'routes/signed-in', 'routes/dashboard'],
  '/tasks': ['root', 'routes/signed-in', 'routes/tasks'],
  '/punishments': ['root', 'routes/signed-in', 'routes/punishments'],
  '/journal': ['root', 'routes/signed-in', 'routes/journal'],
  '/contract': ['root', 'routes/signed-in', 'routes/contract'],
  '/settings': ['root', 'routes/signed-in', 'routes/settings'],
};

/**
 * Every asset of a checkout's build, and the totals a browser downloads. The initial JS of a page is what
 * it loads before it hydrates: React Router's entry and the modules of the routes it matches, with their
 * static imports (from the build's route manifest; dynamic imports are left for later).
 */
function sizes(root = '.') {
  const dir = path.join(root, 'dist/web/client/assets');
  const rows = readdirSync(dir)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => measure(dir, f))
    .sort((a, b) => b.raw - a.raw);
  const manifestFile = readdirSync(dir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!manifestFile) throw new Error(`No route manifest in ${dir}`);
  const manifest = JSON.parse(
    readFileSync(path.join(dir, manifestFile), 'utf8')
      .replace(/^window\.__reactRouterManifest=/, '')
      .replace(/;$/, ''),
  );
  const byFile = new Map(rows.map((r) => [r.file, r]));
  const file = (url) => url.replace(/^\/assets\//, '');
  const totals = Object.entries(PAGES).map(([page, ids]) => {
    const initial = new Set([manifestFile, file(manifest.entry.module), ...manifest.entry.imports.map(file)]);
    for (const id of ids) {
      const route = manifest.routes[id];
      if (!route) throw new Error(`No route ${id} in the manifest`);
      for (const url of [route.module, ...(route.imports ?? [])]) initial.add(file(url));
    }
    return [`initial JS of ${page} (${initial.size} files)`, sum([...initial].map((f) => byFile.get(f)))];
  });
  return {
    rows,
    totals: [
      ...totals,
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
