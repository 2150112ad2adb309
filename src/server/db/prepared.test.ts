import { count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, openTestDatabase, type TestDatabase } from '../test/database';
import type { Db } from './client';
import { bound, prepared, preparedInTransaction, preparedSql } from './prepared';
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

const other = alias(rateLimits, 'other');
const hitsQuery = (db: Db) =>
  db
    .select({
      key: rateLimits.key,
      windowStart: rateLimits.windowStart,
      doubled: sql<number>`${rateLimits.hits} * 2`.mapWith(Number),
      other: { key: other.key, windowStart: other.windowStart },
    })
    .from(rateLimits)
    .leftJoin(other, eq(other.key, sql`${rateLimits.key} || '-other'`))
    .orderBy(rateLimits.key);
const readHits = prepared((db) =>
  hitsQuery(db)
    .where(eq(rateLimits.key, bound('key')))
    .prepare('test_prepared_read'),
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

/** A hot read prepared once (prepared): what it answers is what Drizzle's own select answers. */
describe.each(databases())('reads prepared once on %s', (kind) => {
  let test: TestDatabase;
  const db = () => test.database.db;

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    const at = new Date('2026-03-04T05:06:07.089Z');
    await db()
      .insert(rateLimits)
      .values([
        { key: 'alone', windowStart: at, hits: 3 },
        { key: 'paired', windowStart: at, hits: 4 },
        { key: 'paired-other', windowStart: new Date('2026-03-05T00:00:00Z'), hits: 1 },
      ]);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('answers the same rows as the unprepared select: dates, expressions, a missing join as null', async () => {
    for (const key of ['alone', 'paired', 'nobody']) {
      const direct = await hitsQuery(db()).where(eq(rateLimits.key, key));
      const rows = await readHits(db()).execute({ key });
      expect(rows).toEqual(direct);
      expect(rows).toHaveLength(key === 'nobody' ? 0 : 1);
    }
    const [alone] = await readHits(db()).execute({ key: 'alone' });
    expect(alone).toEqual({
      key: 'alone',
      windowStart: new Date('2026-03-04T05:06:07.089Z'),
      doubled: 6,
      other: null,
    });
    const [paired] = await readHits(db()).execute({ key: 'paired' });
    expect(paired?.other).toEqual({ key: 'paired-other', windowStart: new Date('2026-03-05T00:00:00Z') });
  });

  it('answers many calls at once, each with its own values', async () => {
    const keys = Array.from({ length: 30 }, (_, i) => (i % 2 ? 'alone' : 'paired'));
    const answers = await Promise.all(keys.map((key) => readHits(db()).execute({ key })));
    expect(answers.map(([row]) => row?.key)).toEqual(keys);
  });
});
