// Realtime delivery under load: 1,000 open event streams (GET /api/events), then the delay from a
// committed change (a connection request, POST /api/partner-requests) to the partner's SSE event
// `partner_request.created`, with 1, 8 and 32 writers (changes in flight); plus the server's memory
// (VmRSS) before and with the streams open. A control run of the same changes with no stream open comes
// first, at each number of writers, to tell the cost of the change itself from the cost of its delivery.
// On PGlite (warm start: a first start creates the database and is stopped, as its initdb leaves
// hundreds of MiB behind), or on PostgreSQL when DATABASE_URL is set: a fresh database
// `pact_bench_<random>` is then created on that server for the run and dropped at the end (the bus
// is LISTEN/NOTIFY there). The bench client shares the machine's cores with the server (and PostgreSQL).
// BENCH_BASE_DIR=<another checkout, built>: its server too, with its own database (or DATA_DIR), users and
// 1,000 streams, the two measured in turn at each step, so that before and after come from one run.
// Usage: npm run build && node bench/realtime.mjs
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/realtime.mjs
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, dropDatabase } from './db.mjs';
import { load, startServer } from './lib.mjs';
import {
  onEvent,
  phase,
  printPhase,
  quantiles,
  SESSIONS_PER_USER,
  STREAMS,
  streamStats,
  USERS,
} from './realtime-phases.mjs';
import { signedInUsers } from './seed.mjs';
import { openEventStream } from './sse.mjs';
import { checkouts } from './targets.mjs';

const STREAM_OPEN_CONCURRENCY = 50;
const WARMUP = 20;
/**
 * Writers (changes in flight), and the changes each run sends with no stream open (control) and with the
 * streams open. Each run has its own pair offsets (see change()), so that no request meets a pending one.
 */
const RUNS = [
  { writers: 1, control: 100, controlOffset: 6, measured: 200, offsets: [1] },
  { writers: 8, control: 200, controlOffset: 7, measured: 400, offsets: [2, 3] },
  { writers: 32, control: 200, controlOffset: 10, measured: 400, offsets: [8, 9] },
];
const TIME_LIMIT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 600) * 1000;

/** Every server measured: { name, label, server, db, dataDir, users, results }. */
const targets = [];
let timedOut = false;

/** A target's server and everything it leaves behind go. */
async function stopTarget(t) {
  await t.server?.stop().catch(() => {});
  if (t.dataDir) rmSync(t.dataDir, { recursive: true, force: true, maxRetries: 5 });
  if (t.db) await dropDatabase(t.db).catch((e) => console.error('drop database failed:', e.message));
}

// Everything stops by itself: past the time limit, the servers are killed and the run fails.
const deadline = setTimeout(async () => {
  timedOut = true;
  console.error(`realtime bench: time limit (${TIME_LIMIT_MS / 1000} s) reached, giving up`);
  setTimeout(() => process.exit(1), 10_000).unref();
  for (const t of targets) {
    try {
      process.kill(t.server.pid, 'SIGKILL');
    } catch {}
  }
  for (const t of targets) await stopTarget(t);
  process.exit(1);
}, TIME_LIMIT_MS);
deadline.unref();

/** The server's resident memory, from /proc. */
const rssMiB = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line[1]) / 1024;
};

/** A checkout's server on its own database (PostgreSQL) or its own DATA_DIR (PGlite, warm start). */
async function startTarget(checkout) {
  const t = { name: checkout.name, label: checkout.label, results: [] };
  targets.push(t);
  const env = { REQUIRE_EMAIL_VERIFICATION: 'false', HOST: '127.0.0.1' };
  if (process.env.DATABASE_URL) {
    t.db = await createDatabase(process.env.DATABASE_URL);
    const where = new URL(t.db.url);
    t.dbLabel = `PostgreSQL ${t.db.version} at ${where.host}, database ${t.db.name} (dropped at the end), LISTEN/NOTIFY bus`;
    env.DATABASE_URL = t.db.url;
  } else {
    // A first start on PGlite creates the database and leaves hundreds of MiB behind: measure the second.
    t.dataDir = mkdtempSync(path.join(os.tmpdir(), `pact-bench-rt-${t.name}-`));
    env.DATA_DIR = t.dataDir;
    t.server = await startServer(env, { cwd: checkout.cwd });
    await t.server.stop();
    t.dbLabel = 'PGlite (embedded, temporary DATA_DIR, warm start), in-process bus';
  }
  t.server = await startServer(env, { cwd: checkout.cwd });
  if (!(await fetch(`${t.server.url}/api/health`).catch(() => null))?.ok)
    throw new Error('server not healthy');
  return t;
}

/** Each target in turn, the first one changing from step to step. */
const inTurn = (step) => targets.map((_, j) => targets[(step + j) % targets.length]);

const controllers = [];
let exitCode = 0;
try {
  for (const checkout of checkouts()) await startTarget(checkout);
  const load0 = os.loadavg()[0];
  const named = targets.length > 1;
  const prefix = (t) => (named ? `${t.name}: ` : '');
  for (const t of targets) console.info(`${prefix(t)}database: ${t.dbLabel}${named ? `; ${t.label}` : ''}`);
  console.info(
    `${USERS} users x ${SESSIONS_PER_USER} sessions = ${STREAMS} event streams per server; changes: ${WARMUP} warm-up, ` +
      RUNS.map(
        (r) => `${r.writers} writer(s): ${r.control} with no stream open (control), ${r.measured} measured`,
      ).join('; '),
  );

  for (const t of targets) {
    const started = performance.now();
    t.users = await signedInUsers(t.server.url, USERS, SESSIONS_PER_USER);
    t.setupSeconds = (performance.now() - started) / 1000;
    await phase(t, 'warm-up', { total: WARMUP, writers: 1, offsetOf: () => 5, streamsOpen: false });
    t.results.length = 0;
  }
  for (const [step, { writers, control, controlOffset }] of RUNS.entries()) {
    for (const t of inTurn(step)) {
      const label = `control, no stream open, ${writers} writer(s)`;
      await phase(t, label, { total: control, writers, offsetOf: () => controlOffset, streamsOpen: false });
    }
  }

  await new Promise((r) => setTimeout(r, 1000));
  for (const t of targets) t.rssBefore = rssMiB(t.server.pid);
  for (const t of targets) {
    const openStarted = performance.now();
    await load(STREAMS, STREAM_OPEN_CONCURRENCY, async (k) => {
      const controller = new AbortController();
      controllers.push(controller);
      const cookie = t.users[k % USERS].cookies[Math.floor(k / USERS)];
      await openEventStream(
        `${t.server.url}/api/events`,
        cookie,
        controller,
        onEvent,
        () => streamStats.errors++,
      );
    });
    t.openSeconds = (performance.now() - openStarted) / 1000;
  }
  await new Promise((r) => setTimeout(r, 1000));
  for (const t of targets) t.rssWith = rssMiB(t.server.pid);

  for (const [step, { writers, measured, offsets }] of RUNS.entries()) {
    const offsetOf = (k) => offsets[Math.floor(k / USERS)];
    for (const t of inTurn(step)) {
      await phase(t, `${STREAMS} streams open, ${writers} writer(s)`, { total: measured, writers, offsetOf });
    }
  }
  for (const t of targets) t.rssAfter = rssMiB(t.server.pid);

  for (const t of targets) {
    console.info(
      `\n${prefix(t)}setup: ${USERS} registrations + ${USERS * (SESSIONS_PER_USER - 1)} logins in ${t.setupSeconds.toFixed(1)} s; ` +
        `${STREAMS} streams open and ready in ${t.openSeconds.toFixed(2)} s`,
    );
    for (const r of t.results) printPhase(prefix(t), r);
  }
  console.info(`\nsummary, ${STREAMS} streams open (${targets[0].dbLabel.split(',')[0]}):`);
  for (const { writers } of RUNS) {
    for (const t of targets) {
      const r = t.results.find((x) => x.streamsOpen && x.writers === writers);
      const ok = r.out.filter((x) => !x.lost);
      if (ok.length === 0) continue;
      const w = `${named ? `${t.name.padEnd(5)} ` : ''}${String(r.writers).padStart(2)} writer(s)`;
      console.info(`  ${w} sent -> partner's event        ${quantiles(ok.map((x) => x.sentToFirst))}`);
      console.info(`  ${w} commit -> event (lower bound)  ${quantiles(ok.map((x) => x.respToFirst))}`);
      console.info(
        `  ${w} ${(r.out.length / r.seconds).toFixed(0)} changes/s, lost ${r.out.length - ok.length}`,
      );
    }
  }
  console.info('');
  for (const t of targets) {
    console.info(
      `${prefix(t)}server RSS: ${t.rssBefore.toFixed(1)} MiB before the streams, ${t.rssWith.toFixed(1)} MiB with ${STREAMS} open` +
        ` (+${(((t.rssWith - t.rssBefore) * 1024) / STREAMS).toFixed(1)} KiB per stream), ${t.rssAfter.toFixed(1)} MiB after the changes`,
    );
  }
  // Other work on the machine shows in every figure: the 1-minute load average, before and after.
  console.info(
    `machine: ${os.availableParallelism()} CPUs, load average ${load0.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end`,
  );
  const counts = [...streamStats.counts].map(([name, n]) => `${name} ${n}`).join(', ');
  console.info(`events received: ${counts}; stream errors: ${streamStats.errors}`);
  const lost = targets.flatMap((t) => t.results.flatMap((r) => r.out)).filter((r) => r.lost).length;
  if (lost > 0 || streamStats.errors > 0) exitCode = 1;
} catch (error) {
  if (!timedOut) console.error('realtime bench failed:', error);
  exitCode = 1;
} finally {
  for (const c of controllers) c.abort();
  for (const t of targets) await stopTarget(t);
  clearTimeout(deadline);
}
process.exitCode = exitCode;
