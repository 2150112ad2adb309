// How Pact's cost grows with a couple's data, on PostgreSQL (DATABASE_URL). Two couples per target, made
// through the API; the large one then grows in SQL (growth-seed.mjs) or, for the contract, through the API:
//   tasks            20 tasks against 2,000 open (GET /api/tasks answers a page of 50), and 20 open beside
//                    2,000 done one-off tasks (the list holds the live tasks only, decision 063)
//   notifications    20 against 10,000 unread, then the 10,000 read (the list and the unread count)
//   contract         1 version against 500: the view (GET /api/contracts?partnerId=) and its history
//                    (GET /api/contracts/:id/history, which verifies the hash chain)
//   export           GET /api/me/export of 100,000 journal messages (and of the small couple), read at a
//                    steady BENCH_EXPORT_KIB_S: the server's peak resident memory during the download
// For each read: the body's size (JSON and gzip), server and PostgreSQL CPU per request, req/s, p50/p99
// (closed loop, BENCH_CONCURRENCY in flight for BENCH_SECONDS), over BENCH_REPS repetitions.
// BENCH_BASE_DIR=<another checkout, built>: seeded the same way and measured side by side (targets.mjs).
// Usage: npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/growth.mjs
//   env BENCH_REPS=2 BENCH_SECONDS=2 BENCH_CONCURRENCY=4 BENCH_TASKS=2000 BENCH_NOTIFICATIONS=10000
//   BENCH_VERSIONS=500 BENCH_MESSAGES=100000 BENCH_EXPORT_KIB_S=1024 BENCH_TIMEOUT_S=1200
import os from 'node:os';
import pg from 'pg';
import { NOTIFICATIONS_UNREAD_SQL } from './ceiling-sql.mjs';
import { cpuMeter, cpuMs } from './db.mjs';
import {
  addMessages,
  addNotifications,
  addTasks,
  analyze,
  editContract,
  readSteadily,
  watchMemory,
} from './growth-seed.mjs';
import { closedLoop, httpClient, median, percentile } from './http-load.mjs';
import { getJson } from './lists-check.mjs';
import { call, createCouple, seedLists } from './seed.mjs';
import { checkouts, startTarget, timeLimit } from './targets.mjs';

const env = process.env;
const REPS = Number(env.BENCH_REPS ?? 2);
const SECONDS = Number(env.BENCH_SECONDS ?? 2);
const CONCURRENCY = Number(env.BENCH_CONCURRENCY ?? 4);
const SMALL_TASKS = 20;
const TASKS = Number(env.BENCH_TASKS ?? 2000);
const NOTIFICATIONS = Number(env.BENCH_NOTIFICATIONS ?? 10_000);
const VERSIONS = Number(env.BENCH_VERSIONS ?? 500);
const MESSAGES = Number(env.BENCH_MESSAGES ?? 100_000);
const EXPORT_RATE = Number(env.BENCH_EXPORT_KIB_S ?? 1024) * 1024;

if (!env.DATABASE_URL) {
  console.error(
    'growth bench: set DATABASE_URL to a PostgreSQL server (a database is created there and dropped)',
  );
  process.exit(2);
}
const targets = [];
const clients = [];
const cancelLimit = timeLimit('growth', Number(env.BENCH_TIMEOUT_S ?? 1200), () => targets);
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const f1 = (v) => v.toFixed(1).padStart(6);
const n = (v) => v.toLocaleString('en');

/** The reads measured, for the small couple `s` and the large one `l`. */
const reads = (s, l, h) => [
  ['tasks', `${SMALL_TASKS} tasks`, s.sub.cookie, '/api/tasks'],
  ['tasks', `${n(TASKS)} tasks`, l.sub.cookie, '/api/tasks'],
  ['tasks', `${SMALL_TASKS} + ${n(TASKS)} done`, h.sub.cookie, '/api/tasks'],
  ['notifications', `${s.notifications} unread`, s.sub.cookie, '/api/notifications'],
  ['notifications', `${n(l.notifications)} unread`, l.sub.cookie, '/api/notifications'],
  ['contract view', '1 version', s.dom.cookie, `/api/contracts?partnerId=${s.sub.id}`],
  ['contract view', `${n(VERSIONS)} versions`, l.dom.cookie, `/api/contracts?partnerId=${l.sub.id}`],
  ['contract history', '1 version', s.dom.cookie, `/api/contracts/${s.contractId}/history`],
  ['contract history', `${n(VERSIONS)} versions`, l.dom.cookie, `/api/contracts/${l.contractId}/history`],
];

/** One statement run `times` times, prepared, on a connection of its own: wall and PostgreSQL CPU each. */
async function timeStatement(db, text, values, times) {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await client.query({ name: 'timed', text, values });
    const meter = await cpuMeter(db, null);
    const started = performance.now();
    for (let i = 0; i < times; i++) await client.query({ name: 'timed', text, values });
    const wall = (performance.now() - started) / times;
    return { wall, ...(await meter(times)) };
  } finally {
    await client.end();
  }
}

async function measure(label, points, figures) {
  console.info(
    `\n${label}: closed loop, ${CONCURRENCY} in flight, ${SECONDS} s per point, ${REPS} repetitions`,
  );
  // Warm: every statement planned and every code path compiled before the first figure.
  for (const point of points) {
    for (const t of targets) {
      const [, , cookie, path] = point(t);
      await closedLoop(0.3, CONCURRENCY, () => t.client.request('GET', path, { headers: { cookie } }));
    }
  }
  for (let r = 0; r < REPS; r++) {
    for (const [k, point] of points.entries()) {
      for (let j = 0; j < targets.length; j++) {
        const t = targets[(r + k + j) % targets.length];
        const [what, size, cookie, path] = point(t);
        const meter = await cpuMeter(t.db, t.pid);
        const f = await closedLoop(SECONDS, CONCURRENCY, async () => {
          const res = await t.client.request('GET', path, { headers: { cookie, 'accept-encoding': 'gzip' } });
          if (res.status !== 200) throw new Error(`${t.name} GET ${path}: ${res.status}`);
        });
        const cpu = await meter(f.n);
        const sorted = f.latencies.sort((a, b) => a - b);
        const row = {
          rps: f.n / f.seconds,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          ...cpu,
        };
        const key = `${what}, ${size}|${t.name}`;
        figures.set(key, [...(figures.get(key) ?? []), row]);
        console.info(
          `  rep ${r + 1} ${`${what}, ${size}`.padEnd(40)} ${t.name.padEnd(5)} ${row.rps.toFixed(0).padStart(5)} req/s  p50 ${f1(row.p50)} ms  p99 ${f1(row.p99)} ms  CPU/req server ${row.app.toFixed(2)} + pg ${row.postgres.toFixed(2)} ms`,
        );
      }
    }
  }
}

let exitCode = 0;
try {
  const started = performance.now();
  for (const checkout of checkouts()) targets.push(await startTarget(checkout, env.DATABASE_URL));
  console.info(
    `growth bench: PostgreSQL ${targets[0].db.version}; ${targets.map((t) => `${t.name} = ${t.label}`).join(', ')}; ${os.availableParallelism()} CPUs, load average ${os.loadavg()[0].toFixed(1)}`,
  );
  for (const t of targets) {
    const t0 = performance.now();
    t.client = httpClient(t.url, { maxSockets: CONCURRENCY });
    clients.push(t.client);
    t.small = await seedLists(t.url, await createCouple(t.url, 's', SMALL_TASKS), {});
    t.large = await seedLists(t.url, await createCouple(t.url, 'l', SMALL_TASKS), {});
    await addTasks(t.db.url, t.large.sub.id, TASKS - SMALL_TASKS);
    t.history = await createCouple(t.url, 'h', SMALL_TASKS);
    await addTasks(t.db.url, t.history.sub.id, TASKS, { done: true });
    const count = async (c) => (await getJson(t.client, '/api/notifications', c.sub.cookie)).json.unreadCount;
    t.small.notifications = await count(t.small);
    await addNotifications(t.db.url, t.large.sub.id, NOTIFICATIONS - (await count(t.large)));
    t.large.notifications = await count(t.large);
    const { contract } = (
      await getJson(t.client, `/api/contracts?partnerId=${t.large.sub.id}`, t.large.dom.cookie)
    ).json;
    await editContract(t.url, t.large, VERSIONS, contract.content);
    await addMessages(t.db.url, t.large.dom.id, t.large.sub.id, MESSAGES);
    await analyze(t.db.url);
    console.info(
      `setup ${t.name}: a couple with ${SMALL_TASKS} tasks; one with ${n(TASKS)} tasks, ${n(t.large.notifications)} unread notifications, ${n(VERSIONS)} contract versions, ${n(MESSAGES)} journal messages; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    console.info('  bodies (JSON, and as sent with gzip):');
    for (const [what, size, cookie, path] of reads(t.small, t.large, t.history)) {
      const b = await getJson(t.client, path, cookie);
      if (b.status !== 200) throw new Error(`${t.name} GET ${path}: ${b.status}`);
      console.info(
        `    ${`${what}, ${size}`.padEnd(40)} ${kib(b.raw).padStart(10)}  ${kib(b.wire).padStart(10)} ${b.encoding}`,
      );
    }
  }

  const figures = new Map();
  const points = reads(targets[0].small, targets[0].large, targets[0].history).map(
    (_, i) => (t) => reads(t.small, t.large, t.history)[i],
  );
  await measure('reads', points, figures);
  console.info(
    "\nthe unread count's statement alone (Pact's, capped at 100, prepared, 200 times one after the other):",
  );
  for (const t of targets) {
    for (const couple of [t.small, t.large]) {
      const c = await timeStatement(t.db, NOTIFICATIONS_UNREAD_SQL, [couple.sub.id, false, 100], 200);
      console.info(
        `  ${t.name.padEnd(5)} ${`${n(couple.notifications)} unread`.padEnd(14)} ${c.wall.toFixed(3)} ms each, PostgreSQL CPU ${c.postgres.toFixed(3)} ms`,
      );
    }
  }
  for (const t of targets)
    await call(t.url, 'POST', '/api/notifications/read-all', {}, t.large.sub.cookie, 200);
  await measure(
    'notifications once all are read',
    [
      (t) => [
        'notifications',
        `${n(t.large.notifications)} read (just marked)`,
        t.large.sub.cookie,
        '/api/notifications',
      ],
    ],
    figures,
  );
  console.info(`\nsummary (median of ${REPS}):`);
  const labels = [...new Set([...figures.keys()].map((key) => key.split('|')[0]))];
  for (const [label, name] of labels.flatMap((l) => targets.map((t) => [l, t.name]))) {
    const rows = figures.get(`${label}|${name}`);
    if (!rows) continue; // a count the two checkouts' data differ in
    const m = (k) => median(rows.map((x) => x[k]));
    console.info(
      `  ${label.padEnd(40)} ${name.padEnd(5)} CPU/req server ${m('app').toFixed(2)} + pg ${m('postgres').toFixed(2)} ms, ${m('rps').toFixed(0)} req/s, p50 ${m('p50').toFixed(1)} ms, p99 ${m('p99').toFixed(1)} ms`,
    );
  }

  console.info(
    `\nexport (GET /api/me/export) read at ${kib(EXPORT_RATE)}/s; the server's resident memory (sampled every 10 ms, and the kernel's peak after a reset):`,
  );
  for (let r = 0; r < REPS; r++) {
    for (const [size, couple] of [
      ['small couple', 'small'],
      [`${n(MESSAGES)} messages`, 'large'],
    ]) {
      for (let j = 0; j < targets.length; j++) {
        const t = targets[(r + j) % targets.length];
        const cpu0 = cpuMs(t.pid);
        const stop = watchMemory(t.pid);
        const res = await readSteadily(t.url, '/api/me/export', t[couple].dom.cookie, EXPORT_RATE);
        const mem = stop();
        if (res.status !== 200) throw new Error(`${t.name} export: ${res.status}`);
        console.info(
          `  rep ${r + 1} ${size.padEnd(17)} ${t.name.padEnd(5)} ${kib(res.bytes).padStart(11)} in ${res.seconds.toFixed(1)} s (first byte after ${res.firstByte.toFixed(0)} ms); RSS ${mem.before.toFixed(0)} MiB before, peak ${mem.peak.toFixed(0)} MiB (+${(mem.peak - mem.before).toFixed(0)} MiB); server CPU ${(cpuMs(t.pid) - cpu0).toFixed(0)} ms${mem.kernelPeak ? '' : ' (peak sampled only)'}`,
        );
      }
    }
  }
  console.info(
    `\nload average at the end: ${os.loadavg()[0].toFixed(1)}; ${((performance.now() - started) / 1000).toFixed(0)} s in all`,
  );
} catch (error) {
  console.error('growth bench failed:', error.message ?? error);
  exitCode = 1;
} finally {
  for (const c of clients) c.close();
  for (const t of targets) await t.stop();
  cancelLimit();
}
process.exit(exitCode);
