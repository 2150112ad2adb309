// Realtime delivery under load: 1,000 open event streams (GET /api/events), then the delay from a
// committed change (a connection request, POST /api/partner-requests) to the receiver's SSE event
// `partner_request.created`, sequentially (latency) and with 8 changes in flight (throughput); plus
// the server's memory (VmRSS) before and with the streams open. A control run of the same changes with
// no stream open comes first, to tell the cost of the change itself from the cost of its delivery.
// On PGlite (warm start: a first start creates the database and is stopped, as its initdb leaves
// hundreds of MiB behind), or on PostgreSQL when DATABASE_URL is set: a fresh database
// `pact_bench_<random>` is then created on that server for the run and dropped at the end (the bus
// is LISTEN/NOTIFY there). The bench client shares the machine's cores with the server (and PostgreSQL).
// Usage: npm run build && node bench/realtime.mjs
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/realtime.mjs
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { load, startServer } from './lib.mjs';

const USERS = 200;
/** Each user logs in this many times (registration gives the first session); one stream per session. */
const SESSIONS_PER_USER = 5;
const STREAMS = USERS * SESSIONS_PER_USER;
const SETUP_CONCURRENCY = 4; // argon2id hashes and checks: a few at a time on a 2-core machine
const STREAM_OPEN_CONCURRENCY = 50;
const WARMUP = 20;
const CONTROL_SEQUENTIAL = 100;
const CONTROL_CONCURRENT = 200;
const SEQUENTIAL = 200;
const CONCURRENT = 400;
const CONCURRENCY = 8;
const EVENT_TIMEOUT_MS = 10_000;
const TIME_LIMIT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 600) * 1000;
const PASSWORD = 'Bench#Mark2026';

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

// --- database -----------------------------------------------------------------------------------

async function adminQuery(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function createDatabase(adminUrl) {
  const name = `pact_bench_${randomBytes(4).toString('hex')}`;
  const [version] = (await adminQuery(adminUrl, 'show server_version')).rows.map((r) => r.server_version);
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { adminUrl, name, url: url.toString(), version };
}

async function dropDatabase(db) {
  await adminQuery(db.adminUrl, `drop database if exists ${db.name} with (force)`);
}

// --- server process: memory and CPU from /proc -----------------------------------------------------

const rssMiB = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line[1]) / 1024;
};
const CLK_TCK = (() => {
  try {
    return Number(execSync('getconf CLK_TCK', { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();
/** User + system CPU time of the process, in ms. */
const cpuMs = (pid) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
};

// --- HTTP ---------------------------------------------------------------------------------------

const post = (path, body, cookie) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const sessionCookie = (res) => res.headers.getSetCookie()[0].split(';')[0];

// --- SSE: a fetch stream parsed by hand (Node 20 has no EventSource) --------------------------------

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

/** Opens one stream; resolves once its `ready` event is in. */
async function openStream(cookie, controller) {
  const res = await fetch(`${server.url}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`GET /api/events ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let ready;
  const readyP = new Promise((resolve, reject) => {
    ready = { resolve, reject };
  });
  (async () => {
    let buffer = '';
    let event = 'message';
    let data = [];
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const at = performance.now();
        buffer += value;
        let nl = buffer.indexOf('\n');
        while (nl >= 0) {
          const line = buffer.slice(0, nl).replace(/\r$/, '');
          buffer = buffer.slice(nl + 1);
          if (line === '') {
            if (event === 'ready') ready.resolve();
            else onEvent(event, data.join('\n'), at);
            event = 'message';
            data = [];
          } else if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          nl = buffer.indexOf('\n');
        }
      }
      ready.reject(new Error('stream ended before ready'));
    } catch (error) {
      if (!controller.signal.aborted) streamErrors++;
      ready.reject(error);
    }
  })();
  return readyP;
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

async function phase(label, users, total, concurrency, offsetOf, streamsOpen = true) {
  const cpu0 = cpuMs(server.pid);
  const client0 = process.cpuUsage();
  const out = [];
  const { seconds } = await load(total, concurrency, async (k) => {
    out.push(await change(users, k, offsetOf(k), streamsOpen));
  });
  const cpu = cpuMs(server.pid) - cpu0;
  const client = process.cpuUsage(client0);
  results.push({ label, out, seconds, cpu, clientCpu: (client.user + client.system) / 1000, streamsOpen });
}

const pct = (values, q) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

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
  const row = (name, values) =>
    console.info(
      `  ${name.padEnd(38)} p50 ${pct(values, 0.5).toFixed(1).padStart(7)} ms  p95 ${pct(values, 0.95)
        .toFixed(1)
        .padStart(7)} ms  p99 ${pct(values, 0.99).toFixed(1).padStart(7)} ms  max ${Math.max(...values)
        .toFixed(1)
        .padStart(7)} ms`,
    );
  if (ok.length > 0 && streamsOpen) {
    row(
      'request sent -> event (1st stream)',
      ok.map((r) => r.sentToFirst),
    );
    row(
      'response headers -> event (>= 0)',
      ok.map((r) => r.respToFirst),
    );
    row(
      `request sent -> event (all ${SESSIONS_PER_USER} streams)`,
      ok.map((r) => r.sentToAll),
    );
  }
  row(
    'POST /api/partner-requests latency',
    out.map((r) => r.post),
  );
  row(
    '  of which headers -> end of body',
    out.map((r) => r.body),
  );
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
      `${CONTROL_SEQUENTIAL} + ${CONTROL_CONCURRENT} with no stream open (control), ` +
      `${SEQUENTIAL} sequential + ${CONCURRENT} concurrent (c=${CONCURRENCY}) measured with the streams open`,
  );

  const setupStarted = performance.now();
  const stamp = Date.now();
  const users = [];
  await load(USERS, SETUP_CONCURRENCY, async (i) => {
    const email = `rt${i}-${stamp}@example.com`;
    const res = await post('/api/auth/register', {
      displayName: `Realtime ${i}`,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: i % 2 ? 'submissive' : 'dominant',
      ageConfirmed: true,
    });
    if (res.status !== 201) throw new Error(`register ${res.status}: ${await res.text()}`);
    const body = await res.json();
    users[i] = { email, id: body.user.id, cookies: [sessionCookie(res)] };
  });
  await load(USERS * (SESSIONS_PER_USER - 1), SETUP_CONCURRENCY, async (k) => {
    const user = users[k % USERS];
    const res = await post('/api/auth/login', { email: user.email, password: PASSWORD });
    if (res.status !== 200) throw new Error(`login ${res.status}: ${await res.text()}`);
    user.cookies.push(sessionCookie(res));
    await res.arrayBuffer();
  });
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  await phase('warm-up', users, WARMUP, 1, () => 5, false);
  results.length = 0;
  await phase('control, no stream open (c=1)', users, CONTROL_SEQUENTIAL, 1, () => 6, false);
  await phase(
    `control, no stream open (c=${CONCURRENCY})`,
    users,
    CONTROL_CONCURRENT,
    CONCURRENCY,
    () => 7,
    false,
  );

  await new Promise((r) => setTimeout(r, 1000));
  const rssBefore = rssMiB(server.pid);
  const openStarted = performance.now();
  await load(STREAMS, STREAM_OPEN_CONCURRENCY, async (k) => {
    const controller = new AbortController();
    controllers.push(controller);
    await openStream(users[k % USERS].cookies[Math.floor(k / USERS)], controller);
  });
  const openSeconds = (performance.now() - openStarted) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const rssWith = rssMiB(server.pid);

  await phase('sequential (c=1)', users, SEQUENTIAL, 1, () => 1);
  await phase(
    `concurrent (c=${CONCURRENCY})`,
    users,
    CONCURRENT,
    CONCURRENCY,
    (k) => 2 + Math.floor(k / USERS),
  );
  const rssAfter = rssMiB(server.pid);

  console.info(
    `\nsetup: ${USERS} registrations + ${USERS * (SESSIONS_PER_USER - 1)} logins in ${setupSeconds.toFixed(1)} s; ` +
      `${STREAMS} streams open and ready in ${openSeconds.toFixed(2)} s`,
  );
  for (const r of results) printPhase(r);
  const measured = results.filter((r) => r.streamsOpen);
  const all = measured.flatMap((r) => r.out).filter((r) => !r.lost);
  const sent = all.map((r) => r.sentToFirst);
  const seconds = measured.reduce((sum, r) => sum + r.seconds, 0);
  console.info(
    `\nall ${all.length} changes measured with ${STREAMS} streams open, request sent -> first event:` +
      ` p50 ${pct(sent, 0.5).toFixed(1)} ms  p95 ${pct(sent, 0.95).toFixed(1)} ms  p99 ${pct(sent, 0.99).toFixed(1)} ms` +
      `  (${(all.length / seconds).toFixed(0)} changes/s over both phases)`,
  );
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
