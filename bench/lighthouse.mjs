// Lighthouse (mobile preset: the default config, a mid-range phone on a slow 4G link, simulated) on the built
// app: / and /auth signed out, /dashboard, /tasks, /punishments, /journal, /contract and /settings signed in as a submissive with a partner, 20 tasks and their contract
// (the session cookie is put in the browser's cookie jar, as a signed-in phone holds it, so that cookies the
// page writes itself, such as its time zone, go along with it). Prints the four category
// scores and FCP, LCP, TBT and CLS per page. On PGlite, or on PostgreSQL when DATABASE_URL is set (a fresh
// database, dropped at the end).
// Needs the devDependencies `lighthouse` and `chrome-launcher`, and Chromium (CHROME_PATH, default
// /usr/bin/chromium). `--preflight` checks the server, the account and the pages without Lighthouse.
// Usage: npm run build && node bench/lighthouse.mjs
//   LIGHTHOUSE_RUNS=5 (runs per page, the median reported), LIGHTHOUSE_PAGES=/tasks (only these),
//   LIGHTHOUSE_APP_DIR=../baseline (the server and build of another checkout instead of this one's),
//   BENCH_BASE_DIR=../baseline (that checkout's too, beside this one's: each run on the two in turn),
//   LIGHTHOUSE_PROTOCOL=http1 (the page straight from Pact over cleartext HTTP/1.1 instead of through a
//   TLS proxy speaking HTTP/2, which is how production serves it: see bench/tls-proxy.mjs).
import { createDatabase, dropDatabase } from './db.mjs';
import { startServer } from './lib.mjs';
import { call, createCouple } from './seed.mjs';
import { checkouts } from './targets.mjs';
import { startTlsProxy } from './tls-proxy.mjs';

const ALL_PAGES = [
  { path: '/', signedIn: false },
  { path: '/auth', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/tasks', signedIn: true },
  { path: '/punishments', signedIn: true },
  { path: '/journal', signedIn: true },
  { path: '/contract', signedIn: true },
  { path: '/settings', signedIn: true },
];
// LIGHTHOUSE_PAGES=/tasks,/dashboard: only these (to follow one page while changing it).
const only = process.env.LIGHTHOUSE_PAGES?.split(',');
const PAGES = only ? ALL_PAGES.filter((p) => only.includes(p.path)) : ALL_PAGES;
const TASKS = 20;
/** Runs per page (LIGHTHOUSE_RUNS, default 3); the median is reported. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Through a TLS proxy speaking HTTP/2, as in production (the default), or straight over HTTP/1.1. */
const THROUGH_PROXY = process.env.LIGHTHOUSE_PROTOCOL !== 'http1';
const CHROME_FLAGS = [
  // The proxy's certificate is made for the run.
  ...(THROUGH_PROXY ? ['--ignore-certificate-errors'] : []),
  '--no-sandbox',
  '--disable-gpu',
  '--headless=new',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TIME_LIMIT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 600) * 1000;
const preflightOnly = process.argv.includes('--preflight');

let lighthouse = null;
let chromeLauncher = null;
let puppeteer = null;
if (!preflightOnly) {
  try {
    lighthouse = (await import('lighthouse')).default;
    chromeLauncher = await import('chrome-launcher');
    puppeteer = (await import('puppeteer-core')).default;
  } catch {
    console.error(
      'lighthouse bench: the packages `lighthouse` and `chrome-launcher` are not installed ' +
        '(npm install --save-dev lighthouse chrome-launcher); skipped',
    );
    process.exit(2);
  }
}

/** The servers measured: { name, server, db, origin, sub }. */
const targets = [];
let chrome = null;
const deadline = setTimeout(() => {
  console.error(`lighthouse bench: time limit (${TIME_LIMIT_MS / 1000} s) reached, giving up`);
  try {
    chrome?.kill();
  } catch {}
  for (const t of targets) if (t.server) process.kill(t.server.pid, 'SIGKILL');
  for (const t of targets) t.proxy?.stop();
  const exit = () => process.exit(1);
  Promise.all(targets.map((t) => t.db && dropDatabase(t.db).catch(() => {}))).then(exit, exit);
  setTimeout(exit, 5_000).unref();
}, TIME_LIMIT_MS);
deadline.unref();

const seconds = (audit) => `${(audit.numericValue / 1000).toFixed(2)} s`;

let exitCode = 0;
try {
  // LIGHTHOUSE_APP_DIR=<a checkout with its own build>: measure that build (a baseline) with this bench.
  const list = process.env.LIGHTHOUSE_APP_DIR
    ? [{ name: 'app', cwd: process.env.LIGHTHOUSE_APP_DIR }]
    : checkouts();
  for (const checkout of list) {
    const t = { name: checkout.name };
    targets.push(t);
    const env = { REQUIRE_EMAIL_VERIFICATION: 'false' };
    if (process.env.DATABASE_URL) {
      t.db = await createDatabase(process.env.DATABASE_URL);
      env.DATABASE_URL = t.db.url;
    }
    if (THROUGH_PROXY) {
      // Pact knows its public origin from the start (its write guard checks it), so the proxy comes first.
      t.proxy = await startTlsProxy();
      env.APP_URL = t.proxy.origin;
    }
    t.server = await startServer(env, { cwd: checkout.cwd });
    t.proxy?.target(t.server.url);
    // The app's own origin (APP_URL, else http://localhost:<port>): its write guard checks it.
    t.origin = t.proxy?.origin ?? t.server.url.replace('127.0.0.1', 'localhost');
    const couple = await createCouple(t.server.url, 'lighthouse', TASKS);
    t.sub = couple.sub;
    // The contract exists, as on every visit but a pair's first: /contract is measured as it is read, not
    // as the first visit creates it (a write, then the page drawn again).
    await (
      await call(t.server.url, 'POST', '/api/contracts', { partnerId: couple.sub.id }, couple.dom.cookie, 201)
    ).arrayBuffer();
    for (const page of PAGES) {
      const res = await fetch(`${t.server.url}${page.path}`, {
        headers: page.signedIn ? { cookie: t.sub.cookie } : {},
      });
      if (res.status !== 200) throw new Error(`${t.name}: GET ${page.path}: ${res.status}`);
      await res.arrayBuffer();
    }
    const me = await fetch(`${t.server.url}/api/me`, { headers: { cookie: t.sub.cookie } });
    if (me.status !== 200) throw new Error(`${t.name}: GET /api/me with the session cookie: ${me.status}`);
  }
  const named = targets.length > 1;
  console.info(
    `server: ${targets[0].db ? `PostgreSQL ${targets[0].db.version}` : 'PGlite'}; signed in as a submissive with a partner, ${TASKS} tasks and their contract${named ? `; ${targets.map((t) => t.name).join(' and ')}, each run on the two in turn` : ''}`,
  );
  console.info(`preflight: ${PAGES.map((p) => p.path).join(' ')} answer 200; the session cookie signs in`);
  console.info(
    THROUGH_PROXY
      ? 'served through a TLS proxy speaking HTTP/2, as in production (LIGHTHOUSE_PROTOCOL=http1: straight from Pact)'
      : 'served straight from Pact over cleartext HTTP/1.1',
  );

  if (!preflightOnly) {
    console.info(
      `\n${'page'.padEnd(11)} ${'perf'.padStart(4)} ${'a11y'.padStart(4)} ${'best'.padStart(4)} ${'seo'.padStart(4)}  ${'FCP'.padStart(7)}  ${'LCP'.padStart(7)}  ${'TBT'.padStart(7)}  ${'CLS'.padStart(5)}`,
    );
    let last = null;
    /** One Lighthouse run; the cookie jar holds the session for a signed-in page, nothing of Pact's otherwise. */
    // Each run in a browser of its own, as Lighthouse's own command line does: a browser that has already
    // loaded the other pages (their workers, caches and heap) measured the later ones slower.
    const measure = async (t, page) => {
      chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        chromeFlags: CHROME_FLAGS,
      });
      try {
        return await measureIn(t, page);
      } finally {
        chrome.kill();
        chrome = null;
      }
    };
    const measureIn = async (t, page) => {
      const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const tab = await browser.newPage();
      const client = await tab.createCDPSession();
      await client.send('Network.clearBrowserCookies');
      if (page.signedIn) {
        for (const pair of t.sub.cookie.split(';')) {
          const [name, ...value] = pair.trim().split('=');
          await client.send('Network.setCookie', {
            name,
            value: value.join('='),
            url: t.origin,
            httpOnly: true,
            // Over https Pact's cookies are Secure (and its session cookie's name says so).
            secure: t.origin.startsWith('https:'),
          });
        }
      }
      await client.detach();
      // No config: Lighthouse's default, the mobile preset.
      const result = await lighthouse(`${t.origin}${page.path}`, flags, undefined, tab);
      await tab.close();
      browser.disconnect();
      return result;
    };
    /** One page measured once; a trace Chromium did not record (NO_NAVSTART, a loaded machine) is taken again. */
    const measureOnce = async (t, page) => {
      let result = null;
      for (let attempt = 1; attempt <= 3; attempt++) {
        result = await measure(t, page);
        if (result?.lhr.runtimeError?.code !== 'NO_NAVSTART') break;
        console.info(`  ${page.path}: no trace recorded (attempt ${attempt}), measuring again`);
      }
      if (!result) throw new Error(`${page.path}: Lighthouse gave no result`);
      if (result.lhr.runtimeError) {
        throw new Error(`${page.path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      }
      return result;
    };
    const perf = (result) => result.lhr.categories.performance?.score ?? 0;
    /** The median run (by performance score) of a page on a target, as Lighthouse advises. */
    const report = async (t, page, runs) => {
      runs.sort((a, b) => perf(a) - perf(b));
      const result = runs[Math.floor((runs.length - 1) / 2)];
      const { lhr } = result;
      last = lhr;
      // LIGHTHOUSE_SAVE=<dir>: each page's full report, to read what the scores come from.
      if (process.env.LIGHTHOUSE_SAVE) {
        const { mkdirSync, writeFileSync } = await import('node:fs');
        mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
        const name = `${named ? `${t.name}-` : ''}${page.path.slice(1) || 'landing'}`;
        writeFileSync(`${process.env.LIGHTHOUSE_SAVE}/${name}.json`, JSON.stringify(lhr));
        const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass;
        if (trace) writeFileSync(`${process.env.LIGHTHOUSE_SAVE}/${name}.trace.json`, JSON.stringify(trace));
      }
      const score = (id) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100)).padStart(4);
      const a = lhr.audits;
      console.info(
        `${(named ? `${t.name} ${page.path}` : page.path).padEnd(11)} ${CATEGORIES.map(score).join(' ')}  ${seconds(a['first-contentful-paint']).padStart(7)}  ${seconds(a['largest-contentful-paint']).padStart(7)}  ${`${Math.round(a['total-blocking-time'].numericValue)} ms`.padStart(7)}  ${a['cumulative-layout-shift'].numericValue.toFixed(3).padStart(5)}`,
      );
      if (runs.length > 1) {
        console.info(
          `  performance of the ${runs.length} runs: ${runs.map((r) => Math.round(perf(r) * 100)).join(' ')}`,
        );
      }
      for (const warning of lhr.runWarnings ?? []) console.info(`  warning: ${warning}`);
      if (lhr.finalDisplayedUrl !== `${t.origin}${page.path}`) {
        console.info(`  note: ended on ${lhr.finalDisplayedUrl}`);
      }
    };
    for (const page of PAGES) {
      // Several runs, the median one (by performance score) reported, as Lighthouse advises: a simulated
      // run moves with when, in the trace it simulates from, each task happened to start.
      const runsOf = new Map(targets.map((t) => [t, []]));
      for (let i = 0; i < RUNS; i++) {
        for (const t of i % 2 ? [...targets].reverse() : targets) {
          runsOf.get(t).push(await measureOnce(t, page));
        }
      }
      for (const [t, runs] of runsOf) await report(t, page, runs);
    }
    const { configSettings, lighthouseVersion } = last;
    console.info(
      `(Lighthouse ${lighthouseVersion}, formFactor ${configSettings.formFactor}, throttling ${configSettings.throttlingMethod}; scores 0-100; median of ${RUNS} runs)`,
    );
  }
} catch (error) {
  console.error('lighthouse bench failed:', error);
  exitCode = 1;
} finally {
  try {
    chrome?.kill();
  } catch {}
  for (const t of targets) {
    await t.server?.stop();
    await t.proxy?.stop();
    if (t.db) await dropDatabase(t.db).catch((e) => console.error('drop database failed:', e.message));
  }
  clearTimeout(deadline);
}
process.exit(exitCode);
