import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, openTestDatabase, type TestDatabase } from '../test/database';
import type { Queryable } from './client';
import { readTogether } from './reads';

/** Independent reads: at once on the database, one at a time on a transaction's single connection. */
describe.each(databases())('reads together on %s', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  /** Two reads, the first the slower, each saying when it started and when it answered. */
  async function readTwice(q: Queryable) {
    const said: string[] = [];
    const read = (name: string, statement: ReturnType<typeof sql>) => async () => {
      said.push(`${name} sent`);
      const answer = (await q.execute(statement)) as unknown as { rows: { n: number }[] };
      const rows = answer.rows;
      said.push(`${name} answered`);
      return rows;
    };
    const answers = await readTogether(
      q,
      read('slow', sql`select pg_sleep(0.05), 1 as n`),
      read('quick', sql`select 2 as n`),
    );
    return { said, answers: answers.map((rows) => Number(rows[0]?.n)) };
  }

  it('sends them at once on the database', async () => {
    const { said, answers } = await readTwice(test.database.db);
    expect(answers).toEqual([1, 2]);
    expect(said.slice(0, 2)).toEqual(['slow sent', 'quick sent']);
  });

  it('sends each after the one before has answered in a transaction', async () => {
    const { said, answers } = await test.database.db.transaction((tx) => readTwice(tx));
    expect(answers).toEqual([1, 2]);
    expect(said).toEqual(['slow sent', 'slow answered', 'quick sent', 'quick answered']);
  });
});
