import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The built server (`dist/server/main.js`) in a process of its own, with its own data directory and port,
 * that a test may stop and start again (a restart, a deploy) without touching the suite's server. Its
 * environment is only what it is given: no database server, mail server or secret of the shell's.
 */
export async function startOwnServer(opts: { port: number; appUrl: string }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pact-e2e-own-'));
  const origin = `http://127.0.0.1:${opts.port}`;
  let child: ChildProcess | null = null;
  const killOnExit = () => child?.kill('SIGKILL');

  const start = async () => {
    child = spawn(process.execPath, [path.resolve('dist/server/main.js')], {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(opts.port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_URL: opts.appUrl,
        // A new account is signed in at once: this server's mails are not read.
        REQUIRE_EMAIL_VERIFICATION: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SCALE: '1000',
        PUSH_SUBJECT: 'mailto:ops@pact.example.com',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    // A test that times out never reaches its `finally`: the server goes with the worker.
    process.once('exit', killOnExit);
    const health = () =>
      fetch(`${origin}/api/health`).then(
        (response) => response.status,
        () => 0,
      );
    // A first start creates and migrates the database: on a busy machine that takes a while.
    await expect.poll(health, { timeout: 60_000 }).toBe(200);
  };

  /** SIGTERM, as a deploy sends it; resolves once the process has exited. */
  const stop = async () => {
    const running = child;
    child = null;
    process.off('exit', killOnExit);
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    await exited;
  };

  try {
    await start();
  } catch (error) {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    origin,
    async restart() {
      await stop();
      await start();
    },
    async close() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
