// The HTML of signed-in pages as a browser first asks for it (decision 048): GET /dashboard and /tasks with a
// session cookie (a submissive with a partner and 20 tasks), 16 in flight for BENCH_SECONDS per page, the
// targets interleaved over BENCH_REPS repetitions; pages/s, p50/p99 and the server's CPU per page view (its
// process, and PostgreSQL's backends). On PostgreSQL (DATABASE_URL, a fresh database per target).
// BENCH_BASE_DIR=<another checkout, built>: its server too, beside this one's, in the same run.
// Usage: npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/pages.mjs
//   env BENCH_REPS=3 BENCH_SECONDS=5 BENCH_CONCURRENCY=16 BENCH_PAGES=/dashboard,/tasks BENCH_TIMEOUT_S=600
import { cpuMeter } from './db.mjs';
import { closedLoop, httpClient, median, percentile } from './http-load.mjs';
import { createCouple } from './seed.mjs';
import { checkouts, startTarget, timeLimit } from './targets.mjs';

const env = process.env;
const REPS = Number(env.BENCH_REPS ?? 3);
const SECONDS = Number(env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(env.BENCH_CONCURRENCY ?? 16);
const PAGES = (env.BENCH_PAGES ?? '/dashboard,/tasks').split(',');
const adminUrl = env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL (a PostgreSQL server to create databases on) is required');

const targets = [];
timeLimit('pages', Number(env.BENCH_TIMEOUT_S ?? 600), () => targets);
try {
  for (const checkout of checkouts()) targets.push(await startTarget(checkout, adminUrl));
  const runs = [];
  for (const t of targets) {
    const couple = await createCouple(t.url, 1, 20);
    const client = httpClient(t.url, { maxSockets: CONCURRENCY });
    const headers = { cookie: couple.sub.cookie, 'accept-encoding': 'gzip, br' };
    for (const page of PAGES) {
      const first = await client.request('GET', page, {
        headers: { cookie: headers.cookie },
        keepBody: true,
      });
      const html = first.body.toString();
      if (first.status !== 200 || !html.includes('Task 0 of couple 1'))
        throw new Error(`${t.name} ${page}: ${first.status}, not rendered with the tasks`);
    }
    runs.push({ t, client, headers, rows: Object.fromEntries(PAGES.map((p) => [p, []])) });
  }
  for (let rep = 0; rep < REPS; rep++) {
    const order = rep % 2 === 0 ? runs : [...runs].reverse();
    for (const page of PAGES) {
      for (const run of order) {
        const meter = await cpuMeter(run.t.db, run.t.pid);
        const result = await closedLoop(SECONDS, CONCURRENCY, async () => {
          const r = await run.client.request('GET', page, { headers: run.headers });
          if (r.status !== 200) throw new Error(`${run.t.name} ${page}: ${r.status}`);
        });
        const cpu = await meter(result.n);
        const sorted = result.latencies.sort((a, b) => a - b);
        run.rows[page].push({
          rate: result.n / result.seconds,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          app: cpu.app,
          postgres: cpu.postgres,
        });
      }
    }
  }
  const f = (n, d = 1) => n.toFixed(d).padStart(8);
  console.info(
    `\n${CONCURRENCY} in flight, ${SECONDS} s x ${REPS} per page and target (medians of the repetitions)`,
  );
  console.info(
    `${'target'.padEnd(8)} ${'page'.padEnd(12)} ${'pages/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'CPU ms'.padStart(8)} ${'PG ms'.padStart(8)}`,
  );
  for (const run of runs) {
    for (const page of PAGES) {
      const rows = run.rows[page];
      const m = (k) => median(rows.map((r) => r[k]));
      console.info(
        `${run.t.name.padEnd(8)} ${page.padEnd(12)} ${f(m('rate'))} ${f(m('p50'))} ${f(m('p99'))} ${f(m('app'), 2)} ${f(m('postgres'), 2)}`,
      );
    }
  }
} finally {
  for (const t of targets) await t.stop();
}
