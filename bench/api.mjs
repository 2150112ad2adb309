// The task API under load: the task list (GET /api/tasks) and task completion
// (POST /api/tasks/:id/complete) by many signed-in couples, from a second process against the built
// server; then, with the server stopped, the bare SQL of the list query through the same driver on the
// same database (and the four statements one GET sends), so the cost of the HTTP/auth/present path is a
// ratio measured in one run. Wall-clock figures depend on what else runs on the machine; CPU time per
// request (server process, PostgreSQL backends, this process) depends much less on it.
// On PGlite (the server's DATA_DIR/db, reopened by this process once the server has let go of it), or on
// PostgreSQL when DATABASE_URL is set: a fresh database `pact_bench_<random>` is then created on that
// server for the run and dropped at the end.
// Usage: npm run build && node bench/api.mjs
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/api.mjs
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { load, startServer } from './lib.mjs';

const COUPLES = 50;
const TASKS_PER_COUPLE = 20;
const SETUP_CONCURRENCY = 4; // argon2id hashes: a few at a time on a small machine
const CONCURRENCY = 16;
const WARMUP = 300;
const LIST_REQUESTS = 5000;
const COMPLETIONS = COUPLES * TASKS_PER_COUPLE; // every task once
const SQL_QUERIES = LIST_REQUESTS;
/** The server's pool (src/server/db/client.ts). */
const POOL_MAX = 10;
const TIME_LIMIT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 600) * 1000;
const PASSWORD = 'Bench#Mark2026';

// The statements of one GET /api/tasks, as the server sends them (drizzle, better-auth's adapter):
// the session and its user (requireSession), the reopen-cycles UPDATE (one statement), the list query
// (listTasks: taskQuery + activePairIdsOf).
const SESSION_SQL = `select "id", "token", "user_id", "expires_at", "ip_address", "user_agent", "session_role", "created_at", "updated_at" from "sessions" where "sessions"."token" = $1`;
const USER_SQL = `select "id", "display_name", "email", "email_verified", "photo_url", "role", "username", "time_zone", "last_visit_at", "created_at", "updated_at" from "users" where "users"."id" = $1`;
const REOPEN_SQL = `update "tasks" set "updated_at" = $1, "completed" = $2, "completed_at" = $3, "completed_by" = $4, "completion_on_time" = $5, "completion_lateness_seconds" = $6, "cycle_reopens_at" = $7 from "pairs" where ("pairs"."id" = "tasks"."pair_id" and "tasks"."completed" = $8 and "tasks"."cycle_reopens_at" <= $9 and "tasks"."pair_id" in (select "pairs"."id" from "pairs" where "pairs"."status" = 'active' and ("pairs"."dominant_id" = $10 or "pairs"."submissive_id" = $11))) returning "tasks"."id", "pairs"."id", "pairs"."dominant_id", "pairs"."submissive_id"`;
const LIST_SQL = `select "tasks"."id", "tasks"."pair_id", "tasks"."title", "tasks"."description", "tasks"."created_at", "tasks"."updated_at", "tasks"."due_date", "tasks"."completed", "tasks"."completed_at", "tasks"."completed_by", "tasks"."completion_on_time", "tasks"."completion_lateness_seconds", "tasks"."assigned_by", "tasks"."assigned_to", "tasks"."photo_proof_required", "tasks"."photo_proof", "tasks"."voice_note", "tasks"."voice_note_description", "tasks"."repeat_config", "tasks"."time_zone", "tasks"."cycle_reopens_at", "tasks"."task_type", "tasks"."feedback", "tasks"."feedback_given_at", "tasks"."feedback_given_by", "tasks"."feedback_acknowledged", "tasks"."feedback_acknowledged_by", "tasks"."feedback_acknowledged_at", "assigner"."display_name", "assignee"."display_name", "completer"."display_name" from "tasks" left join "users" "assigner" on "assigner"."id" = "tasks"."assigned_by" left join "users" "assignee" on "assignee"."id" = "tasks"."assigned_to" left join "users" "completer" on "completer"."id" = "tasks"."completed_by" where "tasks"."pair_id" in (select "pairs"."id" from "pairs" where "pairs"."status" = 'active' and ("pairs"."dominant_id" = $1 or "pairs"."submissive_id" = $2)) order by "tasks"."created_at" desc, "tasks"."id" desc limit $3`;
const listParams = (userId) => [userId, userId, 500];
const reopenParams = (userId) => {
  const now = new Date().toISOString();
  return [now, false, null, null, null, null, null, true, now, userId, userId];
};

// --- time limit: everything stops by itself --------------------------------------------------------

let server = null;
let benchDb = null;
const deadline = setTimeout(() => {
  console.error(`api bench: time limit (${TIME_LIMIT_MS / 1000} s) reached, giving up`);
  if (server) process.kill(server.pid, 'SIGKILL');
  const exit = () => process.exit(1);
  (benchDb ? dropDatabase(benchDb).catch(() => {}) : Promise.resolve()).then(exit, exit);
  setTimeout(exit, 5_000).unref();
}, TIME_LIMIT_MS);
deadline.unref();

// --- database ------------------------------------------------------------------------------------

async function adminQuery(url, text, values) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

async function createDatabase(adminUrl) {
  const name = `pact_bench_${randomBytes(4).toString('hex')}`;
  const version = (await adminQuery(adminUrl, 'show server_version')).rows[0].server_version;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { adminUrl, name, url: url.toString(), version };
}

async function dropDatabase(db) {
  await adminQuery(db.adminUrl, `drop database if exists ${db.name} with (force)`);
}

// --- CPU time, from /proc (PostgreSQL on this machine: its backends for the bench database) ----------

const CLK_TCK = (() => {
  try {
    return Number(execSync('getconf CLK_TCK', { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();
/** User + system CPU time of a process, in ms (0 once it is gone). */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return 0;
  }
}
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** CPU ms of the PostgreSQL backends connected to the bench database, by pid. */
async function backendsCpu() {
  if (!benchDb) return new Map();
  const { rows } = await adminQuery(benchDb.adminUrl, 'select pid from pg_stat_activity where datname = $1', [
    benchDb.name,
  ]);
  return new Map(rows.map(({ pid }) => [pid, cpuMs(pid)]));
}
/** Starts counting CPU time; `stop()` answers ms per operation: server, postgres, bench. */
async function cpuMeter(serverPid) {
  const server0 = serverPid ? cpuMs(serverPid) : 0;
  const own0 = ownCpuMs();
  const pg0 = await backendsCpu();
  return async (ops) => {
    const server = serverPid ? cpuMs(serverPid) - server0 : 0;
    const own = ownCpuMs() - own0;
    let postgres = 0;
    for (const [pid, ms] of await backendsCpu()) postgres += ms - (pg0.get(pid) ?? 0);
    return { server: server / ops, postgres: postgres / ops, bench: own / ops };
  };
}

// --- figures -------------------------------------------------------------------------------------

function figures({ latencies, seconds }, cpu) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { n: sorted.length, rps: sorted.length / seconds, p50: p(0.5), p99: p(0.99), cpu };
}

function print(label, f, cpuParts) {
  const cpu = cpuParts
    .filter(([key]) => f.cpu[key] > 0 || key !== 'postgres')
    .map(([key, name]) => `${name} ${f.cpu[key].toFixed(2)}`)
    .join(' + ');
  console.info(
    `${label.padEnd(40)} n=${f.n} ${f.rps.toFixed(0).padStart(5)} req/s  p50 ${f.p50.toFixed(2)} ms  p99 ${f.p99.toFixed(2)} ms  CPU/op ms: ${cpu}`,
  );
}
const HTTP_CPU = [
  ['server', 'server'],
  ['postgres', 'postgres'],
];
const SQL_CPU = [
  ['bench', 'bench'],
  ['postgres', 'postgres'],
];
const sum = (cpu, parts) => parts.reduce((total, [key]) => total + cpu[key], 0);

// --- HTTP ----------------------------------------------------------------------------------------

async function call(method, url, body, cookie, expect) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== expect) {
    throw new Error(`${method} ${url}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  }
  return res;
}

async function register(label, role) {
  const res = await call(
    'POST',
    '/api/auth/register',
    {
      displayName: `Bench ${label}`,
      email: `bench-${label}-${randomBytes(4).toString('hex')}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role,
      ageConfirmed: true,
    },
    null,
    201,
  );
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { user } = await res.json();
  return { id: user.id, cookie };
}

/** A dominant and a submissive, connected (an active pair), with TASKS_PER_COUPLE open tasks. */
async function createCouple(i) {
  const dom = await register(`d${i}`, 'dominant');
  const sub = await register(`s${i}`, 'submissive');
  const { request } = await (
    await call('POST', '/api/partner-requests', { receiverId: sub.id }, dom.cookie, 201)
  ).json();
  await (await call('POST', `/api/partner-requests/${request.id}/accept`, {}, sub.cookie, 200)).arrayBuffer();
  const taskIds = [];
  for (let t = 0; t < TASKS_PER_COUPLE; t++) {
    const { task } = await (
      await call(
        'POST',
        '/api/tasks',
        {
          title: `Task ${t} of couple ${i}`,
          description: 'A benchmark task with a short description.',
          dueDate: Date.now() + 24 * 3600_000,
          assignedTo: sub.id,
          photoProofRequired: false,
        },
        dom.cookie,
        201,
      )
    ).json();
    taskIds.push(task.id);
  }
  return { dom, sub, taskIds };
}

// --- SQL through the same driver ------------------------------------------------------------------

/** The database alone, as the server's driver reaches it: run(text, values), close(). */
async function openDriver(dataDir) {
  if (benchDb) {
    const pool = new pg.Pool({ connectionString: benchDb.url, max: POOL_MAX });
    return {
      label: `pg Pool max ${POOL_MAX}`,
      run: (text, values) => pool.query({ text, values, rowMode: 'array' }),
      close: () => pool.end(),
    };
  }
  const t = performance.now();
  const lite = new PGlite(path.join(dataDir, 'db'));
  await lite.waitReady;
  console.info(
    `PGlite: the server's database reopened in this process in ${(performance.now() - t).toFixed(0)} ms`,
  );
  return {
    label: 'PGlite, in this process',
    run: (text, values) => lite.query(text, values, { rowMode: 'array' }),
    close: () => lite.close(),
  };
}

// --- the run -------------------------------------------------------------------------------------

const adminUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pact-bench-api-'));
const loadAvg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
let exitCode = 0;
try {
  if (adminUrl) {
    benchDb = await createDatabase(adminUrl);
    console.info(
      `database: PostgreSQL ${benchDb.version}, fresh database ${benchDb.name} (dropped at the end)`,
    );
  } else {
    console.info("database: PGlite (embedded), the server's DATA_DIR/db");
  }
  // DATA_DIR is ours (lib.mjs removes only its own temporary directory): PGlite's files outlive the server.
  server = await startServer({
    REQUIRE_EMAIL_VERIFICATION: 'false',
    DATA_DIR: dataDir,
    ...(benchDb ? { DATABASE_URL: benchDb.url } : {}),
  });
  if (!(await fetch(`${server.url}/api/health`).catch(() => null))?.ok)
    throw new Error('server did not start');

  const setupStart = performance.now();
  const couples = [];
  await load(COUPLES, SETUP_CONCURRENCY, async (i) => {
    couples[i] = await createCouple(i);
  });
  console.info(
    `setup: ${COUPLES} couples, ${COUPLES * TASKS_PER_COUPLE} tasks in ${((performance.now() - setupStart) / 1000).toFixed(1)} s; ${os.cpus().length} CPUs, load average ${loadAvg()}; concurrency ${CONCURRENCY}`,
  );

  const listOnce = async (i) => {
    const res = await call('GET', '/api/tasks', undefined, couples[i % COUPLES].sub.cookie, 200);
    const { tasks } = await res.json();
    if (tasks.length !== TASKS_PER_COUPLE) throw new Error(`list: ${tasks.length} tasks`);
  };
  await load(WARMUP, CONCURRENCY, listOnce);
  let meter = await cpuMeter(server.pid);
  let result = await load(LIST_REQUESTS, CONCURRENCY, listOnce);
  const list = figures(result, await meter(LIST_REQUESTS));
  print(`HTTP GET /api/tasks (${TASKS_PER_COUPLE} tasks)`, list, HTTP_CPU);

  // Task i: couple i % COUPLES, its task i / COUPLES, so that the requests in flight are different pairs.
  meter = await cpuMeter(server.pid);
  result = await load(COMPLETIONS, CONCURRENCY, async (i) => {
    const couple = couples[i % COUPLES];
    const id = couple.taskIds[Math.floor(i / COUPLES)];
    const { task } = await (
      await call('POST', `/api/tasks/${id}/complete`, {}, couple.sub.cookie, 200)
    ).json();
    if (!task.isCompleted) throw new Error('complete: task not completed');
  });
  print('HTTP POST /api/tasks/:id/complete', figures(result, await meter(COMPLETIONS)), HTTP_CPU);

  // The database alone: the server stops (PGlite's files are then free to open here).
  await server.stop();
  server = null;
  const db = await openDriver(dataDir);
  try {
    const tokens = new Map((await db.run('select user_id, token from sessions', [])).rows);
    const subs = couples.map((c) => ({ id: c.sub.id, token: tokens.get(c.sub.id) }));
    const rows = (await db.run(LIST_SQL, listParams(subs[0].id))).rows.length;
    if (rows !== TASKS_PER_COUPLE) throw new Error(`sql: ${rows} rows`);

    const listQuery = (i) => db.run(LIST_SQL, listParams(subs[i % COUPLES].id));
    await load(WARMUP, CONCURRENCY, listQuery);
    meter = await cpuMeter(null);
    result = await load(SQL_QUERIES, CONCURRENCY, listQuery);
    const sql = figures(result, await meter(SQL_QUERIES));
    print(`SQL list query (${db.label})`, sql, SQL_CPU);

    const getStatements = async (i) => {
      const sub = subs[i % COUPLES];
      const session = (await db.run(SESSION_SQL, [sub.token])).rows[0];
      await db.run(USER_SQL, [session[2]]);
      await db.run(REOPEN_SQL, reopenParams(sub.id));
      await db.run(LIST_SQL, listParams(sub.id));
    };
    await load(WARMUP, CONCURRENCY, getStatements);
    meter = await cpuMeter(null);
    result = await load(SQL_QUERIES, CONCURRENCY, getStatements);
    const allSql = figures(result, await meter(SQL_QUERIES));
    print('SQL: the 4 statements of one GET', allSql, SQL_CPU);

    const ratio = (a, b) => `x${(a / b).toFixed(1)}`;
    console.info(
      `HTTP GET / SQL list query:  p50 ${ratio(list.p50, sql.p50)}  p99 ${ratio(list.p99, sql.p99)}  throughput ${ratio(sql.rps, list.rps)} (SQL req/s / HTTP req/s)  CPU ${ratio(sum(list.cpu, HTTP_CPU), sum(sql.cpu, SQL_CPU))}`,
    );
    console.info(
      `HTTP GET / its 4 statements: p50 ${ratio(list.p50, allSql.p50)}  p99 ${ratio(list.p99, allSql.p99)}  throughput ${ratio(allSql.rps, list.rps)}  CPU ${ratio(sum(list.cpu, HTTP_CPU), sum(allSql.cpu, SQL_CPU))}`,
    );
    console.info(`load average at the end: ${loadAvg()}`);
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  if (server) await server.stop();
  if (benchDb) await dropDatabase(benchDb);
  rmSync(dataDir, { recursive: true, force: true });
  clearTimeout(deadline);
}
process.exit(exitCode);
