// Every list route of Pact against its fair ceiling, on PostgreSQL (DATABASE_URL): tasks, punishments,
// journal (GET /api/journal/messages?partnerId=), notifications, contract (the read by partner), task history,
// partners, requests, and a 404 that touches no database. The ceiling (ceiling-server.mjs) is a bare
// node:http server doing exactly what the route does now: the cookie's HMAC, the session from memory,
// Pact's own statement(s) prepared, the same JSON fields, gzip level 1 from 1 KiB. Before measuring, the
// bench checks that the ceiling answers what Pact answers (parsed JSON, key order aside) and stops with the
// differences if not, and counts the statements Pact sends per request on each route (lists-check.mjs).
// Closed loop: BENCH_CONCURRENCY requests in flight for BENCH_SECONDS per target and route; the targets
// interleaved in rotating order, the routes too, over BENCH_REPS repetitions; req/s, the ratio
// Pact/ceiling per repetition and its median, server CPU per request (the server's process from /proc, and
// PostgreSQL's backends of its database), p50/p99. Then an open loop on GET /api/tasks at BENCH_RATES.
// BENCH_BASE_DIR=<another checkout, built>: its server too, on its own database with its own ceiling,
// interleaved with this one (targets.mjs), so that before and after come from one run.
// Usage: npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/lists.mjs
//   env BENCH_REPS=3 BENCH_SECONDS=3 BENCH_CONCURRENCY=16 BENCH_COUPLES=16 BENCH_RATES=400 (empty: no open
//   loop) BENCH_OPEN_SECONDS=5 BENCH_ROUTES=tasks,journal (only these) BENCH_TIMEOUT_S=900
import os from 'node:os';
import { cpuMeter } from './db.mjs';
import { closedLoop, httpClient, median, openLoop, percentile } from './http-load.mjs';
import { load } from './lib.mjs';
import { checkSameAnswers, countStatements, getJson, printStatements } from './lists-check.mjs';
import { createCouple, seedLists } from './seed.mjs';
import { addedHeaders, checkouts, startTarget, timeLimit } from './targets.mjs';

const env = process.env;
const COUPLES = Number(env.BENCH_COUPLES ?? 16);
const SEED = { tasks: 20, punishments: 20, messages: 30, completions: 5 };
const CONCURRENCY = Number(env.BENCH_CONCURRENCY ?? 16);
const REPS = Number(env.BENCH_REPS ?? 3);
const SECONDS = Number(env.BENCH_SECONDS ?? 3);
const WARMUP_SECONDS = 1;
const RATES = (env.BENCH_RATES ?? '400').split(',').filter(Boolean).map(Number);
const OPEN_SECONDS = Number(env.BENCH_OPEN_SECONDS ?? 5);

const ALL_ROUTES = [
  { name: 'tasks', path: () => '/api/tasks' },
  { name: 'punishments', path: () => '/api/punishments' },
  { name: 'journal', path: (u) => `/api/journal/messages?partnerId=${u.partnerId}` },
  { name: 'notifications', path: () => '/api/notifications' },
  { name: 'contract', path: (u) => `/api/contracts?partnerId=${u.partnerId}` },
  { name: 'history', path: () => '/api/task-completions' },
  { name: 'partners', path: () => '/api/partners' },
  { name: 'requests', path: () => '/api/partner-requests' },
  { name: '404', path: () => '/api/not-a-route', anonymous: true },
];
const only = env.BENCH_ROUTES?.split(',');
const ROUTES = only ? ALL_ROUTES.filter((r) => only.includes(r.name)) : ALL_ROUTES;

if (!env.DATABASE_URL) {
  console.error(
    'lists bench: set DATABASE_URL to a PostgreSQL server (a database is created there and dropped)',
  );
  process.exit(2);
}

const targets = [];
const cancelLimit = timeLimit('lists', Number(env.BENCH_TIMEOUT_S ?? 900), () => targets);
const clients = [];
const loadAvg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const f1 = (v) => (Number.isFinite(v) ? v.toFixed(1) : '>10s').padStart(6);
const f2 = (v) => v.toFixed(2);

/** A measured server: its name, process, keep-alive clients and one request per route. */
function measured(name, url, pid, db, users) {
  const client = httpClient(url, { maxSockets: CONCURRENCY });
  const open = httpClient(url, { maxSockets: 256 });
  clients.push(client, open);
  const task = (c, route) => async (i) => {
    const user = users[i % users.length];
    const res = await c.request('GET', route.path(user), {
      headers: route.anonymous
        ? { 'accept-encoding': 'gzip' }
        : { cookie: user.cookie, 'accept-encoding': 'gzip' },
    });
    if (res.status !== (route.anonymous ? 404 : 200)) throw new Error(`${name} ${route.name}: ${res.status}`);
  };
  return {
    name,
    pid,
    db,
    client,
    open,
    task: (route) => task(client, route),
    openTask: (route) => task(open, route),
  };
}

let exitCode = 0;
try {
  const started = performance.now();
  for (const checkout of checkouts()) targets.push(await startTarget(checkout, env.DATABASE_URL));
  console.info(
    `lists bench: PostgreSQL ${targets[0].db.version}; ${targets.map((t) => `${t.name} = ${t.label}`).join(', ')}; ${os.availableParallelism()} CPUs, load average ${loadAvg()}`,
  );
  // Every target gets the same data through its own API.
  const pairs = [];
  for (const t of targets) {
    const couples = [];
    await load(COUPLES, 4, async (i) => {
      couples[i] = await seedLists(t.url, await createCouple(t.url, i, SEED.tasks), SEED);
    });
    const users = couples.flatMap((c) => [
      { cookie: c.dom.cookie, partnerId: c.sub.id },
      { cookie: c.sub.cookie, partnerId: c.dom.id },
    ]);
    const app = measured(t.name, t.url, t.pid, t.db, users);
    const headers = addedHeaders((await getJson(app.client, '/api/health')).headers);
    // A checkout that answers the task list in pages gets a ceiling that pages it the same way.
    const tasksAnswer = (await getJson(app.client, '/api/tasks', users[0].cookie)).json;
    const paged = tasksAnswer && 'nextCursor' in tasksAnswer;
    const ceilingServer = await t.ceiling(headers, paged ? { CEILING_TASK_PAGE: '50' } : {});
    const ceiling = measured(
      `${t.name === 'pact' ? '' : `${t.name} `}ceiling`,
      ceilingServer.url,
      ceilingServer.pid,
      t.db,
      users,
    );
    pairs.push({ target: t, app, ceiling, users });
  }
  console.info(
    `setup: ${COUPLES} couples per target (${SEED.tasks} tasks, ${SEED.completions} completed, ${SEED.punishments} punishments, ${SEED.messages} journal messages, a contract) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  console.info(
    '\nchecks: the ceiling answers what Pact answers (parsed JSON, field for field, key order aside)',
  );
  for (const { target, app, ceiling, users } of pairs) {
    const sizes = await checkSameAnswers(app, ceiling, ROUTES, users);
    console.info(
      `  ${target.name}: same answers on every route; bodies: ${Object.entries(sizes)
        .map(([r, s]) => `${r} ${s.raw} B${s.encoding === 'gzip' ? ` (${s.wire} B gzip)` : ''}`)
        .join(', ')}`,
    );
  }
  console.info(
    'statements Pact sends per request (read off the wire on a second server of the same checkout):',
  );
  for (const { target, users } of pairs)
    printStatements(target.name, await countStatements(target, ROUTES, users));

  const all = pairs.flatMap((p) => [p.app, p.ceiling]);
  for (const route of ROUTES)
    for (const m of all) await closedLoop(WARMUP_SECONDS / 2, CONCURRENCY, m.task(route));

  console.info(
    `\nclosed loop: ${CONCURRENCY} in flight, ${SECONDS} s per target and route, ${REPS} repetitions, targets and routes in rotating order`,
  );
  const figures = new Map(); // `${route} ${target}` -> [{ rps, p50, p99, app, pg }]
  for (let r = 0; r < REPS; r++) {
    console.info(`rep ${r + 1} (load average ${loadAvg()})`);
    for (let k = 0; k < ROUTES.length; k++) {
      const route = ROUTES[(r + k) % ROUTES.length];
      for (let j = 0; j < all.length; j++) {
        const m = all[(r + k + j) % all.length];
        const meter = await cpuMeter(m.db, m.pid);
        const f = await closedLoop(SECONDS, CONCURRENCY, m.task(route));
        const cpu = await meter(f.n);
        const sorted = f.latencies.sort((a, b) => a - b);
        const row = {
          rps: f.n / f.seconds,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          app: cpu.app,
          pg: cpu.postgres,
        };
        const key = `${route.name} ${m.name}`;
        figures.set(key, [...(figures.get(key) ?? []), row]);
        console.info(
          `  ${route.name.padEnd(13)} ${m.name.padEnd(13)} ${row.rps.toFixed(0).padStart(6)} req/s  p50 ${f1(row.p50)} ms  p99 ${f1(row.p99)} ms  CPU/req server ${row.app.toFixed(3)} + pg ${row.pg.toFixed(3)} ms`,
        );
      }
    }
  }

  console.info(`\nsummary (median of ${REPS}; ratios of req/s per repetition, then their median):`);
  for (const route of ROUTES) {
    const of = (m) => figures.get(`${route.name} ${m.name}`);
    const med = (m, k) => median(of(m).map((x) => x[k]));
    for (const { target, app, ceiling } of pairs) {
      const ratios = of(app).map((x, i) => x.rps / of(ceiling)[i].rps);
      console.info(
        `  ${route.name.padEnd(13)} ${target.name.padEnd(5)} ${med(app, 'rps').toFixed(0).padStart(6)} req/s vs ceiling ${med(ceiling, 'rps').toFixed(0).padStart(6)}: ${target.name}/ceiling ${f2(median(ratios))} (${ratios.map(f2).join(' ')}); server CPU/req ${med(app, 'app').toFixed(3)} vs ${med(ceiling, 'app').toFixed(3)} ms (x${(med(app, 'app') / med(ceiling, 'app')).toFixed(1)}), pg ${med(app, 'pg').toFixed(3)} vs ${med(ceiling, 'pg').toFixed(3)} ms; p50 ${f1(med(app, 'p50'))} vs ${f1(med(ceiling, 'p50'))} ms, p99 ${f1(med(app, 'p99'))} vs ${f1(med(ceiling, 'p99'))} ms`,
      );
    }
    if (pairs.length > 1) {
      const ratios = of(pairs[0].app).map((x, i) => x.rps / of(pairs[1].app)[i].rps);
      console.info(`  ${''.padEnd(13)} pact/base ${f2(median(ratios))} (${ratios.map(f2).join(' ')})`);
    }
  }

  const tasks = ROUTES.find((r) => r.name === 'tasks');
  if (tasks && RATES.length > 0) {
    console.info(
      `\nopen loop, GET /api/tasks: fixed rate, ${OPEN_SECONDS} s per point, latency from the scheduled send time`,
    );
    for (const m of all) await load(CONCURRENCY, CONCURRENCY, m.openTask(tasks)); // opens sockets
    for (const rate of RATES) {
      for (let r = 0; r < REPS; r++) {
        for (const m of r % 2 ? [...all].reverse() : all) {
          const o = await openLoop(rate, OPEN_SECONDS, m.openTask(tasks));
          console.info(
            `  ${String(rate).padStart(4)} req/s rep ${r + 1} ${m.name.padEnd(13)} p50 ${f1(o.p50)}  p90 ${f1(o.p90)}  p99 ${f1(o.p99)} ms (${o.done}/${o.total} answered${o.failed ? `, ${o.failed} failed` : ''}${o.unfinished ? `, ${o.unfinished} unfinished` : ''}, up to ${o.maxInFlight} in flight)`,
          );
        }
      }
    }
  }
  console.info(
    `\nload average at the end: ${loadAvg()}; ${((performance.now() - started) / 1000).toFixed(0)} s in all`,
  );
} catch (error) {
  console.error('lists bench failed:', error.message ?? error);
  exitCode = 1;
} finally {
  for (const c of clients) c.close();
  for (const t of targets) await t.stop();
  cancelLimit();
}
process.exit(exitCode);
