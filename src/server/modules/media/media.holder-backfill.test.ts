import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { projectPath } from '../../paths';
import { type DbKind, databases, selectRows } from '../../test/database';

const MIGRATIONS = projectPath('src/server/db/migrations');
/** The first migration that knows which row holds a file. */
const FIRST_WITH_HOLDER = '0013_media_holder';

/** A copy of the migrations that stops before `tag`: the database of a server not yet upgraded. */
function migrationsBefore(tag: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pact-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const stop = journal.entries.findIndex((e) => e.tag === tag);
  expect(stop).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, stop);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

interface Migratable {
  db: Db;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openUnmigrated(kind: DbKind): Promise<Migratable> {
  if (kind === 'pglite') {
    const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const client = new PGlite();
    const db = drizzle(client);
    return {
      db: db as unknown as Db,
      migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
      close: () => client.close(),
    };
  }
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `pact_t_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    // As the app's own pool does (db/client.ts): a connection the server ends reports on the query in
    // flight; its 'error' event, unheard, would end the test process.
    client.on('error', () => {});
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // `pool.end()` answers before its connections have closed; the DROP DATABASE … WITH (FORCE) that follows
  // ends them, and pg-pool reports that as the pool's 'error', which unheard throws in the test process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool);
  return {
    db: db as unknown as Db,
    migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
    async close() {
      await pool.end();
      await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

describe.each(databases())(
  'media holders on a database upgraded with files already attached, on %s',
  (kind) => {
    let target: Migratable;
    let before: string;
    const ids = {
      dom: randomUUID(),
      sub: randomUUID(),
      pair: randomUUID(),
      taskA: randomUUID(),
      taskB: randomUUID(),
      older: randomUUID(),
      newer: randomUUID(),
      gone: randomUUID(),
      punishment: randomUUID(),
      message: randomUUID(),
    };
    const files = {
      proof: randomUUID(),
      instruction: randomUUID(),
      kept: randomUUID(),
      order: randomUUID(),
      message: randomUUID(),
      orphan: randomUUID(),
      upload: randomUUID(),
      shared: randomUUID(),
    };

    beforeAll(async () => {
      before = migrationsBefore(FIRST_WITH_HOLDER);
      target = await openUnmigrated(kind);
      await target.migrate(before);
      const db = target.db;
      const { dom, sub, pair } = ids;
      await db.execute(sql`insert into users (id, display_name, email, role, username) values
      (${dom}, 'D', ${`${dom}@example.test`}, 'dominant', 'd'),
      (${sub}, 'S', ${`${sub}@example.test`}, 'submissive', 's')`);
      await db.execute(
        sql`insert into pairs (id, dominant_id, submissive_id) values (${pair}, ${dom}, ${sub})`,
      );
      for (const [name, id] of Object.entries(files)) {
        const attached =
          name === 'upload' ? null : name === 'order' ? 'punishment' : name === 'message' ? 'note' : 'task';
        await db.execute(sql`insert into media (id, pair_id, owner_id, kind, mime, size_bytes, storage_key,
        attached_to, attached_at) values (${id}, ${pair}, ${sub}, 'audio', 'audio/ogg', 1, ${id}, ${attached},
        ${attached ? sql`now()` : null})`);
      }
      const task = (id: string, created: string, columns: SQL, values: SQL) =>
        db.execute(sql`insert into tasks (id, pair_id, title, due_date, assigned_by, assigned_to, created_at, ${columns})
        values (${id}, ${pair}, 't', now(), ${dom}, ${sub}, ${created}::timestamptz, ${values})`);
      await task(ids.taskA, '2030-01-01', sql`photo_proof`, sql`${files.proof}`);
      await task(ids.taskB, '2030-01-02', sql`voice_note`, sql`${files.instruction}`);
      // The race before claims: one photo on two tasks.
      await task(ids.older, '2030-01-03', sql`photo_proof`, sql`${files.shared}`);
      await task(ids.newer, '2030-01-04', sql`photo_proof`, sql`${files.shared}`);
      const completion = (id: string, taskId: string | null, column: SQL, file: string) =>
        db.execute(sql`insert into task_completions (id, task_id, pair_id, title, task_type, completed_at,
        due_date_at_time, on_time, ${column}) values (${id}, ${taskId}, ${pair}, 't', 'assigned', now(), now(),
        true, ${file})`);
      await completion(randomUUID(), ids.taskA, sql`photo_proof`, files.proof);
      await completion(randomUUID(), ids.taskB, sql`voice_note`, files.instruction);
      // An Above & Beyond entry whose task went at its feedback.
      await completion(ids.gone, null, sql`photo_proof`, files.kept);
      await db.execute(sql`insert into punishments (id, pair_id, assigned_by, assigned_to, title, voice_note)
      values (${ids.punishment}, ${pair}, ${dom}, ${sub}, 'p', ${files.order})`);
      await db.execute(sql`insert into notes (id, pair_id, sender_id, receiver_id, voice_note)
      values (${ids.message}, ${pair}, ${sub}, ${dom}, ${files.message})`);
      await target.migrate(MIGRATIONS);
    });
    afterAll(async () => {
      await target?.close();
      if (before) rmSync(before, { recursive: true, force: true });
    });

    it('each claimed file gets the row that holds it; a claimed file nobody points at is released for the sweep', async () => {
      const rows = await selectRows<{ id: string; attached_to: string | null; attached_id: string | null }>(
        target.db,
        sql`select id, attached_to, attached_id from media`,
      );
      const holder = Object.fromEntries(rows.map((r) => [r.id, [r.attached_to, r.attached_id]]));
      expect(holder).toEqual({
        [files.proof]: ['task', ids.taskA],
        [files.instruction]: ['task', ids.taskB],
        [files.shared]: ['task', ids.older],
        [files.kept]: ['task', ids.gone],
        [files.order]: ['punishment', ids.punishment],
        // Held as 'note' before migration 0029, which names the kind 'message' (decision 061).
        [files.message]: ['message', ids.message],
        [files.orphan]: [null, null],
        [files.upload]: [null, null],
      });
    });

    it('from then on the database refuses a row pointed at a file another row holds; old rows stay writable', async () => {
      const refused = await target.db
        .execute(sql`update tasks set photo_proof = ${files.proof} where id = ${ids.taskB}`)
        .then(
          () => 'accepted',
          (error: { cause?: { message?: string } }) => error.cause?.message ?? String(error),
        );
      expect(refused).toContain('media_not_held');
      // The history entry whose task is gone still takes its feedback and acknowledgement.
      await target.db.execute(
        sql`update task_completions set feedback = 'Thanks', feedback_acknowledged = true where id = ${ids.gone}`,
      );
      await target.db.execute(sql`update tasks set title = 'renamed' where id = ${ids.newer}`);
    });
  },
);
