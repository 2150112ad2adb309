// Shared pieces of the benchmarks: a server in its own process, and latency percentiles.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

/** A port no one listens on now (the system's choice), for a server about to start. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * The node options a checkout's `npm run serve` gives its server, other than --enable-source-maps
 * (which costs nothing until an error's stack is read): none for a checkout older than them.
 */
export function serverNodeOptions(cwd = process.cwd()) {
  const serve = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')).scripts?.serve ?? '';
  const words = serve.split(/\s+/);
  return words
    .slice(1, words.indexOf('dist/server/main.js'))
    .filter((w) => w.startsWith('--') && w !== '--enable-source-maps');
}

export async function startServer(env = {}, { cwd } = {}) {
  // Not a port picked at random: other benchmarks or test servers may run on this machine at the same time.
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pact-bench-'));
  // The checkout's own node options for its server (`npm run serve`: the young generation's size), so that
  // the bench measures what that checkout runs; then BENCH_SERVER_ARGS: node's own options for the
  // measured servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p" (NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = [
    ...serverNodeOptions(cwd),
    ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const child = spawn('node', [...nodeArgs, 'dist/server/main.js'], {
    cwd,
    // The benchmarks register and sign in many accounts from one address: raise the limits (as the
    // browser suite does), or the anonymous-route limits refuse them after a few.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Should the benchmark exit early (its time limit), the server and its files go with it.
  const orphanGuard = () => {
    child.kill('SIGKILL');
    try {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    } catch {}
  };
  process.once('exit', orphanGuard);
  child.once('exit', () => process.off('exit', orphanGuard));
  const url = `http://127.0.0.1:${port}`;
  // A first start on PGlite creates the database: on a busy 2-core machine that can take a minute.
  const readyBy = performance.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before answering (${child.exitCode ?? child.signalCode})`);
    }
    if (performance.now() > readyBy) throw new Error('the server did not answer /api/health within 180 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    /** The server's process id, for /proc/<pid>/status (memory) and /proc/<pid>/stat (CPU). */
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.on('exit', r));
        child.kill('SIGTERM');
        // Streams still open are closed by the server within 5 s; never wait for ever.
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(force);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A bench server script (baseline-server.mjs, ceiling-server.mjs) in its own process, with `nodeArgs` (the
 * node options of the server it stands beside): its url, pid, stop().
 */
export async function startBenchScript(script, vars, nodeArgs = []) {
  const child = spawn('node', [...nodeArgs, fileURLToPath(new URL(script, import.meta.url))], {
    env: { ...process.env, PORT: '0', ...vars },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  child.once('exit', () => process.off('exit', orphanGuard));
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
    child.stdout.once('data', (line) => resolve(JSON.parse(String(line)).port));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      child.exitCode === null ? new Promise((r) => child.once('exit', r).kill('SIGTERM')) : Promise.resolve(),
  };
}

/** baseline-server.mjs in its own process; answers its url, pid and stop(). */
export const startBaseline = (vars) => startBenchScript('./baseline-server.mjs', vars);

/** Runs `task` `total` times with `concurrency` in flight; returns latencies (ms) and wall time. */
export async function load(total, concurrency, task) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        await task(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

export function report(label, { latencies, seconds }) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  console.info(
    `${label.padEnd(36)} n=${sorted.length} ${(sorted.length / seconds).toFixed(0)} req/s  p50 ${p(0.5)} ms  p95 ${p(0.95)} ms  p99 ${p(0.99)} ms`,
  );
}

/** The path of the first value that differs between two JSON values, or null. */
export function jsonDifference(a, b, at = '') {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = jsonDifference(a[key], b[key], `${at}.${key}`);
      if (found) return found;
    }
  }
  return at || '(the whole body)';
}

/** Up to `limit` differences between two JSON values: { at (a path), a, b }. Key order does not count. */
export function jsonDifferences(a, b, limit = 5, at = '', out = []) {
  if (out.length >= limit || isDeepStrictEqual(a, b)) return out;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      jsonDifferences(a[key], b[key], limit, `${at}.${key}`, out);
    }
    return out;
  }
  out.push({ at: at || '(the whole body)', a, b });
  return out;
}
