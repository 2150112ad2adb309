import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { projectPath } from '../paths';
import { databases, openTestDatabase, selectRows, type TestDatabase } from './database';
import { templateKey } from './templates';

const migrations = projectPath('src/server/db/migrations');
const journal = (await import(path.join(migrations, 'meta/_journal.json'), { with: { type: 'json' } })) as {
  default: { entries: unknown[] };
};

describe('the template key', () => {
  it('changes when a migration changes, so that no test runs on a template of other migrations', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'pact-migrations-'));
    try {
      cpSync(migrations, copy, { recursive: true });
      expect(templateKey(copy)).toBe(templateKey());
      writeFileSync(path.join(copy, '0099_more.sql'), 'create table more (id int);');
      expect(templateKey(copy)).not.toBe(templateKey());
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe.each(databases())('databases copied from the template on %s', (kind) => {
  const opened: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.dispose()));
  });

  it('start with every migration applied, and each is a copy of its own', async () => {
    const [a, b] = await Promise.all([openTestDatabase(kind), openTestDatabase(kind)]);
    opened.push(a, b);
    for (const { database } of [a, b]) {
      const [row] = await selectRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(row?.n).toBe(journal.default.entries.length);
    }
    await a.database.db.execute(
      sql`insert into rate_limits (key, window_start, hits) values ('k', now(), 1)`,
    );
    const counts = await Promise.all(
      [a, b].map(async ({ database }) => {
        const [row] = await selectRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from rate_limits`,
        );
        return row?.n;
      }),
    );
    expect(counts).toEqual([1, 0]);
  });
});
