// Shared pieces of the benchmarks: a server in its own process, and latency percentiles.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export async function startServer(env = {}) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pact-bench-'));
  const child = spawn('node', ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
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
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
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
