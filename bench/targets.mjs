// The servers a benchmark measures side by side: this checkout's build and, with BENCH_BASE_DIR=<another
// checkout, already built>, that checkout's dist/server/main.js too, so that "before" and "after" come from
// one run on one machine state. Each target gets its own fresh database on the PostgreSQL server of
// DATABASE_URL (each build migrates its own schema: an index one of them adds never helps the other) and
// its own DATA_DIR; the benchmark seeds each the same way through its own API.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, dropDatabase } from './db.mjs';
import { serverNodeOptions, startBenchScript, startServer } from './lib.mjs';
import { startPgProxy } from './pg-proxy.mjs';

/** The checkouts to measure: this one ('pact'), and BENCH_BASE_DIR's ('base') when it is set. */
export function checkouts(env = process.env) {
  const list = [{ name: 'pact', label: 'this checkout', cwd: undefined }];
  const base = env.BENCH_BASE_DIR ?? env.PACT_BEFORE;
  if (base) {
    const dir = path.resolve(base);
    if (!existsSync(path.join(dir, 'dist/server/main.js'))) {
      throw new Error(
        `BENCH_BASE_DIR: ${dir}/dist/server/main.js is missing (run npm run build there first)`,
      );
    }
    list.push({ name: 'base', label: dir, cwd: dir });
  }
  return list;
}

/** The headers Pact adds to every answer, to be sent by a ceiling too (not those of the body or socket). */
const OWN_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'vary',
  'cache-control',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
]);
export const addedHeaders = (headers) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())));

/**
 * A checkout's server on a fresh database `pact_bench_<random>` and a temporary DATA_DIR. Answers
 * { name, label, db, url, pid, secret, counted(), ceiling(headers), stop() }: counted() starts a second
 * server of the same checkout on the same database and DATA_DIR (same secret: the same cookies work) whose
 * statements go through a recording proxy; ceiling(headers, vars) starts ceiling-server.mjs on the same database, with `vars` in its environment.
 */
export async function startTarget(checkout, adminUrl, env = {}) {
  const db = await createDatabase(adminUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `pact-bench-${checkout.name}-`));
  const children = [];
  const serverEnv = { REQUIRE_EMAIL_VERIFICATION: 'false', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env };
  const target = {
    name: checkout.name,
    label: checkout.label,
    db,
    dataDir,
    server: null,
    async stop() {
      for (const child of children.reverse()) await child.stop().catch(() => {});
      await dropDatabase(db).catch((e) => console.error(`drop database ${db.name} failed: ${e.message}`));
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
    /** Kills every process at once (the time limit). */
    kill() {
      for (const child of children) {
        try {
          process.kill(child.pid, 'SIGKILL');
        } catch {}
      }
    },
  };
  try {
    target.server = await startServer({ ...serverEnv, DATABASE_URL: db.url }, { cwd: checkout.cwd });
    children.push(target.server);
  } catch (error) {
    await target.stop();
    throw error;
  }
  target.url = target.server.url;
  target.pid = target.server.pid;
  target.secret = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).authSecret;
  target.counted = async () => {
    const proxy = await startPgProxy(db.url);
    const server = await startServer({ ...serverEnv, DATABASE_URL: proxy.url }, { cwd: checkout.cwd });
    return {
      url: server.url,
      proxy,
      async stop() {
        await server.stop();
        await proxy.close();
      },
    };
  };
  target.ceiling = async (headers, vars = {}) => {
    // Under the same node options as the checkout's server: the ceiling is what the machine does for
    // the same route in the same runtime.
    const ceiling = await startBenchScript(
      './ceiling-server.mjs',
      {
        DATABASE_URL: db.url,
        AUTH_SECRET: target.secret,
        CEILING_HEADERS: JSON.stringify(headers),
        ...vars,
      },
      serverNodeOptions(checkout.cwd),
    );
    children.push(ceiling);
    return ceiling;
  };
  return target;
}

/**
 * Stops everything by itself past BENCH_TIMEOUT_S: kills the processes `live()` names, drops their
 * databases and exits 1.
 */
export function timeLimit(bench, seconds, live) {
  const timer = setTimeout(() => {
    console.error(`${bench} bench: time limit (${seconds} s) reached, giving up`);
    for (const t of live()) t.kill();
    const exit = () => process.exit(1);
    Promise.all(live().map((t) => dropDatabase(t.db).catch(() => {}))).then(exit, exit);
    setTimeout(exit, 5_000).unref();
  }, seconds * 1000);
  timer.unref();
  return () => clearTimeout(timer);
}
