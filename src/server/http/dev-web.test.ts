import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../paths';
import { until } from '../test/wait';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * `npm run dev` renders like production (decision 048): the same server, the same request handler and
 * loaders, with Vite's dev server in front for the modules.
 */
describe('npm run dev', () => {
  let child: ChildProcess;
  let origin: string;
  let dataDir: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'pact-dev-'));
    // Not Vitest's environment: the framework's plugin stays out of Vite's config under Vitest.
    const { VITEST: _vitest, VITEST_POOL_ID: _pool, VITEST_WORKER_ID: _worker, ...env } = process.env;
    child = spawn(process.execPath, ['scripts/dev.mjs'], {
      cwd: projectPath('.'),
      env: { ...env, NODE_ENV: '', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
      detached: true,
    });
    await until(
      () =>
        fetch(`${origin}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
      'the dev server to answer',
      60_000,
    );
  }, 90_000);
  afterAll(() => {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('renders a page on the server with its route module, and Vite serves the modules it names', async () => {
    const page = await fetch(`${origin}/auth`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Log in or create your account');
    const nonce = (page.headers.get('content-security-policy') ?? '').match(/'nonce-([^']+)'/)?.[1];
    expect(html).toContain(`nonce="${nonce}"`);
    const client = html.match(/import\("([^"]*entry\.client\.tsx)"\)/)?.[1];
    expect(client).toBeDefined();
    expect((await fetch(new URL(client!, origin))).status).toBe(200);
  }, 60_000);

  it('runs the loaders as in production: a visitor opening a signed-in page is sent to the login', async () => {
    const response = await fetch(`${origin}/tasks`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth');
  }, 60_000);
});
