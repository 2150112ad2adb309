// Cold start of the built server on an EXISTING data directory: the time from spawning
// `node dist/server/main.js` until /api/health answers 200 (whole process: Node's own start, module
// loading, opening the database, migrations found already applied, listening). The first start creates
// the data directory and is thrown away. Each run is paired with `node -e 0` (Node starting and exiting
// with nothing to do) in the same round, in turn with `node scripts/start.mjs` (what `npm start` runs:
// the build check, then the same server), the order rotating from round to round; the difference is
// taken round by round, so that what the machine is doing at the time weighs on both sides. The CPU time
// the server had used (user + system, every thread, from /proc) when it answered is printed beside:
// on a machine that others share it moves much less than the wall-clock time.
// On PGlite (a temporary DATA_DIR) and, when DATABASE_URL is set, on PostgreSQL: a fresh database
// `pact_bench_<random>` is then created on that server for the run and dropped at the end.
// With --with-build, the thrown-away first start (of the first database) is `npm start` after removing
// the build stamp (web and server build included, as on a fresh clone), and its time is printed.
// BENCH_BASE_DIR=<another checkout, built>: its `node dist/server/main.js` is one more series of each
// round (on a data directory or database of its own, first started and thrown away like this one's).
// Usage: npm run build && node bench/startup.mjs [--runs=15] [--with-build]
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/startup.mjs
import { execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildDecision } from '../scripts/build-state.mjs';
import { freePort } from './lib.mjs';
import { checkouts } from './targets.mjs';

const withBuild = process.argv.includes('--with-build');
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 15);
/** How often /api/health is asked while the server starts: the figures carry half of it on average. */
const POLL_MS = 5;

const BASELINE = { label: 'node -e 0', command: 'node', args: ['-e', '0'], server: false };
const SERIES = [
  BASELINE,
  { label: 'node dist/server/main.js', command: 'node', args: ['dist/server/main.js'], server: true },
  {
    label: 'node scripts/start.mjs (build reused)',
    command: 'node',
    args: ['--enable-source-maps', 'scripts/start.mjs'],
    server: true,
  },
];
const baseCheckout = checkouts()[1];
const BASE_SERIES = baseCheckout && {
  label: 'base: node dist/server/main.js',
  command: 'node',
  args: ['dist/server/main.js'],
  server: true,
  cwd: baseCheckout.cwd,
  base: true,
};
if (BASE_SERIES) SERIES.push(BASE_SERIES);

const CLK_TCK = (() => {
  try {
    return Number(execSync('getconf CLK_TCK', { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();
/** User + system CPU time of a process, in ms (NaN where there is no /proc). */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return Number.NaN;
  }
}

/**
 * Milliseconds from spawn to exit (`node -e 0`) or to the first 200 from /api/health (the server), and
 * the server's CPU time by then.
 */
async function timeOnce({ label, command, args, server, cwd }, env) {
  // Not a port picked at random: other benchmarks or test servers may run on this machine at the same time.
  const port = server ? await freePort() : 0;
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    // `npm start` runs the server in a process of its own: stop the whole group.
    detached: true,
  });
  const exited = new Promise((r) => child.once('exit', r));
  if (!server) {
    await exited;
    return { wall: performance.now() - started, cpu: Number.NaN };
  }
  let exitedEarly = false;
  exited.then(() => {
    exitedEarly = true;
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) break;
    } catch {}
    if (exitedEarly) throw new Error(`${label}: exited before answering`);
    if (performance.now() - started > 120_000) throw new Error(`${label}: no health after 120 s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  const wall = performance.now() - started;
  const cpu = cpuMs(child.pid);
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  return { wall, cpu };
}

const percentile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};
const ms = (v) => `${v.toFixed(0).padStart(5)} ms`;

/** With --with-build, the first start of the first database builds (once). */
let buildFirst = withBuild;

async function measure(dbLabel, env, baseEnv) {
  const first = buildFirst
    ? { label: 'npm start (build + first start)', command: 'npm', args: ['start'], server: true }
    : { ...SERIES[1], label: 'first start (creates the data, thrown away)' };
  if (buildFirst) rmSync('dist/.build-stamp', { force: true });
  buildFirst = false;
  const firstRun = await timeOnce(first, env);
  console.info(`\n${dbLabel}\n  ${first.label.padEnd(44)} ${ms(firstRun.wall)}`);
  if (BASE_SERIES) {
    const baseFirst = await timeOnce({ ...BASE_SERIES, label: 'base: first start' }, baseEnv);
    console.info(`  ${'base: first start (thrown away)'.padEnd(44)} ${ms(baseFirst.wall)}`);
  }

  const times = new Map(SERIES.map((s) => [s, []]));
  for (let round = 0; round < RUNS; round++) {
    for (let i = 0; i < SERIES.length; i++) {
      const series = SERIES[(round + i) % SERIES.length];
      times.get(series).push(await timeOnce(series, series.base ? baseEnv : env));
    }
  }
  const base = times.get(BASELINE).map((t) => t.wall);
  const figures = (values) => `median ${ms(percentile(values, 0.5))}  p90 ${ms(percentile(values, 0.9))}`;
  for (const [series, runs] of times) {
    const wall = runs.map((t) => t.wall);
    const line = `  ${series.label.padEnd(44)} ${figures(wall)}`;
    if (series === BASELINE) {
      console.info(line);
      continue;
    }
    const cpu = runs.map((t) => t.cpu);
    console.info(
      `${line}   minus node -e 0, round by round: ${figures(wall.map((v, i) => v - base[i]))}` +
        (cpu.some(Number.isNaN) ? '' : `   CPU ${figures(cpu)}`),
    );
  }
}

async function adminQuery(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

const dataDirs = [];
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pact-bench-'));
  dataDirs.push(dir);
  return dir;
};
const benchDbs = [];
const { build: stale, reason } = buildDecision(process.cwd());
// A build inside a measured start would be taken for a slow start.
if (stale && !withBuild) throw new Error(`the build is not up to date (${reason}): npm run build first`);
const newDatabase = async (adminUrl) => {
  const name = `pact_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  benchDbs.push({ name, adminUrl });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
};
try {
  console.info(
    `startup: ${RUNS} rounds, each series once per round in rotating order; ${os.cpus().length} CPUs, ` +
      `load average ${os.loadavg()[0].toFixed(1)}; health polled every ${POLL_MS} ms`,
  );
  await measure(
    'PGlite (embedded), existing DATA_DIR',
    { DATA_DIR: freshDataDir() },
    { DATA_DIR: freshDataDir() },
  );
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const version = (await adminQuery(adminUrl, 'show server_version')).rows[0].server_version;
    const db = await newDatabase(adminUrl);
    const baseDb = BASE_SERIES ? await newDatabase(adminUrl) : null;
    await measure(
      `PostgreSQL ${version}, database ${db.name} (dropped at the end), migrated by the first start`,
      { DATA_DIR: freshDataDir(), DATABASE_URL: db.url },
      baseDb && { DATA_DIR: freshDataDir(), DATABASE_URL: baseDb.url },
    );
  }
} finally {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  for (const db of benchDbs) await adminQuery(db.adminUrl, `drop database if exists ${db.name} with (force)`);
}
