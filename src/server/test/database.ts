import { randomBytes } from 'node:crypto';
import { is, type SQL, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Database, type Db, openDatabase } from '../db/client';
import * as schema from '../db/schema';
import { hasPostgresTemplate, postgresTemplateName, readPgliteTemplate, templateKey } from './templates';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server we may create databases on. */
export function databases(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  database: Database;
  /** Closes the connection (idempotent) and drops the database it created, if any. */
  dispose(): Promise<void>;
}

const adminUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
};

/** The migrations' key, computed once per test file (src/server/test/templates.ts). */
let key: string | undefined;
const currentKey = () => {
  key ??= templateKey();
  return key;
};

/**
 * A fresh, migrated database: in-memory PGlite, or a new `pact_t_<random>` on the PostgreSQL server. Both
 * start as a copy of the migrated template the test run's global set-up made, when it is there; the
 * migrations then find nothing to do.
 */
export async function openTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const template = readPgliteTemplate(currentKey());
    const database = idempotentClose(await openDatabase({ kind: 'pglite', dataDir: null, template }));
    return { database, dispose: () => database.close() };
  }
  const name = `pact_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    const copy = (await hasPostgresTemplate(admin, currentKey()))
      ? ` TEMPLATE ${postgresTemplateName(currentKey())}`
      : '';
    await admin.query(`CREATE DATABASE ${name}${copy}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = idempotentClose(await openDatabase({ kind: 'postgres', url: url.toString() }));
  return {
    database,
    async dispose() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl() });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

function idempotentClose(database: Database): Database {
  let closing: Promise<void> | null = null;
  const close = database.close.bind(database);
  database.close = () => {
    closing ??= close();
    return closing;
  };
  return database;
}

type Schema = typeof schema;
/** The export names of the schema's tables (its other exports, such as enums, are left out). */
export type TableName = { [K in keyof Schema]: Schema[K] extends PgTable ? K : never }[keyof Schema];
export type RowCounts = Record<TableName, number>;

/**
 * Every table the schema module exports, under its export name (`partnerRequests`, `taskCompletions`):
 * a new table is counted as soon as it is exported, without anyone editing a list here.
 */
export const SCHEMA_TABLES: ReadonlyMap<TableName, PgTable> = new Map(
  Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [[name as TableName, value]] : [])),
);

/**
 * Tables that record requests rather than data: every request that reaches a rate limit counts in it,
 * refused or not, so "a refused request changed nothing" leaves them out; the outbox empties as its mails
 * and pushes leave, whenever the worker gets to them; job_runs fills as instances claim the hourly sweeps.
 */
const BOOKKEEPING: ReadonlySet<TableName> = new Set<TableName>(['rateLimits', 'outbox', 'jobRuns']);

/** Rows in every data table of the schema, by export name; one round trip, as it runs around most refusals. */
export async function countRows(db: Db): Promise<RowCounts> {
  const tables = [...SCHEMA_TABLES].filter(([name]) => !BOOKKEEPING.has(name));
  const columns = tables.map(
    ([name, table]) => sql`(select count(*)::int from ${table}) as ${sql.identifier(name)}`,
  );
  const [row = {}] = await selectRows<Record<string, number | string>>(
    db,
    sql`select ${sql.join(columns, sql`, `)}`,
  );
  const counts: Partial<RowCounts> = {};
  for (const [name] of tables) counts[name] = Number(row[name] ?? 0);
  return counts as RowCounts;
}

/** The rows of a raw query, on either driver (both answer `{ rows }`; the shared `Db` type leaves it open). */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Every row of every table the schema exports, bookkeeping too (the outbox holds pushes and mails), as
 * PostgreSQL's text of each row, by table: what a copy of the database would show anyone who reads it.
 */
export async function everyRowAsText(db: Db): Promise<Map<TableName, string>> {
  const tables = [...SCHEMA_TABLES];
  const columns = tables.map(
    ([name, table]) =>
      sql`(select coalesce(string_agg(t::text, E'\n'), '') from ${table} t) as ${sql.identifier(name)}`,
  );
  const [row = {}] = await selectRows<Record<string, string>>(db, sql`select ${sql.join(columns, sql`, `)}`);
  return new Map(tables.map(([name]) => [name, row[name] ?? '']));
}
