import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('the PostgreSQL client', () => {
  const name = `pact_t_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let database: Database;
  const idleErrors: Error[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: target.toString() }, (error) =>
      idleErrors.push(error),
    );
  });

  afterAll(async () => {
    await database?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('survives its idle connections being killed by the server, and reconnects', async () => {
    await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
    const killed = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    // Every killed connection reports (asynchronously, slowly under a full parallel run) and is dropped;
    // then the next query must get a fresh connection.
    await expect.poll(() => idleErrors.length, { timeout: 10_000 }).toBe(killed.rowCount);
    expect(await database.ping()).toBe(true);
  });

  it('gives the connection back when a transaction dies at its BEGIN, so the pool never runs dry', async () => {
    const target = new URL(url!);
    target.pathname = `/${name}`;
    // A connection that dies as BEGIN is sent, as one does in a failover.
    class DyingAtBegin extends pg.Client {
      // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
      override query(...args: any[]): any {
        if (args[0]?.text === 'begin' || args[0] === 'begin') {
          const error = Object.assign(new Error('terminating connection due to administrator command'), {
            code: '57P01',
          });
          return Promise.reject(error);
        }
        // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
        return (super.query as any)(...args);
      }
    }
    const pool = new pg.Pool({
      connectionString: target.toString(),
      max: 1,
      connectionTimeoutMillis: 5_000,
      Client: DyingAtBegin,
    });
    // `pool.end()` answers before its connection has closed; the database dropped in afterAll (with force)
    // then ends that connection, and pg-pool reports it as the pool's 'error', which unheard would throw
    // in the test process (as the app's own pool hears it, db/client.ts).
    pool.on('error', () => {});
    try {
      const db = drizzle(pool);
      for (let i = 0; i < 3; i++) {
        await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toMatchObject({
          cause: { code: '57P01' },
        });
      }
      // With the one connection leaked, this would wait for a client that never comes back.
      const result = await db.execute(sql`select 1 as one`);
      expect(result.rows).toEqual([{ one: 1 }]);
      expect(pool.totalCount - pool.idleCount).toBe(0);
    } finally {
      await pool.end();
    }
  });
});
