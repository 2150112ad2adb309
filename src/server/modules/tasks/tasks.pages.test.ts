import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_PAGE } from '@/shared/schemas/tasks';
import { tasks } from '../../db/schema';
import type { Reader } from '../../test/client';
import { databases } from '../../test/database';
import { type Couple, createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser } from '../../test/users';

const page = async (reader: Reader, after?: string) =>
  expectBody(await reader.api.tasks.$get({ query: after === undefined ? {} : { after } }), 200);

describe.each(databases())('tasks: the list in pages on %s', (kind) => {
  let server: TestServer;
  let couple: Couple;
  /** Every task of the couple in the list's order: created_at desc, id desc. */
  let expected: string[];

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    couple = await createCouple(server);
    const due = new Date(server.clock.now().getTime() + 86_400_000);
    // 20 created in the same microsecond (the id orders them), 20 a microsecond apart within one
    // millisecond (a cursor in milliseconds would skip some), 20 a second apart.
    const at = (i: number) =>
      i < 20
        ? sql`'2026-01-01T00:00:00.500000Z'::timestamptz`
        : i < 40
          ? sql`'2026-01-01T00:00:00.500000Z'::timestamptz - ${i} * interval '1 microsecond'`
          : sql`'2026-01-01T00:00:00Z'::timestamptz - ${i} * interval '1 second'`;
    await server.database.db.insert(tasks).values(
      Array.from({ length: TASK_PAGE + 10 }, (_, i) => ({
        pairId: couple.pairId,
        title: `Task ${i}`,
        dueDate: due,
        assignedBy: couple.dominant.id,
        assignedTo: couple.submissive.id,
        createdAt: at(i),
      })),
    );
    const rows = await server.database.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.pairId, couple.pairId))
      .orderBy(desc(tasks.createdAt), desc(tasks.id));
    expected = rows.map((r) => r.id);
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`answers the newest ${TASK_PAGE}, then the rest after the cursor, each once and in order`, async () => {
    for (const reader of [couple.dominant, couple.submissive]) {
      const first = await page(reader);
      expect(first.tasks).toHaveLength(TASK_PAGE);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await page(reader, first.nextCursor!);
      expect(second.nextCursor).toBeNull();
      expect([...first.tasks, ...second.tasks].map((t) => t.id)).toEqual(expected);
    }
  });

  it('holds what can still be shown: a done one-off task leaves it, however many there are', async () => {
    const pair = await createCouple(server);
    const due = new Date(server.clock.now().getTime() + 86_400_000);
    const base = {
      pairId: pair.pairId,
      dueDate: due,
      assignedBy: pair.dominant.id,
      assignedTo: pair.submissive.id,
    };
    const done = { completed: true, completedAt: server.clock.now(), completedBy: pair.submissive.id };
    // A history of done one-off tasks longer than two pages, older and newer than what is still live.
    await server.database.db
      .insert(tasks)
      .values(
        Array.from({ length: 2 * TASK_PAGE + 5 }, (_, i) => ({ ...base, ...done, title: `Done ${i}` })),
      );
    const live = await server.database.db
      .insert(tasks)
      .values([
        { ...base, title: 'Open' },
        {
          ...base,
          ...done,
          title: 'Done, repeating',
          repeatConfig: { frequency: 'daily' as const },
        },
        { ...base, ...done, title: 'Above and beyond', taskType: 'above_and_beyond' as const },
      ])
      .returning({ id: tasks.id, title: tasks.title });
    await server.database.db
      .insert(tasks)
      .values(Array.from({ length: 5 }, (_, i) => ({ ...base, ...done, title: `Done later ${i}` })));
    for (const reader of [pair.dominant, pair.submissive]) {
      const first = await page(reader);
      expect(first.nextCursor).toBeNull();
      expect(first.tasks.map((t) => t.title).sort()).toEqual(live.map((t) => t.title).sort());
    }
    // A done one-off task is still answered by its id (its event reads it there), as done.
    const [oneOff] = await server.database.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.title, 'Done 0'))
      .limit(1);
    const response = await pair.dominant.api.tasks[':id'].$get({ param: { id: oneOff!.id } });
    expect((await expectBody(response, 200)).task).toMatchObject({ isCompleted: true });
  });

  it('a list that fits in one page has no cursor', async () => {
    const pair = await createCouple(server);
    const { tasks: list, nextCursor } = await page(pair.dominant);
    expect(list).toEqual([]);
    expect(nextCursor).toBeNull();
  });

  it.each([
    ['not a cursor', 'nope'],
    ['no id', '2026-01-01T00:00:00.000000Z'],
    ['a bad id', '2026-01-01T00:00:00.000000Z_123'],
    ['milliseconds only', '2026-01-01T00:00:00.000Z_00000000-0000-4000-8000-000000000000'],
    ['month 13', '2026-13-01T00:00:00.000000Z_00000000-0000-4000-8000-000000000000'],
    ['February 30', '2026-02-30T00:00:00.000000Z_00000000-0000-4000-8000-000000000000'],
    ['year 0', '0000-01-01T00:00:00.000000Z_00000000-0000-4000-8000-000000000000'],
    ['too long', `${'9'.repeat(200)}`],
  ])('refuses a cursor with %s: 400, not 500', async (_name, after) => {
    const response = await couple.dominant.api.tasks.$get({ query: { after } });
    await expectError(response, 400, 'VALIDATION_ERROR');
  });

  it('a stranger, a former partner and a Switch without a role read nothing with a good cursor', async () => {
    const { nextCursor } = await page(couple.dominant);
    const stranger = await createUser(server, { role: 'dominant' });
    expect(await page(stranger, nextCursor!)).toEqual({ tasks: [], nextCursor: null });

    const former = await createCouple(server);
    const before = await page(former.dominant);
    expect((await former.dominant.client.delete(`/api/partners/${former.submissive.id}`)).status).toBe(200);
    for (const user of [former.dominant, former.submissive]) {
      expect(await page(user, nextCursor!)).toEqual({ tasks: [], nextCursor: null });
    }
    expect(before.nextCursor).toBeNull();

    const undecided = await createUser(server, { role: 'switch' });
    const response = await undecided.api.tasks.$get({ query: { after: nextCursor! } });
    await expectError(response, 403, 'ROLE_NOT_CHOSEN');
  });

  it('GET /api/tasks/:id answers one task as the list shows it, to both partners', async () => {
    const first = await page(couple.dominant);
    const listed = first.tasks[3]!;
    for (const reader of [couple.dominant, couple.submissive]) {
      const response = await reader.api.tasks[':id'].$get({ param: { id: listed.id } });
      expect((await expectBody(response, 200)).task).toEqual(listed);
    }
  });

  it('GET /api/tasks/:id: 404 to a stranger and a former partner, 403 without a role, 400 for a bad id', async () => {
    const { tasks: list } = await page(couple.dominant);
    const id = list[0]!.id;
    const stranger = await createUser(server, { role: 'dominant' });
    await expectError(await stranger.api.tasks[':id'].$get({ param: { id } }), 404, 'NOT_FOUND');

    const former = await createCouple(server);
    const [own] = await server.database.db
      .insert(tasks)
      .values({
        pairId: former.pairId,
        title: 'Before the end',
        dueDate: new Date(server.clock.now().getTime() + 86_400_000),
        assignedBy: former.dominant.id,
        assignedTo: former.submissive.id,
      })
      .returning({ id: tasks.id });
    const formerTask = own!.id;
    expect((await former.submissive.api.tasks[':id'].$get({ param: { id: formerTask } })).status).toBe(200);
    expect((await former.dominant.client.delete(`/api/partners/${former.submissive.id}`)).status).toBe(200);
    for (const user of [former.dominant, former.submissive]) {
      await expectError(await user.api.tasks[':id'].$get({ param: { id: formerTask } }), 404, 'NOT_FOUND');
    }

    const undecided = await createUser(server, { role: 'switch' });
    await expectError(await undecided.api.tasks[':id'].$get({ param: { id } }), 403, 'ROLE_NOT_CHOSEN');
    await expectError(await couple.dominant.client.get('/api/tasks/not-a-uuid'), 400, 'VALIDATION_ERROR');
    expect((await fetch(new URL(`/api/tasks/${id}`, server.url))).status).toBe(401);
  });

  it('answers 401 signed out, with or without a cursor', async () => {
    const { nextCursor } = await page(couple.dominant);
    for (const path of ['/api/tasks', `/api/tasks?after=${encodeURIComponent(nextCursor!)}`]) {
      const response = await fetch(new URL(path, server.url));
      expect(response.status).toBe(401);
    }
  });
});
