import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_AWARD_MAX, TASK_AWARD_TEXT } from '@/shared/schemas/tasks';
import { databases } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { notificationsOf } from '../../test/notifications';
import { type Couple, createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { completeTask, createTask, findTask, taskBody } from '../../test/tasks';
import { storedCounts } from '../../test/uploads';
import { expectBalance, ledgerOf, NUL } from '../points/points.fixtures';

const DAY = 24 * 3_600_000;

/**
 * A task's default award (decision 075): set by the dominant (0..1000), made once per completion in the
 * completion's transaction, keyed by it; never made for 0, never held or taken back by Red.
 */
describe.each(databases())('tasks: the default award on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const complete = (who: Couple['submissive'], id: string, init?: RequestInit) =>
    who.client.post(`/api/tasks/${id}/complete`, {}, init);
  const awards = async (couple: Couple) =>
    (await ledgerOf(couple.dominant, couple.submissive.id)).entries.filter((e) => e.kind === 'award');
  const pointsNotices = async (couple: Couple) =>
    (await notificationsOf(couple.submissive.client)).filter((n) => n.type === 'points_awarded');

  it('a completion makes one entry by the dominant; the submissive is told and both refetch live', async () => {
    const couple = await createCouple(server);
    const task = await createTask(server, couple, { title: 'Polish the boots', awardPoints: 5 });
    expect(task.awardPoints).toBe(5);
    expect((await findTask(couple.submissive.client, task.id))?.awardPoints).toBe(5);
    const streams = await Promise.all([
      openEventStream(couple.dominant.client),
      openEventStream(couple.submissive.client),
    ]);
    try {
      await completeTask(couple.submissive.client, task.id);
      for (const stream of streams) {
        expect(await stream.next('points.changed', (d) => d.pairId === couple.pairId)).toEqual({
          pairId: couple.pairId,
        });
      }
    } finally {
      for (const stream of streams) stream.close();
    }
    expect(await awards(couple)).toEqual([
      expect.objectContaining({
        amount: 5,
        kind: 'award',
        reason: 'For completing "Polish the boots"',
        madeBy: couple.dominant.id,
      }),
    ]);
    await expectBalance(couple, 5);
    const [told, ...more] = await pointsNotices(couple);
    expect(more).toEqual([]);
    expect(told?.message).toMatch(/^Dana Dom awarded you 5 points: "For completing/);
    expect(told?.data).toEqual({
      entryId: expect.any(String),
      pairId: couple.pairId,
      partnerId: couple.dominant.id,
    });
    const record = (await expectBody(
      await couple.dominant.client.get(`/api/record?pairId=${couple.pairId}&kind=points`),
      200,
    )) as { entries: { kind: string }[] };
    expect(record.entries.map((e) => e.kind)).toEqual(['points.awarded']);
  });

  it('a retried completion (the same Idempotency-Key, or sent twice at once) makes one entry', async () => {
    const couple = await createCouple(server);
    const task = await createTask(server, couple, { awardPoints: 7 });
    const key = { headers: { 'Idempotency-Key': 'complete-once-1' } };
    expect((await complete(couple.submissive, task.id, key)).status).toBe(200);
    await expectError(await complete(couple.submissive, task.id, key), 409, 'CONFLICT');
    await expectBalance(couple, 7);

    const raced = await createTask(server, couple, { awardPoints: 3 });
    const statuses = await Promise.all([
      complete(couple.submissive, raced.id),
      complete(couple.submissive, raced.id),
      complete(couple.dominant, raced.id),
    ]);
    expect(statuses.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    await expectBalance(couple, 10);
    expect((await awards(couple)).map((e) => e.amount).sort()).toEqual([3, 7]);
    expect(await pointsNotices(couple)).toHaveLength(2);
  });

  it('every completion of a repeating task makes its own entry; an edit changes only later ones', async () => {
    const couple = await createCouple(server);
    const task = await createTask(server, couple, { repeatConfig: { frequency: 'daily' }, awardPoints: 2 });
    await completeTask(couple.submissive.client, task.id);
    server.clock.advance(2 * DAY);
    expect((await findTask(couple.dominant.client, task.id))?.isCompleted).toBe(false);
    // The dominant completes this cycle on the submissive's behalf: it is a completion all the same.
    await completeTask(couple.dominant.client, task.id);
    const edited = await couple.dominant.client.put(`/api/tasks/${task.id}`, {
      title: task.title,
      dueDate: (await findTask(couple.dominant.client, task.id))!.dueDate,
      repeatConfig: { frequency: 'daily' },
      awardPoints: 4,
    });
    expect(((await expectBody(edited, 200)) as { task: { awardPoints: number } }).task.awardPoints).toBe(4);
    server.clock.advance(2 * DAY);
    expect((await findTask(couple.submissive.client, task.id))?.isCompleted).toBe(false);
    await completeTask(couple.submissive.client, task.id);
    expect((await awards(couple)).map((e) => e.amount).sort()).toEqual([2, 2, 4]);
    await expectBalance(couple, 8);
  });

  it('an award of 0, given or left out, makes nothing', async () => {
    const couple = await createCouple(server);
    const none = await createTask(server, couple);
    expect(none.awardPoints).toBe(0);
    const zero = await createTask(server, couple, { awardPoints: 0 });
    await completeTask(couple.submissive.client, none.id);
    await completeTask(couple.submissive.client, zero.id);
    expect(await awards(couple)).toEqual([]);
    expect(await pointsNotices(couple)).toEqual([]);
    await expectBalance(couple, 0);
  });

  it('Red neither holds an award nor takes one back', async () => {
    const couple = await createCouple(server);
    const before = await createTask(server, couple, { awardPoints: 5 });
    const during = await createTask(server, couple, { awardPoints: 6 });
    await completeTask(couple.submissive.client, before.id);
    expect((await couple.submissive.client.post('/api/stops', {})).status).toBe(200);
    await expectBalance(couple, 5);
    await completeTask(couple.submissive.client, during.id);
    await expectBalance(couple, 11);
    expect((await couple.submissive.client.post('/api/stops/lift', {})).status).toBe(200);
    await expectBalance(couple, 11);
  });

  it('refuses a bad award (400, its message) on create and edit, changing nothing', async () => {
    const couple = await createCouple(server);
    const task = await createTask(server, couple, { awardPoints: 5 });
    const before = await storedCounts(server);
    for (const awardPoints of [-1, TASK_AWARD_MAX + 1, 1.5, '5', NUL, null, true, [], 1e308]) {
      // Every NUL is refused before any field's own check, with the message that says so.
      const message = awardPoints === NUL ? 'Text must not contain NUL characters' : TASK_AWARD_TEXT.invalid;
      await expectError(
        await couple.dominant.client.post(
          '/api/tasks',
          taskBody(server, couple.submissive.id, { awardPoints }),
        ),
        400,
        'VALIDATION_ERROR',
        message,
      );
      await expectError(
        await couple.dominant.client.put(`/api/tasks/${task.id}`, {
          title: task.title,
          dueDate: task.dueDate,
          awardPoints,
        }),
        400,
        'VALIDATION_ERROR',
        message,
      );
    }
    expect(await storedCounts(server)).toEqual(before);
    expect(await findTask(couple.dominant.client, task.id)).toEqual(task);
    const most = await createTask(server, couple, { awardPoints: TASK_AWARD_MAX });
    expect(most.awardPoints).toBe(TASK_AWARD_MAX);
  });

  it('the submissive sets no award: creating or editing a task is 403, nothing changes', async () => {
    const couple = await createCouple(server);
    const task = await createTask(server, couple, { awardPoints: 1 });
    const before = await storedCounts(server);
    await expectError(
      await couple.submissive.client.post(
        '/api/tasks',
        taskBody(server, couple.submissive.id, { awardPoints: 500 }),
      ),
      403,
      'FORBIDDEN',
    );
    await expectError(
      await couple.submissive.client.put(`/api/tasks/${task.id}`, {
        title: task.title,
        dueDate: task.dueDate,
        awardPoints: 500,
      }),
      403,
      'FORBIDDEN',
    );
    expect(await storedCounts(server)).toEqual(before);
    expect(await findTask(couple.dominant.client, task.id)).toEqual(task);
  });
});
