// Shared pieces of the benchmarks that use PostgreSQL and /proc: a throw-away database per run, and the
// CPU time of processes (the server, PostgreSQL's backends for that database, this process).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** One statement on a connection of its own (the admin database, not the bench database). */
export async function adminQuery(url, text, values) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** A fresh database `pact_bench_<random>` on the server of `adminUrl`; drop it with dropDatabase. */
export async function createDatabase(adminUrl) {
  const name = `pact_bench_${randomBytes(4).toString('hex')}`;
  const version = (await adminQuery(adminUrl, 'show server_version')).rows[0].server_version;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { adminUrl, name, url: url.toString(), version };
}

export async function dropDatabase(db) {
  await adminQuery(db.adminUrl, `drop database if exists ${db.name} with (force)`);
}

const CLK_TCK = (() => {
  try {
    return Number(execSync('getconf CLK_TCK', { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU time of a process, in ms (0 once it is gone). */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return 0;
  }
}

/** This process's CPU time, in ms. */
export const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** CPU ms of the PostgreSQL backends connected to `db` (PostgreSQL on this machine), by pid. */
export async function backendsCpu(db) {
  const { rows } = await adminQuery(db.adminUrl, 'select pid from pg_stat_activity where datname = $1', [
    db.name,
  ]);
  return new Map(rows.map(({ pid }) => [pid, cpuMs(pid)]));
}

/**
 * Starts counting CPU time of `pid` (a server; null for none), PostgreSQL's backends for `db` and this
 * process; the function it answers gives ms per operation for `ops` operations.
 */
export async function cpuMeter(db, pid) {
  const app0 = pid ? cpuMs(pid) : 0;
  const own0 = ownCpuMs();
  const pg0 = await backendsCpu(db);
  return async (ops) => {
    const app = pid ? cpuMs(pid) - app0 : 0;
    const own = ownCpuMs() - own0;
    let postgres = 0;
    for (const [backend, ms] of await backendsCpu(db)) postgres += ms - (pg0.get(backend) ?? 0);
    return { app: app / ops, postgres: postgres / ops, bench: own / ops };
  };
}

/** Transactions committed in `db` so far, as reported (pg_stat_database.xact_commit). */
async function commits(db) {
  const { rows } = await adminQuery(
    db.adminUrl,
    'select xact_commit::bigint as n from pg_stat_database where datname = $1',
    [db.name],
  );
  return Number(rows[0].n);
}

/**
 * Transactions committed in `db` (each statement sent outside a block is one, a BEGIN..COMMIT block is
 * one) once the backends have reported them: a backend reports at most once a second, and when its report
 * finds the shared counters busy it tries again 10 s later. Call it when the database has been idle.
 */
export async function settledCommits(db) {
  await new Promise((r) => setTimeout(r, 11_500));
  return commits(db);
}
