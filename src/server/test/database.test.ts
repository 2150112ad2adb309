import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  databases,
  openTestDatabase,
  SCHEMA_TABLES,
  selectRows,
  type TestDatabase,
} from './database';

describe.each(databases())('row counts on %s', (kind) => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await testDatabase?.dispose();
  });

  it('the tables derived from the schema module are every table the migrations created', async () => {
    const rows = await selectRows<{ table_name: string }>(
      testDatabase.database.db,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const inDatabase = rows.map((r) => r.table_name).filter((name) => name !== '__drizzle_migrations');
    expect(inDatabase.length).toBeGreaterThan(0);
    expect([...SCHEMA_TABLES.values()].map(getTableName).sort()).toEqual(inDatabase.sort());
  });

  it('counts the rows of each of them, under its export name', async () => {
    const counts = await countRows(testDatabase.database.db);
    const bookkeeping = new Set(['rateLimits', 'outbox', 'jobRuns']);
    const dataTables = [...SCHEMA_TABLES.keys()].filter((name) => !bookkeeping.has(name));
    expect(counts).toEqual(Object.fromEntries(dataTables.map((name) => [name, 0])));
    // Requests, not data: a refused request still counts against its limit.
    expect(counts).not.toHaveProperty('rateLimits');
    // Work in flight: the outbox empties as its mails and pushes leave.
    expect(counts).not.toHaveProperty('outbox');
    // The claims of the hourly sweeps, made by whichever instance's clock reaches the hour.
    expect(counts).not.toHaveProperty('jobRuns');
    // The tables a hand-kept list once missed.
    expect(Object.keys(counts)).toEqual(expect.arrayContaining(['tasks', 'taskCompletions', 'media']));
  });
});
