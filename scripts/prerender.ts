// After `vite build`: writes the pages a visitor (and a cold start of the signed-in app) sees first into
// HTML, dist/web/prerendered/<name>.html, so that they paint before any script runs; the browser then
// hydrates them (decision 018). Each page also preloads the chunks its hydration will ask for.
// Usage: tsx scripts/prerender.ts   (part of `npm run build:web`)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

process.env.NODE_ENV = 'production';
const { PRERENDERED_PAGES, SIGNED_IN_PATHS } = await import('../src/shared/routes');
const { renderPage } = await import('../src/web/prerender');
const { PAGE_LOADER, pageCodeBlock } = await import('../src/shared/page-loader');

const webRoot = path.resolve('dist/web');
const LAYOUT = 'app/layout/app-layout.tsx';
/** The lazy modules (paths under src/web) each page renders, whose chunks its HTML preloads. */
const PAGE_MODULES: Record<string, string[]> = {
  home: ['features/accounts/pages/landing-page.tsx'],
  auth: ['features/accounts/pages/auth-page.tsx'],
  'auth-register': ['features/accounts/pages/auth-page.tsx'],
  dashboard: [LAYOUT, 'app/dashboard/dashboard-page.tsx'],
  tasks: [LAYOUT, 'features/tasks/pages/tasks-page.tsx'],
  'task-history': [LAYOUT, 'features/tasks/pages/task-history-page.tsx'],
  contract: [LAYOUT, 'features/contract/pages/contract-page.tsx'],
  journal: [LAYOUT, 'features/journal/pages/journal-page.tsx'],
  punishments: [LAYOUT, 'features/punishments/pages/punishments-page.tsx'],
  settings: [LAYOUT, 'features/settings/pages/settings-page.tsx', 'features/push/components/push-panel.tsx'],
};

/**
 * A signed-in page's HTML preloads /api/me, the first thing its scripts ask, so that the answer travels
 * while they download (a visitor is answered `{ user: null }`, not an error). The page's first list is
 * preloaded by the server's `Link` header, only for a request with a session cookie (FIRST_LISTS).
 */
const signedInPages = new Set(SIGNED_IN_PATHS.map((path) => path.slice(1)));

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
const manifest = JSON.parse(readFileSync(path.join(webRoot, '.vite/manifest.json'), 'utf8')) as Manifest;
const shell = readFileSync(path.join(webRoot, 'index.html'), 'utf8');

/** The chunk files a module needs (itself and its static imports), less those index.html already loads. */
function chunksOf(modules: string[]): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const skip = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: update PAGE_MODULES`);
    if (into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, into);
  };
  if (entry) visit(entry, skip);
  for (const module of modules) visit(module, files);
  return [...files].filter((file) => !skip.has(file));
}

const ROOT = '<div id="root"></div>';
if (!shell.includes(ROOT)) throw new Error(`dist/web/index.html has no ${ROOT}`);

/**
 * The written pages load their code after their first paint (decision 034): the shell's entry script and
 * its preloads leave the head, and its stylesheet is put inline, so that the HTML alone paints the page.
 */
const ENTRY = /\s*<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>/;
const SHELL_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+\.js)">/g;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
const entryFile = shell.match(ENTRY)?.[1];
const cssFile = shell.match(STYLESHEET)?.[1];
if (!entryFile || !cssFile) throw new Error('dist/web/index.html has no entry script or no stylesheet');
const shellPreloads = [...shell.matchAll(SHELL_PRELOAD)].map((m) => m[1] as string);
const css = readFileSync(path.join(webRoot, cssFile), 'utf8');
if (/<\/style/i.test(css)) throw new Error(`${cssFile} would close its inline <style>`);
const pageShell = shell
  .replace(ENTRY, '')
  .replace(SHELL_PRELOAD, '')
  // The link stays, disabled (never fetched): a lazy chunk's loader adds the stylesheet unless the page
  // already links it, and adding it again would make the browser restyle the whole page at once.
  .replace(STYLESHEET, () => `<style>${css}</style><link rel="stylesheet" href="/${cssFile}" disabled>`);

mkdirSync(path.join(webRoot, 'prerendered'), { recursive: true });

for (const [name, url] of Object.entries(PRERENDERED_PAGES)) {
  const modules = PAGE_MODULES[name];
  if (!modules) throw new Error(`No modules listed for the prerendered page ${name}`);
  const markup = await renderPage(url);
  if (/<script\b/i.test(markup)) throw new Error(`${url} rendered an inline script, which the CSP refuses`);
  const meFirst = signedInPages.has(name)
    ? '\n    <link rel="preload" as="fetch" crossorigin href="/api/me">'
    : '';
  const code = pageCodeBlock({
    entry: `/${entryFile}`,
    preload: [...shellPreloads, ...chunksOf(modules)].map((file) => `/${file}`),
  });
  const html = pageShell
    .replace('</head>', `${meFirst}\n  </head>`)
    .replace(ROOT, `<div id="root" data-prerendered="${name}">${markup}</div>`)
    .replace('</body>', `${code}<script>${PAGE_LOADER}</script>\n  </body>`);
  writeFileSync(path.join(webRoot, 'prerendered', `${name}.html`), html);
  console.info(`prerendered ${url} -> prerendered/${name}.html (${(html.length / 1024).toFixed(1)} kB)`);
}
