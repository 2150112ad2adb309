import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { projectPath } from '../paths';

/**
 * Migrated template databases, made once and copied for each test file: a fresh PGlite spends seconds in
 * initdb and migrations, a copy of a dump about one; on PostgreSQL `CREATE DATABASE … TEMPLATE` copies the
 * migrated files instead of replaying the migrations. Both are named by a hash of the migrations and of
 * PGlite's version, so a new migration (or a checkout with other migrations) gets its own template and no
 * test ever runs on a schema it did not ask for.
 */
export function templateKey(folder = projectPath('src/server/db/migrations')): string {
  const hash = createHash('sha256');
  for (const name of listFiles(folder)) {
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(path.join(folder, name)))
      .update('\0');
  }
  const pglite = JSON.parse(
    readFileSync(projectPath('node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  );
  hash.update(String(pglite.version));
  return hash.digest('hex').slice(0, 16);
}

function listFiles(folder: string, prefix = ''): string[] {
  return readdirSync(path.join(folder, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const name = path.join(prefix, entry.name);
      return entry.isDirectory() ? listFiles(folder, name) : [name];
    })
    .sort();
}

/** Where the PGlite template's dump lives (outside the project, shared by the checkouts of one machine). */
export const pgliteTemplatePath = (key: string) => path.join(tmpdir(), `pact-pglite-template-${key}.tar`);

/** The PostgreSQL template database's name. */
export const postgresTemplateName = (key: string) => `pact_tpl_${key}`;

/** Makes the PGlite template's dump if it is not there yet; written under a temporary name, then renamed. */
export async function preparePgliteTemplate(key: string): Promise<void> {
  const target = pgliteTemplatePath(key);
  if (existsSync(target)) return;
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    const partial = `${target}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, target);
  } finally {
    await database.close();
  }
}

/**
 * Makes the PostgreSQL template database if it is not there yet: migrated under a temporary name, then
 * renamed, so that a run beside this one never copies a half-migrated template. Nothing stays connected to
 * it (PostgreSQL copies only a template no one is connected to).
 */
export async function preparePostgresTemplate(adminUrl: string, key: string): Promise<void> {
  const name = postgresTemplateName(key);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    await database.close();
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch {
      // Another run made it first: theirs is the same schema.
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

/** The PGlite template's dump, or undefined when none was made (the test then starts from initdb). */
export function readPgliteTemplate(key: string): Blob | undefined {
  try {
    return new Blob([readFileSync(pgliteTemplatePath(key))]);
  } catch {
    return undefined;
  }
}

/** Whether the PostgreSQL template exists (checked on the admin connection the caller holds). */
export async function hasPostgresTemplate(admin: pg.Client, key: string): Promise<boolean> {
  const found = await admin.query('select 1 from pg_database where datname = $1', [
    postgresTemplateName(key),
  ]);
  return Boolean(found.rowCount);
}
