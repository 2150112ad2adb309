// Cold start: time from launching the server on an empty DATA_DIR until /api/health answers 200
// (database created and migrated), then a warm start on the same data. With --with-build, the
// first figure is `npm start` as a user runs it (web and server build included).
// Usage: node bench/startup.mjs [--with-build]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const withBuild = process.argv.includes('--with-build');
const port = 3400 + Math.floor(Math.random() * 500);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pact-bench-'));

async function timeStart(label, command, args) {
  const started = performance.now();
  const child = spawn(command, args, {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) break;
    } catch {}
    if (performance.now() - started > 120_000) throw new Error(`${label}: no health after 120 s`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = performance.now() - started;
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.on('exit', r));
  console.info(`${label.padEnd(44)} ${(ms / 1000).toFixed(2)} s`);
  return ms;
}

try {
  if (withBuild) await timeStart('npm start (build + cold start, empty DATA_DIR)', 'npm', ['start']);
  else await timeStart('cold start (empty DATA_DIR, migrations)', 'node', ['dist/server/main.js']);
  await timeStart('warm start (existing DATA_DIR)', 'node', ['dist/server/main.js']);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
