// Realtime delivery under load: 1,000 open event streams (GET /api/events), then the delay from a
// committed change (a connection request, POST /api/partner-requests) to the partner's SSE event
// `partner_request.created`, with 1, 8 and 32 writers (changes in flight); plus the server's memory
// (VmRSS) before and with the streams open. A control run of the same changes with no stream open comes
// first, at each number of writers, to tell the cost of the change itself from the cost of its delivery.
// On PGlite (warm start: a first start creates the database and is stopped, as its initdb leaves
// hundreds of MiB behind), or on PostgreSQL when DATABASE_URL is set: a fresh database
// `pact_bench_<random>` is then created on that server for the run and dropped at the end (the bus
// is LISTEN/NOTIFY there). The bench client shares the machine's cores with the server (and PostgreSQL).
// Usage: npm run build && node bench/realtime.mjs
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/realtime.mjs
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMs, createDatabase, dropDatabase } from './db.mjs';
import { percentile } from './http-load.mjs';
import { load, startServer } from './lib.mjs';
import { signedInUsers } from './seed.mjs';
import { openEventStream } from './sse.mjs';

const USERS = 200;
/** Each user logs in this many times (registration gives the first session); one stream per session. */
const SESSIONS_PER_USER = 5;
const STREAMS = USERS * SESSIONS_PER_USER;
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
const EVENT_TIMEOUT_MS = 10_000;
const TIME_LIMIT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 600) * 1000;

// Everything stops by itself: past the time limit, the server is killed and the run fails.
let server = null;
let benchDb = null;
let dataDir = null;
let timedOut = false;
const deadline = setTimeout(async () => {
  timedOut = true;
  console.error(`realtime bench: time limit (${TIME_LIMIT_MS / 1000} s) reached, giving up`);
  setTimeout(() => process.exit(1), 10_000).unref();
  try {
    process.kill(server.pid, 'SIGKILL');
  } catch {}
  await server?.stop().catch(() => {});
  // A server still starting is killed on exit (lib.mjs); its files may then need a few tries.
  process.once('exit', () => {
    try {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    } catch {}
  });
  if (benchDb) await dropDatabase(benchDb).catch(() => {});
  process.exit(1);
}, TIME_LIMIT_MS);
deadline.unref();

/** The server's resident memory, from /proc. */
const rssMiB = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line[1]) / 1024;
};

const post = (path, body, cookie) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

// --- events: first and last arrival per change -----------------------------------------------------

/** First (and last) arrival of `partner_request.created` per request id, over every stream. */
const arrivals = new Map();
const arrival = (requestId) => {
  let a = arrivals.get(requestId);
  if (!a) {
    a = { first: 0, last: 0, count: 0, expected: SESSIONS_PER_USER };
    a.firstP = new Promise((r) => {
      a.onFirst = r;
    });
    a.allP = new Promise((r) => {
      a.onAll = r;
    });
    arrivals.set(requestId, a);
  }
  return a;
};
let streamErrors = 0;
const eventCounts = new Map();

function onEvent(name, data, at) {
  eventCounts.set(name, (eventCounts.get(name) ?? 0) + 1);
  if (name === 'partner_request.created') {
    const a = arrival(JSON.parse(data).requestId);
    a.count++;
    if (a.count === 1) {
      a.first = at;
      a.onFirst();
    }
    if (a.count === a.expected) {
      a.last = at;
      a.onAll();
    }
  }
}

// --- measurement ----------------------------------------------------------------------------------

/**
 * One change: users[i] asks users[(i + offset) % USERS] to connect. Each (i, offset) with
 * 0 < offset < USERS / 2 names a distinct unordered couple, so no request meets a pending one.
 *
 * The change commits somewhere between the moment the POST leaves (t0) and the moment the response
 * headers arrive (tHeaders): the service commits, publishes, then the handler returns and the
 * headers go out. So for the first stream's event at t1, the true commit-to-event delay lies between
 * (t1 - tHeaders) and (t1 - t0). The lower bound is clamped at 0: the event can arrive before the
 * response (it is handed to the streams before the handler returns; on PostgreSQL it comes back
 * through LISTEN). The POST latency is to the end of the body, which can trail the headers by
 * milliseconds (API responses all go through the gzip middleware, whatever their size), so that gap
 * is printed as its own row.
 */
const results = [];
async function change(users, i, offset, streamsOpen) {
  const a = users[i % USERS];
  const b = users[(i + offset) % USERS];
  const t0 = performance.now();
  const res = await post('/api/partner-requests', { receiverId: b.id }, a.cookies[0]);
  const tHeaders = performance.now();
  if (res.status !== 201) throw new Error(`POST /api/partner-requests ${res.status}: ${await res.text()}`);
  const { request } = await res.json();
  const tResp = performance.now();
  const timing = { post: tResp - t0, body: tResp - tHeaders };
  if (!streamsOpen) return { lost: false, ...timing };
  const got = arrival(request.id);
  let timer;
  const timeout = new Promise((r) => {
    timer = setTimeout(() => r('timeout'), EVENT_TIMEOUT_MS);
  });
  const outcome = await Promise.race([got.allP, timeout]);
  clearTimeout(timer);
  if (outcome === 'timeout') return { lost: true, ...timing, delivered: got.count };
  return {
    lost: false,
    ...timing,
    sentToFirst: got.first - t0,
    respToFirst: Math.max(0, got.first - tHeaders),
    beforeResponse: got.first < tHeaders,
    sentToAll: got.last - t0,
  };
}

async function phase(label, users, { total, writers, offsetOf, streamsOpen = true }) {
  const cpu0 = cpuMs(server.pid);
  const client0 = process.cpuUsage();
  const out = [];
  const { seconds } = await load(total, writers, async (k) => {
    out.push(await change(users, k, offsetOf(k), streamsOpen));
  });
  const cpu = cpuMs(server.pid) - cpu0;
  const client = process.cpuUsage(client0);
  const clientCpu = (client.user + client.system) / 1000;
  results.push({ label, writers, out, seconds, cpu, clientCpu, streamsOpen });
}

/** p50, p90, p99 and max of `values` (ms). */
function quantiles(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const at = (q) => (q === 1 ? sorted.at(-1) : percentile(sorted, q)).toFixed(1).padStart(7);
  return `p50 ${at(0.5)} ms  p90 ${at(0.9)} ms  p99 ${at(0.99)} ms  max ${at(1)} ms`;
}

function printPhase({ label, out, seconds, cpu, clientCpu, streamsOpen }) {
  const ok = out.filter((r) => !r.lost);
  const lost = out.length - ok.length;
  console.info(
    `\n${label}: ${out.length} changes in ${seconds.toFixed(2)} s = ${(out.length / seconds).toFixed(0)} changes/s` +
      `; CPU per change: server ${(cpu / out.length).toFixed(1)} ms, bench client ${(clientCpu / out.length).toFixed(1)} ms` +
      (streamsOpen
        ? `; lost ${lost}; event before response headers ${ok.filter((r) => r.beforeResponse).length}/${ok.length}`
        : ''),
  );
  const rows = [
    ["request sent -> partner's event (1st stream)", ok.map((r) => r.sentToFirst)],
    ['commit -> event, lower bound (headers -> event)', ok.map((r) => r.respToFirst)],
    [`request sent -> event (all ${SESSIONS_PER_USER} streams)`, ok.map((r) => r.sentToAll)],
  ];
  if (!streamsOpen || ok.length === 0) rows.length = 0;
  rows.push(['POST /api/partner-requests latency', out.map((r) => r.post)]);
  rows.push(['  of which headers -> end of body', out.map((r) => r.body)]);
  for (const [name, values] of rows) console.info(`  ${name.padEnd(48)} ${quantiles(values)}`);
}

// --- run ------------------------------------------------------------------------------------------

const controllers = [];
let exitCode = 0;
try {
  let dbLabel;
  const env = { REQUIRE_EMAIL_VERIFICATION: 'false', HOST: '127.0.0.1' };
  if (process.env.DATABASE_URL) {
    benchDb = await createDatabase(process.env.DATABASE_URL);
    const where = new URL(benchDb.url);
    dbLabel = `PostgreSQL ${benchDb.version} at ${where.host}, database ${benchDb.name} (dropped at the end), LISTEN/NOTIFY bus`;
    env.DATABASE_URL = benchDb.url;
  } else {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pact-bench-rt-'));
    env.DATA_DIR = dataDir;
    server = await startServer(env);
    await server.stop();
    dbLabel = 'PGlite (embedded, temporary DATA_DIR, warm start), in-process bus';
  }
  server = await startServer(env);
  if (!(await fetch(`${server.url}/api/health`).catch(() => null))?.ok) throw new Error('server not healthy');
  const load0 = os.loadavg()[0];
  console.info(`database: ${dbLabel}`);
  console.info(
    `${USERS} users x ${SESSIONS_PER_USER} sessions = ${STREAMS} event streams; changes: ${WARMUP} warm-up, ` +
      RUNS.map(
        (r) => `${r.writers} writer(s): ${r.control} with no stream open (control), ${r.measured} measured`,
      ).join('; '),
  );

  const setupStarted = performance.now();
  const users = await signedInUsers(server.url, USERS, SESSIONS_PER_USER);
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  await phase('warm-up', users, { total: WARMUP, writers: 1, offsetOf: () => 5, streamsOpen: false });
  results.length = 0;
  for (const { writers, control, controlOffset } of RUNS) {
    const label = `control, no stream open, ${writers} writer(s)`;
    await phase(label, users, { total: control, writers, offsetOf: () => controlOffset, streamsOpen: false });
  }

  await new Promise((r) => setTimeout(r, 1000));
  const rssBefore = rssMiB(server.pid);
  const openStarted = performance.now();
  await load(STREAMS, STREAM_OPEN_CONCURRENCY, async (k) => {
    const controller = new AbortController();
    controllers.push(controller);
    const cookie = users[k % USERS].cookies[Math.floor(k / USERS)];
    await openEventStream(`${server.url}/api/events`, cookie, controller, onEvent, () => streamErrors++);
  });
  const openSeconds = (performance.now() - openStarted) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const rssWith = rssMiB(server.pid);

  for (const { writers, measured, offsets } of RUNS) {
    const offsetOf = (k) => offsets[Math.floor(k / USERS)];
    await phase(`${STREAMS} streams open, ${writers} writer(s)`, users, {
      total: measured,
      writers,
      offsetOf,
    });
  }
  const rssAfter = rssMiB(server.pid);

  console.info(
    `\nsetup: ${USERS} registrations + ${USERS * (SESSIONS_PER_USER - 1)} logins in ${setupSeconds.toFixed(1)} s; ` +
      `${STREAMS} streams open and ready in ${openSeconds.toFixed(2)} s`,
  );
  for (const r of results) printPhase(r);
  console.info(`\nsummary, ${STREAMS} streams open (${dbLabel.split(',')[0]}):`);
  for (const r of results.filter((x) => x.streamsOpen)) {
    const ok = r.out.filter((x) => !x.lost);
    if (ok.length === 0) continue;
    const w = `${String(r.writers).padStart(2)} writer(s)`;
    console.info(`  ${w} sent -> partner's event        ${quantiles(ok.map((x) => x.sentToFirst))}`);
    console.info(`  ${w} commit -> event (lower bound)  ${quantiles(ok.map((x) => x.respToFirst))}`);
    console.info(
      `  ${w} ${(r.out.length / r.seconds).toFixed(0)} changes/s, lost ${r.out.length - ok.length}`,
    );
  }
  console.info(
    `\nserver RSS: ${rssBefore.toFixed(1)} MiB before the streams, ${rssWith.toFixed(1)} MiB with ${STREAMS} open` +
      ` (+${(((rssWith - rssBefore) * 1024) / STREAMS).toFixed(1)} KiB per stream), ${rssAfter.toFixed(1)} MiB after the changes`,
  );
  // Other work on the machine shows in every figure: the 1-minute load average, before and after.
  console.info(
    `machine: ${os.availableParallelism()} CPUs, load average ${load0.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end`,
  );
  const counts = [...eventCounts].map(([name, n]) => `${name} ${n}`).join(', ');
  console.info(`events received: ${counts}; stream errors: ${streamErrors}`);
  const lost = results.flatMap((r) => r.out).filter((r) => r.lost).length;
  if (lost > 0 || streamErrors > 0) exitCode = 1;
} catch (error) {
  if (!timedOut) console.error('realtime bench failed:', error);
  exitCode = 1;
} finally {
  for (const c of controllers) c.abort();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (benchDb) await dropDatabase(benchDb).catch((e) => console.error('drop database failed:', e.message));
}
process.exitCode = exitCode;
