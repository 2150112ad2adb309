// What a test file waits for before its first test: a migrated database. Fresh (PGlite's initdb, then every
// migration; on PostgreSQL CREATE DATABASE, then every migration) against a copy of the migrated template
// (src/server/test/templates.ts), interleaved, BENCH_ROUNDS rounds; prints the median and spread of each.
// Usage: npx tsx bench/test-databases.ts   env BENCH_ROUNDS=5, TEST_DATABASE_URL for PostgreSQL too
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import {
  pgliteTemplatePath,
  postgresTemplateName,
  preparePgliteTemplate,
  preparePostgresTemplate,
  readPgliteTemplate,
  templateKey,
} from '../src/server/test/templates';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const adminUrl = process.env.TEST_DATABASE_URL;
const key = templateKey();
await preparePgliteTemplate(key);
if (adminUrl) await preparePostgresTemplate(adminUrl, key);

async function timed(open: () => Promise<() => Promise<void>>): Promise<number> {
  const started = performance.now();
  const close = await open();
  const ms = performance.now() - started;
  await close();
  return ms;
}

async function postgres(template: boolean) {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `pact_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${postgresTemplateName(key)}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return async () => {
    await database.close();
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  };
}

const series: Record<string, () => Promise<() => Promise<void>>> = {
  'PGlite, fresh': async () => (await openDatabase({ kind: 'pglite', dataDir: null })).close,
  'PGlite, template': async () =>
    (await openDatabase({ kind: 'pglite', dataDir: null, template: readPgliteTemplate(key) })).close,
  ...(adminUrl
    ? { 'PostgreSQL, fresh': () => postgres(false), 'PostgreSQL, template': () => postgres(true) }
    : {}),
};

const times: Record<string, number[]> = Object.fromEntries(Object.keys(series).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, open] of Object.entries(series)) times[name]?.push(await timed(open));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.info(`template ${pgliteTemplatePath(key)}; ${ROUNDS} rounds, interleaved`);
for (const [name, xs] of Object.entries(times)) {
  console.info(
    `${name.padEnd(22)} median ${median(xs).toFixed(0).padStart(5)} ms  (${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)})`,
  );
}
