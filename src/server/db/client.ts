import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { projectPath } from '../paths';
// Gives a pooled client back when a transaction's BEGIN fails (see the file).
import './pg-transactions';
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

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };

export async function openDatabase(
  target: DatabaseTarget,
  onIdleError?: (error: Error) => void,
): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection can die (a server restart, a dropped database); without a listener that error
    // would crash the process. The pool discards the client and the next query opens a new one.
    pool.on('error', (error) => onIdleError?.(error));
    // A connection can also die while a request holds it (a failover, a restart, a terminated backend).
    // The query in flight rejects (the request answers 503) and an idle client's error reaches the pool's
    // handler above; the client's own 'error' event, unheard, would end the process.
    pool.on('connect', (client) => client.on('error', ignoreHeldConnectionError));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      url: target.url,
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  if (target.dataDir) mkdirSync(path.dirname(target.dataDir), { recursive: true });
  const client = target.dataDir ? new PGlite(target.dataDir) : new PGlite();
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
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
