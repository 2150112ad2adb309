// The journal: (1) live delivery, with 1,000 event streams open, from POST /api/journal/messages to the partner's
// `journal_message.created` event; (2) the first page of a conversation holding 10,000 messages (GET /api/journal/messages,
// the newest 50), over 200 loads. On PGlite (temporary DATA_DIR) or on PostgreSQL when DATABASE_URL is set
// (a fresh database `pact_bench_<random>`, dropped at the end; there the 10,000 messages go straight into
// the database, on PGlite through the API). The first page is measured as seeded, then after the planner's
// statistics are fresh (PGlite: a restart, whose maintenance runs ANALYZE; PostgreSQL: ANALYZE).
// BENCH_BASE_DIR=<another checkout, built>: its server too, with its own database (or DATA_DIR), couples
// and streams; each message and each measurement goes to the two in turn.
// BENCH_COUPLES (100) and BENCH_MESSAGES (300) make a shorter run.
// Usage: npm run build && node bench/journal.mjs
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/journal.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, createDatabase, dropDatabase } from './db.mjs';
import { load, startServer } from './lib.mjs';
import { createCouples, PASSWORD } from './seed.mjs';
import { openEventStream } from './sse.mjs';
import { checkouts } from './targets.mjs';

const COUPLES = Number(process.env.BENCH_COUPLES ?? 100);
const SESSIONS_PER_USER = 5;
const STREAMS = COUPLES * 2 * SESSIONS_PER_USER;
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 300);
const HISTORY = 10_000;
const LOADS = 200;
const TIME_LIMIT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 900) * 1000;

/** Every server measured: { name, cwd, env, server, db, dataDir, couples, controllers }. */
const targets = [];
const deadline = setTimeout(() => {
  console.error(`journal bench: time limit (${TIME_LIMIT_MS / 1000} s) reached, giving up`);
  process.exit(1);
}, TIME_LIMIT_MS);
deadline.unref();
process.once('exit', () => {
  for (const t of targets) if (t.dataDir) rmSync(t.dataDir, { recursive: true, force: true, maxRetries: 5 });
});

const quantiles = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(1).padStart(6);
  return `p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  p99 ${at(0.99)} ms  (n=${s.length})`;
};

const api = (t, method, url, body, cookie) =>
  fetch(`${t.server.url}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), cookie },
    body: body ? JSON.stringify(body) : undefined,
  });

async function login(t, email) {
  const res = await api(t, 'POST', '/api/auth/login', { email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`login ${res.status}`);
  await res.arrayBuffer();
  return res.headers.getSetCookie()[0].split(';')[0];
}

/** First arrival of `journal_message.created` per message id (unique across servers), on the receiver's streams. */
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
  if (name !== 'journal_message.created') return;
  const a = arrivalOf(JSON.parse(data).messageId);
  if (!a.at) {
    a.at = at;
    a.resolve();
  }
}
let streamErrors = 0;

async function firstPage(t, label) {
  const couple = t.couples[0];
  const url = `/api/journal/messages?partnerId=${couple.sub.id}`;
  const times = [];
  for (let i = 0; i < LOADS; i++) {
    const started = performance.now();
    const res = await api(t, 'GET', url, undefined, couple.dom.cookie);
    const body = await res.json();
    times.push(performance.now() - started);
    if (res.status !== 200 || body.messages.length !== 50) throw new Error(`first page: ${res.status}`);
  }
  console.info(`  ${t.prefix}first page of ${HISTORY} messages, ${label.padEnd(34)} ${quantiles(times)}`);
}

/** A server with its couples, their sessions and their streams open. */
async function setUp(checkout) {
  const t = { ...checkout, controllers: [], delays: [], posts: [] };
  targets.push(t);
  t.env = { REQUIRE_EMAIL_VERIFICATION: 'false', HOST: '127.0.0.1' };
  if (process.env.DATABASE_URL) {
    t.db = await createDatabase(process.env.DATABASE_URL);
    t.env.DATABASE_URL = t.db.url;
  } else {
    t.dataDir = mkdtempSync(path.join(os.tmpdir(), `pact-bench-journal-${t.name}-`));
    t.env.DATA_DIR = t.dataDir;
  }
  t.server = await startServer(t.env, { cwd: t.cwd });
  t.couples = await createCouples(t.server.url, COUPLES, 0);
  const users = t.couples.flatMap((c) => [c.dom, c.sub]);
  for (const u of users) u.cookies = [u.cookie];
  await load(users.length * (SESSIONS_PER_USER - 1), 4, async (k) => {
    const u = users[k % users.length];
    u.cookies.push(await login(t, u.email));
  });
  await load(STREAMS, 50, async (k) => {
    const controller = new AbortController();
    t.controllers.push(controller);
    const u = users[k % users.length];
    const cookie = u.cookies[Math.floor(k / users.length)];
    await openEventStream(`${t.server.url}/api/events`, cookie, controller, onEvent, () => streamErrors++);
  });
  return t;
}

/** 10,000 messages in the first couple's conversation. */
async function seedHistory(t) {
  const heavy = t.couples[0];
  if (t.db) {
    await adminQuery(
      t.db.url,
      `insert into journal_messages (pair_id, sender_id, receiver_id, content, tone, created_at)
       select p.id, case when g % 2 = 0 then $1::uuid else $2::uuid end, case when g % 2 = 0 then $2::uuid else $1::uuid end,
              'Seeded message number ' || g, (array['green','yellow','red'])[1 + g % 3], now() - make_interval(secs => $3 - g)
       from pairs p, generate_series(1, $3) g where p.dominant_id = $1 and p.submissive_id = $2`,
      [heavy.dom.id, heavy.sub.id, HISTORY],
    );
    return;
  }
  await load(HISTORY, 8, async (i) => {
    const body = { partnerId: heavy.sub.id, content: `Seeded ${i}` };
    const res = await api(t, 'POST', '/api/journal/messages', body, heavy.dom.cookie);
    if (res.status !== 201) throw new Error(`seed ${res.status}`);
    await res.arrayBuffer();
  });
}

let exitCode = 0;
try {
  for (const checkout of checkouts()) await setUp(checkout);
  const named = targets.length > 1;
  for (const t of targets) t.prefix = named ? `${t.name}: ` : '';
  const label = process.env.DATABASE_URL ? `PostgreSQL ${targets[0].db.version}` : 'PGlite';
  console.info(
    `journal bench on ${label}: ${COUPLES} couples, ${STREAMS} streams, ${MESSAGES} messages per server`,
  );

  // 1. Send -> the partner's event, one message at a time, couples in turn, either partner writing.
  for (let i = 0; i < MESSAGES; i++) {
    for (const t of i % 2 ? [...targets].reverse() : targets) {
      const c = t.couples[i % COUPLES];
      const [from, to] = i % 2 ? [c.sub, c.dom] : [c.dom, c.sub];
      const t0 = performance.now();
      const body = { partnerId: to.id, content: `Message ${i}`, tone: 'green' };
      const res = await api(t, 'POST', '/api/journal/messages', body, from.cookie);
      const { message } = await res.json();
      t.posts.push(performance.now() - t0);
      if (res.status !== 201) throw new Error(`POST /api/journal/messages ${res.status}`);
      const a = arrivalOf(message.id);
      await Promise.race([a.p, new Promise((r) => setTimeout(r, 10_000))]);
      if (!a.at) throw new Error(`no event for message ${i}`);
      t.delays.push(a.at - t0);
    }
  }
  for (const t of targets) {
    console.info(
      `  ${t.prefix}journal message send -> partner's event (${STREAMS} streams open)  ${quantiles(t.delays)}`,
    );
    console.info(
      `  ${t.prefix}POST /api/journal/messages latency                                   ${quantiles(t.posts)}`,
    );
    for (const c of t.controllers) c.abort();
  }

  // 2. A conversation of 10,000 messages.
  for (const t of targets) {
    const seedStarted = performance.now();
    await seedHistory(t);
    console.info(
      `  ${t.prefix}seeded ${HISTORY} messages in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
  }
  for (const t of targets) await firstPage(t, 'as seeded (no fresh statistics)');
  for (const t of targets) {
    if (t.db) await adminQuery(t.db.url, 'analyze journal_messages');
    else {
      await t.server.stop();
      t.server = await startServer(t.env, { cwd: t.cwd });
    }
  }
  const fresh = targets[0].db ? 'after ANALYZE' : 'after a restart (maintenance ANALYZE)';
  for (const t of [...targets].reverse()) await firstPage(t, fresh);
  console.info(`  stream errors: ${streamErrors}; machine load ${os.loadavg()[0].toFixed(2)}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  for (const t of targets) {
    for (const c of t.controllers) c.abort();
    await t.server?.stop().catch(() => {});
    if (t.db) await dropDatabase(t.db).catch(() => {});
  }
  process.exit(exitCode);
}
