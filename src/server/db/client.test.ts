import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
});
