import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, openTestDatabase, type TestDatabase } from '../test/database';
import { bound, preparedInTransaction, preparedSql } from './prepared';
import { rateLimits } from './schema';

const insertHit = preparedInTransaction((tx) =>
  tx
    .insert(rateLimits)
    .values({ key: bound('key'), windowStart: bound('at'), hits: 1 })
    .returning()
    .prepare('test_prepared_insert_hit'),
);
const bumpHit = preparedSql(
  'test_prepared_bump_hit',
  sql`update ${rateLimits} set hits = hits + 1 where key = ${bound('key')}`,
);

/** Statements prepared once and run inside each caller's transaction, on either driver. */
describe.each(databases())('statements prepared for transactions on %s', (kind) => {
  let test: TestDatabase;
  const db = () => test.database.db;
  const hitsOf = async (key: string) =>
    (await db().select({ hits: rateLimits.hits }).from(rateLimits).where(eq(rateLimits.key, key)))[0]?.hits;

  beforeAll(async () => {
    test = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('commit with the transaction, answering the written row', async () => {
    const at = new Date('2026-01-02T03:04:05Z');
    for (const key of ['one', 'two', 'three']) {
      const [row] = await db().transaction(async (tx) => {
        const written = await insertHit(tx, { key, at });
        await bumpHit(tx, { key });
        return written;
      });
      expect(row).toEqual({ key, windowStart: at, hits: 1 });
      expect(await hitsOf(key)).toBe(2);
    }
  });

  it('roll back with the transaction: nothing of a refused write stays', async () => {
    await expect(
      db().transaction(async (tx) => {
        await insertHit(tx, { key: 'refused', at: new Date() });
        await bumpHit(tx, { key: 'refused' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await hitsOf('refused')).toBeUndefined();
  });

  it.runIf(kind === 'postgres')(
    "run on the transaction's own connection, under their name, unseen by others until commit",
    async () => {
      await db().transaction(async (tx) => {
        await insertHit(tx, { key: 'held', at: new Date() });
        const [mine] = await tx.select({ n: count() }).from(rateLimits).where(eq(rateLimits.key, 'held'));
        expect(mine?.n).toBe(1);
        // Another connection of the pool does not see it yet.
        expect(await hitsOf('held')).toBeUndefined();
        const names = (await tx.execute(sql`select name from pg_prepared_statements`)) as unknown as {
          rows: { name: string }[];
        };
        expect(names.rows.map((r) => r.name)).toContain('test_prepared_insert_hit');
      });
      expect(await hitsOf('held')).toBe(1);
    },
  );
});
