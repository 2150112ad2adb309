// The task list under load, against two floors measured in the same run, on PostgreSQL (DATABASE_URL):
//   pact      the built server (dist/server/main.js), GET /api/tasks
//   baseline  baseline-server.mjs: node:http + pg doing what the route must do (cookie, one prepared
//             session+user statement, the prepared list statement, JSON, gzip over 1 KB)
//   sql       the list statement alone, prepared, through the same driver (pg Pool) from this process
// Closed loop: 16 requests in flight for BENCH_SECONDS each, the three targets interleaved in rotating order
// for BENCH_REPS repetitions, so that a burst of other work on the machine hits all three alike; req/s of
// each, the ratios pact/baseline and pact/sql per repetition, and their medians. CPU per request (the
// target's process + PostgreSQL's backends) is printed beside: it moves much less with the machine's load.
// Open loop: a fixed request rate (BENCH_RATES, default 200 and 400 req/s) for BENCH_OPEN_SECONDS, pact and
// baseline alternated, latency from each request's scheduled send time (p50/p90/p99).
// Then POST /api/tasks/:id/complete once per task (c=16). The fair ceiling of every list route is lists.mjs.
// A fresh database `pact_bench_<random>` is created on the server of DATABASE_URL and dropped at the end.
// Usage: npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/api.mjs
//        [--mode=closed|open|both]  env BENCH_REPS=3 BENCH_SECONDS=5 BENCH_OPEN_SECONDS=6 BENCH_RATES=200,400
//        BENCH_TIMEOUT_S=600 BASELINE_REOPEN=1 (the baseline also sends the reopen-cycles UPDATE)
//        BENCH_BASE_DIR=<another checkout, built> (its server as a fourth target, on the same database)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cpuMeter, createDatabase, dropDatabase, settledCommits } from './db.mjs';
import { closedLoop, httpClient, median, openLoop, percentile } from './http-load.mjs';
import { jsonDifference, load, startBaseline, startServer } from './lib.mjs';
import { getJson } from './lists-check.mjs';
import { createCouples } from './seed.mjs';
import { timeLimit } from './targets.mjs';
import { LIST_SQL, listParams } from './tasks-sql.mjs';

const COUPLES = 50;
const TASKS_PER_COUPLE = 20;
const CONCURRENCY = 16;
/** The server's pool (src/server/db/client.ts); the baseline and the SQL target get the same. */
const POOL_MAX = 10;
const env = process.env;
const REPS = Number(env.BENCH_REPS ?? 3);
const SECONDS = Number(env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 2;
const OPEN_SECONDS = Number(env.BENCH_OPEN_SECONDS ?? 6);
const RATES = (env.BENCH_RATES ?? '200,400').split(',').map(Number);
const MODE = process.argv.find((a) => a.startsWith('--mode='))?.slice(7) ?? 'both';
const TIME_LIMIT_MS = Number(env.BENCH_TIMEOUT_S ?? 600) * 1000;

if (!env.DATABASE_URL) {
  console.error(
    'api bench: set DATABASE_URL to a PostgreSQL server (a database is created there and dropped)',
  );
  process.exit(2);
}

// --- time limit: everything stops by itself --------------------------------------------------------

let server = null;
let baseline = null;
let before = null;
let benchDb = null;
const killAll = () => {
  for (const child of [server, baseline, before]) {
    try {
      if (child) process.kill(child.pid, 'SIGKILL');
    } catch {}
  }
};
const cancelLimit = timeLimit('api', TIME_LIMIT_MS / 1000, () => [{ kill: killAll, db: benchDb }]);

const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)}`.padStart(6) : '   >10s');
const cpuTotal = (t, cpu) => (t.name === 'sql' ? cpu.bench : cpu.app) + cpu.postgres;
const loadAvg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

function printClosed(t, f) {
  const sorted = [...f.latencies].sort((a, b) => a - b);
  const own = t.name === 'sql' ? 'bench' : 'app';
  console.info(
    `  ${t.name.padEnd(8)} ${t.label.padEnd(34)} ${f.rps.toFixed(0).padStart(5)} req/s  p50 ${ms(percentile(sorted, 0.5))} ms  p99 ${ms(percentile(sorted, 0.99))} ms  CPU/req ${own} ${f.cpu[own].toFixed(2)} + pg ${f.cpu.postgres.toFixed(2)} ms`,
  );
}

const openLine = (r) =>
  `p50 ${ms(r.p50)}  p90 ${ms(r.p90)}  p99 ${ms(r.p99)} ms  (${r.done}/${r.total} answered${r.failed ? `, ${r.failed} failed` : ''}${r.unfinished ? `, ${r.unfinished} unfinished` : ''}, up to ${r.maxInFlight} in flight)`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pact-bench-api-'));
const clients = [];
let sqlPool = null;
let exitCode = 0;
try {
  benchDb = await createDatabase(env.DATABASE_URL);
  console.info(
    `database: PostgreSQL ${benchDb.version}, fresh database ${benchDb.name} (dropped at the end)`,
  );
  server = await startServer({
    REQUIRE_EMAIL_VERIFICATION: 'false',
    DATA_DIR: dataDir,
    DATABASE_URL: benchDb.url,
  });
  if (!(await fetch(`${server.url}/api/health`).catch(() => null))?.ok)
    throw new Error('server did not start');

  const setupStart = performance.now();
  const couples = await createCouples(server.url, COUPLES, TASKS_PER_COUPLE);
  const cookies = couples.flatMap((c) => [c.sub.cookie, c.dom.cookie]);
  const userIds = couples.flatMap((c) => [c.sub.id, c.dom.id]);
  console.info(
    `setup: ${COUPLES} couples, ${COUPLES * TASKS_PER_COUPLE} tasks in ${((performance.now() - setupStart) / 1000).toFixed(1)} s; ${os.cpus().length} CPUs, load average ${loadAvg()}`,
  );

  // BENCH_BASE_DIR (or PACT_BEFORE)=<another checkout, built>: that build too, on the same database and
  // data directory (so the same secret and cookies), as a fourth target in the same run.
  const baseDir = env.BENCH_BASE_DIR ?? env.PACT_BEFORE;
  if (baseDir) {
    before = await startServer(
      { REQUIRE_EMAIL_VERIFICATION: 'false', DATA_DIR: dataDir, DATABASE_URL: benchDb.url },
      { cwd: baseDir },
    );
    console.info(`before: ${baseDir} (its dist/), same database and cookies`);
  }
  const { authSecret } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  baseline = await startBaseline({
    DATABASE_URL: benchDb.url,
    AUTH_SECRET: authSecret,
    POOL_MAX: String(POOL_MAX),
  });
  sqlPool = new pg.Pool({ connectionString: benchDb.url, max: POOL_MAX });

  const getTasks = (client) => async (i) => {
    const res = await client.request('GET', '/api/tasks', {
      headers: { cookie: cookies[i % cookies.length], 'accept-encoding': 'gzip' },
    });
    if (res.status !== 200) throw new Error(`GET /api/tasks: ${res.status}`);
  };
  const httpTarget = (name, label, origin, pid) => {
    const client = httpClient(origin, { maxSockets: CONCURRENCY });
    const open = httpClient(origin, { maxSockets: 256 });
    clients.push(client, open);
    return { name, label, pid, client, task: getTasks(client), openTask: getTasks(open), open };
  };
  const pact = httpTarget('pact', 'GET /api/tasks (Pact)', server.url, server.pid);
  const earlier = before && httpTarget('before', 'GET /api/tasks (Pact before)', before.url, before.pid);
  const base = httpTarget('baseline', 'GET /api/tasks (node:http + pg)', baseline.url, baseline.pid);
  const sql = {
    name: 'sql',
    label: `list statement (pg Pool max ${POOL_MAX})`,
    pid: null,
    task: async (i) => {
      const { rows } = await sqlPool.query({
        name: 'list',
        text: LIST_SQL,
        values: listParams(userIds[i % userIds.length]),
        rowMode: 'array',
      });
      if (rows.length !== TASKS_PER_COUPLE) throw new Error(`sql: ${rows.length} rows`);
    },
  };

  // The baseline must answer what Pact answers, or it is not a floor for the same work.
  const bodies = [];
  for (const t of [pact, base, ...(earlier ? [earlier] : [])]) {
    bodies.push(await getJson(t.client, '/api/tasks', cookies[0]));
    if (bodies.at(-1).status !== 200) throw new Error(`${t.name}: GET /api/tasks ${bodies.at(-1).status}`);
  }
  if (bodies[0].json.tasks.length !== TASKS_PER_COUPLE)
    throw new Error(`pact: ${bodies[0].json.tasks.length} tasks`);
  const differs = jsonDifference(bodies[0].json, bodies[1].json);
  console.info(
    `body: pact ${bodies[0].raw} B JSON, ${bodies[0].wire} B sent (${bodies[0].encoding}); baseline ${bodies[1].raw} B, ${bodies[1].wire} B (${bodies[1].encoding}); ${differs ? `WARNING: the JSON differs at ${differs}, the baseline no longer does the same work` : 'same JSON'}`,
  );

  // Statements per request: PostgreSQL's own count of transactions (each statement outside a block is one).
  // The baseline sends 2 (3 with BASELINE_REOPEN) by construction; only Pact's is counted (23 s of waiting
  // for PostgreSQL's counters).
  const COUNTED = 200;
  const c0 = await settledCommits(benchDb);
  await load(COUNTED, 4, pact.task);
  const c1 = await settledCommits(benchDb);
  console.info(
    `transactions committed per GET /api/tasks (pg_stat_database.xact_commit): pact ${((c1 - c0) / COUNTED).toFixed(2)}, baseline ${env.BASELINE_REOPEN === '1' ? 3 : 2} (by construction)`,
  );

  const targets = [pact, base, sql, ...(earlier ? [earlier] : [])];
  for (const t of targets) await closedLoop(WARMUP_SECONDS, CONCURRENCY, t.task);

  if (MODE !== 'open') {
    console.info(
      `\nclosed loop: ${CONCURRENCY} in flight, ${SECONDS} s per target, ${REPS} repetitions in rotating order (ratios are of req/s)`,
    );
    const reps = [];
    for (let r = 0; r < REPS; r++) {
      const order = targets.map((_, k) => targets[(r + k) % targets.length]);
      console.info(`rep ${r + 1} (load average ${loadAvg()})`);
      const figures = {};
      for (const t of order) {
        const meter = await cpuMeter(benchDb, t.pid);
        const f = await closedLoop(SECONDS, CONCURRENCY, t.task);
        f.rps = f.n / f.seconds;
        f.cpu = await meter(f.n);
        figures[t.name] = f;
        printClosed(t, f);
        await new Promise((res) => setTimeout(res, 250));
      }
      const rep = {
        pact: figures.pact.rps,
        baseline: figures.baseline.rps,
        sql: figures.sql.rps,
        pactBase: figures.pact.rps / figures.baseline.rps,
        pactSql: figures.pact.rps / figures.sql.rps,
        cpuPactBase: cpuTotal(pact, figures.pact.cpu) / cpuTotal(base, figures.baseline.cpu),
        ...(earlier && {
          before: figures.before.rps,
          beforeBase: figures.before.rps / figures.baseline.rps,
          cpuBeforeBase: cpuTotal(earlier, figures.before.cpu) / cpuTotal(base, figures.baseline.cpu),
        }),
      };
      reps.push(rep);
      console.info(
        `  ratios: pact/baseline ${rep.pactBase.toFixed(2)}  pact/sql ${rep.pactSql.toFixed(2)}  (CPU per request pact/baseline x${rep.cpuPactBase.toFixed(1)})` +
          (earlier
            ? `; before/baseline ${rep.beforeBase.toFixed(2)} (CPU x${rep.cpuBeforeBase.toFixed(1)})`
            : ''),
      );
    }
    const m = (key) => median(reps.map((r) => r[key]));
    console.info(
      `median of ${REPS}: pact ${m('pact').toFixed(0)} req/s, baseline ${m('baseline').toFixed(0)} req/s, sql ${m('sql').toFixed(0)} req/s;` +
        ` pact/baseline ${m('pactBase').toFixed(2)}, pact/sql ${m('pactSql').toFixed(2)}; CPU per request pact/baseline x${m('cpuPactBase').toFixed(1)}` +
        (earlier
          ? `; before ${m('before').toFixed(0)} req/s, before/baseline ${m('beforeBase').toFixed(2)} (CPU x${m('cpuBeforeBase').toFixed(1)})`
          : ''),
    );
  }

  if (MODE !== 'closed') {
    console.info(
      `\nopen loop: fixed rate, ${OPEN_SECONDS} s per point, latency from the scheduled send time, ${REPS} repetitions`,
    );
    const openTargets = [pact, base, ...(earlier ? [earlier] : [])];
    for (const t of openTargets) await load(CONCURRENCY, CONCURRENCY, t.openTask); // open the sockets
    const results = new Map();
    for (let r = 0; r < REPS; r++) {
      for (const rate of RATES) {
        for (const t of r % 2 ? [...openTargets].reverse() : openTargets) {
          const res = await openLoop(rate, OPEN_SECONDS, t.openTask);
          const key = `${rate} ${t.name}`;
          results.set(key, [...(results.get(key) ?? []), res]);
          console.info(
            `  rep ${r + 1} ${String(rate).padStart(4)} req/s ${t.name.padEnd(8)} ${openLine(res)}`,
          );
          await new Promise((res) => setTimeout(res, 250));
        }
      }
    }
    console.info(`median of ${REPS}:`);
    for (const rate of RATES) {
      for (const t of openTargets) {
        const all = results.get(`${rate} ${t.name}`);
        const q = (k) => median(all.map((x) => x[k]));
        console.info(
          `  ${String(rate).padStart(4)} req/s ${t.name.padEnd(8)} p50 ${ms(q('p50'))}  p90 ${ms(q('p90'))}  p99 ${ms(q('p99'))} ms`,
        );
      }
    }
  }

  // Completion: every task once; task k of couple i % COUPLES, so the requests in flight are different pairs.
  const completions = COUPLES * TASKS_PER_COUPLE;
  const completeRun = await load(completions, CONCURRENCY, async (i) => {
    const couple = couples[i % COUPLES];
    const res = await pact.client.request(
      'POST',
      `/api/tasks/${couple.taskIds[Math.floor(i / COUPLES)]}/complete`,
      {
        headers: { cookie: couple.sub.cookie, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
        body: '{}',
      },
    );
    if (res.status !== 200) throw new Error(`complete: ${res.status}`);
  });
  const sorted = completeRun.latencies.sort((a, b) => a - b);
  console.info(
    `\npact POST /api/tasks/:id/complete (c=${CONCURRENCY}, ${completions} tasks once each): ${(completions / completeRun.seconds).toFixed(0)} req/s  p50 ${ms(percentile(sorted, 0.5))} ms  p99 ${ms(percentile(sorted, 0.99))} ms`,
  );
  console.info(`load average at the end: ${loadAvg()}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  for (const c of clients) c.close();
  await sqlPool?.end();
  await baseline?.stop();
  if (server) await server.stop();
  if (before) await before.stop();
  if (benchDb) await dropDatabase(benchDb).catch((e) => console.error('drop database failed:', e.message));
  rmSync(dataDir, { recursive: true, force: true });
  cancelLimit();
}
process.exit(exitCode);
