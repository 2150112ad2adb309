// The journal: (1) live delivery, with 1,000 event streams open, from POST /api/notes to the partner's
// `note.created` event; (2) the first page of a conversation holding 10,000 messages (GET /api/notes,
// the newest 50), over 200 loads. On PGlite (temporary DATA_DIR) or on PostgreSQL when DATABASE_URL is set
// (a fresh database `pact_bench_<random>`, dropped at the end; there the 10,000 messages go straight into
// the database, on PGlite through the API). The first page is measured as seeded, then after the planner's
// statistics are fresh (PGlite: a restart, whose maintenance runs ANALYZE; PostgreSQL: ANALYZE).
// Usage: npm run build && node bench/journal.mjs
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/journal.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, createDatabase, dropDatabase } from './db.mjs';
import { load, startServer } from './lib.mjs';
import { createCouples, PASSWORD } from './seed.mjs';
import { openEventStream } from './sse.mjs';

const COUPLES = 100;
const SESSIONS_PER_USER = 5;
const STREAMS = COUPLES * 2 * SESSIONS_PER_USER;
const MESSAGES = 300;
const HISTORY = 10_000;
const LOADS = 200;
const TIME_LIMIT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 900) * 1000;

let server = null;
let benchDb = null;
let dataDir = null;
const deadline = setTimeout(() => {
  console.error(`journal bench: time limit (${TIME_LIMIT_MS / 1000} s) reached, giving up`);
  process.exit(1);
}, TIME_LIMIT_MS);
deadline.unref();
process.once('exit', () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
});

const quantiles = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(1).padStart(6);
  return `p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  p99 ${at(0.99)} ms  (n=${s.length})`;
};

const api = (method, url, body, cookie) =>
  fetch(`${server.url}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), cookie },
    body: body ? JSON.stringify(body) : undefined,
  });

async function login(email) {
  const res = await api('POST', '/api/auth/login', { email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`login ${res.status}`);
  await res.arrayBuffer();
  return res.headers.getSetCookie()[0].split(';')[0];
}

/** First arrival of `note.created` per note id, on the receiver's streams. */
const arrivals = new Map();
const arrivalOf = (id) => {
  let a = arrivals.get(id);
  if (!a) {
    a = {};
    a.p = new Promise((r) => {
      a.resolve = r;
    });
    arrivals.set(id, a);
  }
  return a;
};
function onEvent(name, data, at) {
  if (name !== 'note.created') return;
  const a = arrivalOf(JSON.parse(data).noteId);
  if (!a.at) {
    a.at = at;
    a.resolve();
  }
}

async function firstPage(label, couple) {
  const url = `/api/notes?partnerId=${couple.sub.id}`;
  const times = [];
  for (let i = 0; i < LOADS; i++) {
    const t = performance.now();
    const res = await api('GET', url, undefined, couple.dom.cookie);
    const body = await res.json();
    times.push(performance.now() - t);
    if (res.status !== 200 || body.messages.length !== 50) throw new Error(`first page: ${res.status}`);
  }
  console.info(`  first page of ${HISTORY} messages, ${label.padEnd(34)} ${quantiles(times)}`);
}

let exitCode = 0;
try {
  const env = { REQUIRE_EMAIL_VERIFICATION: 'false', HOST: '127.0.0.1' };
  let label;
  if (process.env.DATABASE_URL) {
    benchDb = await createDatabase(process.env.DATABASE_URL);
    env.DATABASE_URL = benchDb.url;
    label = `PostgreSQL ${benchDb.version}`;
  } else {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pact-bench-journal-'));
    env.DATA_DIR = dataDir;
    label = 'PGlite';
  }
  server = await startServer(env);
  console.info(`journal bench on ${label}: ${COUPLES} couples, ${STREAMS} streams, ${MESSAGES} messages`);
  const couples = await createCouples(server.url, COUPLES, 0);
  const users = couples.flatMap((c) => [c.dom, c.sub]);
  for (const u of users) u.cookies = [u.cookie];
  await load(users.length * (SESSIONS_PER_USER - 1), 4, async (k) => {
    const u = users[k % users.length];
    u.cookies.push(await login(u.email));
  });
  const controllers = [];
  let streamErrors = 0;
  await load(STREAMS, 50, async (k) => {
    const controller = new AbortController();
    controllers.push(controller);
    const u = users[k % users.length];
    const cookie = u.cookies[Math.floor(k / users.length)];
    await openEventStream(`${server.url}/api/events`, cookie, controller, onEvent, () => streamErrors++);
  });

  // 1. Send -> the partner's event, one message at a time, couples in turn, either partner writing.
  const delays = [];
  const posts = [];
  for (let i = 0; i < MESSAGES; i++) {
    const c = couples[i % COUPLES];
    const [from, to] = i % 2 ? [c.sub, c.dom] : [c.dom, c.sub];
    const t0 = performance.now();
    const res = await api(
      'POST',
      '/api/notes',
      { partnerId: to.id, content: `Message ${i}`, tone: 'green' },
      from.cookie,
    );
    const { message } = await res.json();
    posts.push(performance.now() - t0);
    if (res.status !== 201) throw new Error(`POST /api/notes ${res.status}`);
    const a = arrivalOf(message.id);
    await Promise.race([a.p, new Promise((r) => setTimeout(r, 10_000))]);
    if (!a.at) throw new Error(`no event for message ${i}`);
    delays.push(a.at - t0);
  }
  console.info(`  journal message send -> partner's event (${STREAMS} streams open)  ${quantiles(delays)}`);
  console.info(`  POST /api/notes latency                                   ${quantiles(posts)}`);
  for (const c of controllers) c.abort();

  // 2. A conversation of 10,000 messages.
  const heavy = couples[0];
  const seedStarted = performance.now();
  if (benchDb) {
    await adminQuery(
      benchDb.url,
      `insert into notes (pair_id, sender_id, receiver_id, content, tone, created_at)
       select p.id, case when g % 2 = 0 then $1::uuid else $2::uuid end, case when g % 2 = 0 then $2::uuid else $1::uuid end,
              'Seeded message number ' || g, (array['green','yellow','red'])[1 + g % 3], now() - make_interval(secs => $3 - g)
       from pairs p, generate_series(1, $3) g where p.dominant_id = $1 and p.submissive_id = $2`,
      [heavy.dom.id, heavy.sub.id, HISTORY],
    );
  } else {
    await load(HISTORY, 8, async (i) => {
      const res = await api(
        'POST',
        '/api/notes',
        { partnerId: heavy.sub.id, content: `Seeded ${i}` },
        heavy.dom.cookie,
      );
      if (res.status !== 201) throw new Error(`seed ${res.status}`);
      await res.arrayBuffer();
    });
  }
  console.info(`  seeded ${HISTORY} messages in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  await firstPage('as seeded (no fresh statistics)', heavy);
  if (benchDb) {
    await adminQuery(benchDb.url, 'analyze notes');
    await firstPage('after ANALYZE', heavy);
  } else {
    await server.stop();
    server = await startServer(env);
    await firstPage('after a restart (maintenance ANALYZE)', heavy);
  }
  console.info(`  stream errors: ${streamErrors}; machine load ${os.loadavg()[0].toFixed(2)}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await server?.stop().catch(() => {});
  if (benchDb) await dropDatabase(benchDb).catch(() => {});
  process.exit(exitCode);
}
