import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../paths';
import { buildServerBundle } from '../test/bundle';
import { databases, openTestDatabase, type TestDatabase } from '../test/database';
import { within } from '../test/wait';

/**
 * The server as it ships: bundled by the project's own `build:server` command (into a folder of its own
 * under dist/), started by Node with hooks that record every module it loads, on each database.
 */
let built: ReturnType<typeof buildServerBundle>;
let bundle: string;

beforeAll(() => {
  built = buildServerBundle();
  bundle = built.main;
});

afterAll(() => built?.remove());

/** Starts the bundle until it answers /api/health, stops it, and answers the URLs of the modules it loaded. */
async function modulesLoaded(env: Record<string, string>): Promise<string[]> {
  const work = mkdtempSync(path.join(tmpdir(), 'pact-loads-'));
  const loads = path.join(work, 'loads.txt');
  const hooks = pathToFileURL(projectPath('src/server/test/record-loads.mjs')).href;
  const register = `import { register } from 'node:module'; register(${JSON.stringify(hooks)}, { data: { file: ${JSON.stringify(loads)} } });`;
  let child: ChildProcess | undefined;
  try {
    child = spawn(
      process.execPath,
      ['--import', `data:text/javascript,${encodeURIComponent(register)}`, bundle],
      {
        cwd: projectPath(),
        env: {
          ...process.env,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: path.join(work, 'data'),
          LOG_LEVEL: 'info',
          DATABASE_URL: '',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    const ready = new Promise<number>((resolve, reject) => {
      createInterface({ input: child!.stdout! }).on('line', (line) => {
        const entry = JSON.parse(line) as { msg?: string; port?: number };
        if (entry.msg?.startsWith('Pact is ready')) resolve(entry.port!);
      });
      void exited.then((code) => reject(new Error(`the server exited (${code}) before it was ready`)));
    });
    // A first start on PGlite creates its database: seconds, many more on a busy machine.
    const port = await within(ready, 90_000, 'the server was not ready within 90 s');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await within(exited, 15_000, 'the server did not stop within 15 s')).toBe(0);
    return readFileSync(loads, 'utf8').split('\n').filter(Boolean);
  } finally {
    if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  }
}

const PGLITE = /\/node_modules\/(@electric-sql\/pglite|drizzle-orm\/pglite)\//;
const PG_DRIVER = /\/node_modules\/(pg|pg-pool|drizzle-orm\/node-postgres)\//;

describe('the database driver a server loads', { timeout: 120_000 }, () => {
  it('on PGlite: PGlite, and not the pg driver', async () => {
    const loaded = await modulesLoaded({});
    expect(loaded.filter((url) => PGLITE.test(url))).not.toEqual([]);
    expect(loaded.filter((url) => PG_DRIVER.test(url))).toEqual([]);
  });

  it.runIf(databases().includes('postgres'))('on PostgreSQL: the pg driver, and not PGlite', async () => {
    let database: TestDatabase | undefined;
    try {
      // A database of its own, created (and migrated) here, then left to the server.
      database = await openTestDatabase('postgres');
      await database.database.close();
      const loaded = await modulesLoaded({ DATABASE_URL: database.database.url! });
      expect(loaded.filter((url) => PG_DRIVER.test(url))).not.toEqual([]);
      expect(loaded.filter((url) => PGLITE.test(url))).toEqual([]);
    } finally {
      await database?.dispose();
    }
  });
});
