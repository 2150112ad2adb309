import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { projectPath } from '../paths';
import { releaseClientsOfFailedTransactions } from './pg-transactions';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: every query we write is plain PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction on either driver. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a read may run: the database, or a transaction already open. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection string, for a dedicated LISTEN connection (PostgreSQL only). */
  url: string | null;
  /** Answers true when a trivial query succeeds. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = projectPath('src/server/db/migrations');
/** Serialises migrations when several instances start at once against one PostgreSQL server. */
const MIGRATION_LOCK = 7_242_021;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `template`: a dump of a migrated database (PGlite's `dumpDataDir`) to start from instead of initdb. */
  | { kind: 'pglite'; dataDir: string | null; template?: Blob };

/**
 * Opens and migrates the database. Each driver is imported here, when it is used, and only here (never
 * with a static import, which the server bundle would load at start): a server on PostgreSQL never loads
 * PGlite, nor one on PGlite the pg driver.
 */
export async function openDatabase(
  target: DatabaseTarget,
  onIdleError?: (error: Error) => void,
): Promise<Database> {
  return target.kind === 'postgres'
    ? openPostgres(target.url, onIdleError)
    : openPglite(target.dataDir, target.template);
}

async function openPostgres(url: string, onIdleError?: (error: Error) => void): Promise<Database> {
  const [{ default: pg }, { drizzle, NodePgSession }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // Gives a pooled client back when a transaction's BEGIN fails (see the file).
  releaseClientsOfFailedTransactions(NodePgSession, pg.Pool);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection can die (a server restart, a dropped database); without a listener that error
  // would crash the process. The pool discards the client and the next query opens a new one.
  pool.on('error', (error) => onIdleError?.(error));
  // A connection can also die while a request holds it (a failover, a restart, a terminated backend).
  // The query in flight rejects (the request answers 503) and an idle client's error reaches the pool's
  // handler above; the client's own 'error' event, unheard, would end the process.
  pool.on('connect', (client) => client.on('error', ignoreHeldConnectionError));
  const db = drizzle(pool, { schema }) as unknown as Db;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return {
    db,
    kind: 'postgres',
    url,
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | null, template?: Blob): Promise<Database> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    url: null,
    ping: () => ping(db as unknown as Db),
    close: () => client.close(),
  };
}

function ignoreHeldConnectionError() {}

async function ping(db: Db) {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
