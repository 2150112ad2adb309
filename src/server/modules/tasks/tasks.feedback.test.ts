import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { type Couple, createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { completeTask, createTask, findTask, listHistory, listTasks } from '../../test/tasks';
import { storedCounts, uploadPhoto } from '../../test/uploads';

const DAY = 86_400_000;

async function historyOf(couple: Couple, taskId: string) {
  return (await listHistory(couple.dominant.client)).filter((h) => h.taskId === taskId);
}

async function completionById(client: Couple['dominant']['client'], id: string) {
  return (await listHistory(client)).find((h) => h.id === id);
}

describe.each(databases())('tasks: feedback and Above & Beyond on %s', (kind) => {
  let server: TestServer;
  let couple: Couple;
  let other: Couple;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    [couple, other] = await Promise.all([createCouple(server), createCouple(server)]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const feedback = (client: Couple['dominant']['client'], taskId: string, body: unknown) =>
    client.post(`/api/tasks/${taskId}/feedback`, body);

  describe('feedback on a task', () => {
    it('only on a completed task (409), only by the pair’s dominant (403 / 404), never blank (400)', async () => {
      const task = await createTask(server, couple);
      const before = await storedCounts(server);
      await expectError(
        await feedback(couple.dominant.client, task.id, { feedback: 'Nice' }),
        409,
        'CONFLICT',
      );
      await completeTask(couple.submissive.client, task.id);
      const counts = await storedCounts(server);
      expect(counts.taskCompletions).toBe(before.taskCompletions + 1);

      await expectError(
        await feedback(couple.submissive.client, task.id, { feedback: 'Self praise' }),
        403,
        'FORBIDDEN',
      );
      for (const stranger of [other.dominant, other.submissive]) {
        await expectError(await feedback(stranger.client, task.id, { feedback: 'Hi' }), 404, 'NOT_FOUND');
      }
      for (const body of [{ feedback: '' }, { feedback: '  \n\t ' }, {}, { feedback: 7 }]) {
        await expectError(
          await feedback(couple.dominant.client, task.id, body),
          400,
          'VALIDATION_ERROR',
          'Feedback Required',
        );
      }
      await expectError(
        await feedback(couple.dominant.client, task.id, { feedback: 'x'.repeat(2001) }),
        400,
        'VALIDATION_ERROR',
      );
      expect(await storedCounts(server)).toEqual(counts);
      const [row] = await historyOf(couple, task.id);
      expect(row?.feedback).toBeNull();
      expect((await findTask(couple.dominant.client, task.id))?.feedback).toBeNull();
    });

    it('is stored on the task and its latest history row; the submissive gets a 50-character preview', async () => {
      const title = 'Clean the kitchen until every surface shines, twice over';
      const task = await createTask(server, couple, { title });
      await completeTask(couple.submissive.client, task.id);
      server.clock.advance(5_000);
      const text = 'You did a wonderful job on the counters; the floor needs more care next time.';
      const response = await couple.dominant.api.tasks[':id'].feedback.$post({
        param: { id: task.id },
        json: { feedback: `  ${text}  ` },
      });
      const { task: view } = await expectBody(response, 200);
      const now = server.clock.now().getTime();
      expect(view).toMatchObject({
        feedback: text,
        feedbackGivenAt: now,
        feedbackGivenBy: couple.dominant.id,
        feedbackAcknowledged: false,
      });
      expect(await findTask(couple.submissive.client, task.id)).toEqual(view);
      const [row] = await historyOf(couple, task.id);
      expect(row).toMatchObject({
        feedback: text,
        feedbackGivenAt: now,
        feedbackGivenBy: couple.dominant.id,
      });

      const [note, ...more] = (await notificationsOf(couple.submissive.client)).filter(
        (n) => n.type === 'task_feedback' && n.data.taskId === task.id,
      );
      expect(more).toEqual([]);
      expect(note!.data).toMatchObject({ completionId: row!.id, pairId: couple.pairId, kind: 'task' });
      expect(note!.message).toContain('Dana Dom');
      expect(note!.message).toContain(`${text.slice(0, 50)}…`);
      expect(note!.message).not.toContain(text.slice(50));
      expect(note!.message).toContain(`${title.slice(0, 50)}…`);
      expect(note!.message).not.toContain(title);
      // The dominant is not notified of their own feedback.
      expect((await notificationsOf(couple.dominant.client)).some((n) => n.type === 'task_feedback')).toBe(
        false,
      );
    });

    it('a short feedback is shown whole, without an ellipsis', async () => {
      const task = await createTask(server, couple, { title: 'Short' });
      await completeTask(couple.dominant.client, task.id);
      expect((await feedback(couple.dominant.client, task.id, { feedback: 'Well done' })).status).toBe(200);
      const [note] = (await notificationsOf(couple.submissive.client)).filter(
        (n) => n.type === 'task_feedback' && n.data.taskId === task.id,
      );
      expect(note!.message).toMatch(/Well done$/);
      expect(note!.message).not.toContain('…');
    });

    it('from the history page: on an older row only that row; on the latest the task too', async () => {
      const task = await createTask(server, couple, {
        repeatConfig: { frequency: 'daily' },
        dueDate: server.clock.now().getTime() + DAY,
      });
      await completeTask(couple.submissive.client, task.id);
      server.clock.advance(2 * DAY);
      expect((await findTask(couple.submissive.client, task.id))?.isCompleted).toBe(false);
      await completeTask(couple.submissive.client, task.id);
      const [latest, older] = await historyOf(couple, task.id);
      expect(latest!.completedAt).toBeGreaterThan(older!.completedAt);

      const on = (id: string, body: unknown, client = couple.dominant.client) =>
        client.post(`/api/task-completions/${id}/feedback`, body);
      const before = await storedCounts(server);
      await expectError(await on(older!.id, { feedback: 'x' }, couple.submissive.client), 403, 'FORBIDDEN');
      await expectError(await on(older!.id, { feedback: 'x' }, other.dominant.client), 404, 'NOT_FOUND');
      await expectError(await on(older!.id, { feedback: ' ' }), 400, 'VALIDATION_ERROR', 'Feedback Required');
      await expectError(await on(randomUUID(), { feedback: 'x' }), 404, 'NOT_FOUND');
      expect(await storedCounts(server)).toEqual(before);

      const olderResponse = await couple.dominant.api['task-completions'][':id'].feedback.$post({
        param: { id: older!.id },
        json: { feedback: 'Day one was fine' },
      });
      const { completion } = await expectBody(olderResponse, 200);
      expect(completion).toMatchObject({ id: older!.id, feedback: 'Day one was fine' });
      expect((await findTask(couple.dominant.client, task.id))?.feedback).toBeNull();
      expect((await historyOf(couple, task.id))[0]!.feedback).toBeNull();

      expect((await on(latest!.id, { feedback: 'Day two, better' })).status).toBe(200);
      expect((await findTask(couple.submissive.client, task.id))?.feedback).toBe('Day two, better');
      expect((await historyOf(couple, task.id)).map((h) => h.feedback)).toEqual([
        'Day two, better',
        'Day one was fine',
      ]);
      const notes = (await notificationsOf(couple.submissive.client)).filter(
        (n) => n.type === 'task_feedback' && n.data.taskId === task.id,
      );
      expect(notes.map((n) => n.data.completionId)).toEqual([latest!.id, older!.id]);
    });

    it('acknowledging feedback on an assigned task is refused (400)', async () => {
      const task = await createTask(server, couple);
      await completeTask(couple.submissive.client, task.id);
      await feedback(couple.dominant.client, task.id, { feedback: 'ok' });
      const [row] = await historyOf(couple, task.id);
      const before = await storedCounts(server);
      await expectError(
        await couple.submissive.client.post(`/api/task-completions/${row!.id}/acknowledge`),
        400,
      );
      expect(await storedCounts(server)).toEqual(before);
      expect((await historyOf(couple, task.id))[0]!.feedbackAcknowledged).toBe(false);
    });
  });

  describe('Above & Beyond', () => {
    const aab = (client: Couple['dominant']['client'], body: Record<string, unknown>) =>
      client.post('/api/tasks/above-and-beyond', body);

    it('is for the submissive only, with a photo, a title of 1..100 and details up to 500 characters', async () => {
      const photo = await uploadPhoto(couple.submissive.client, couple.dominant.id);
      const domPhoto = await uploadPhoto(couple.dominant.client, couple.submissive.id);
      const valid = { dominantId: couple.dominant.id, title: 'Washed the car', details: '', photoId: photo };
      const before = await storedCounts(server);
      await expectError(
        await aab(couple.dominant.client, { ...valid, dominantId: couple.submissive.id, photoId: domPhoto }),
        403,
        'FORBIDDEN',
      );
      for (const [patch, message] of [
        [{ photoId: undefined }, 'Photo proof required'],
        [{ title: '' }, 'Title is required'],
        [{ title: '    ' }, 'Title is required'],
        [{ title: undefined }, 'Title is required'],
        [{ title: 'x'.repeat(101) }, 'Title must be at most 100 characters'],
        [{ details: 'd'.repeat(501) }, 'Details must be at most 500 characters'],
        [{ dominantId: undefined }, 'Please choose the partner this is for'],
      ] as const) {
        await expectError(
          await aab(couple.submissive.client, { ...valid, ...patch }),
          400,
          'VALIDATION_ERROR',
          message,
        );
      }
      // Someone else's photo, and a partner who is not theirs.
      await expectError(
        await aab(couple.submissive.client, { ...valid, photoId: domPhoto }),
        400,
        'VALIDATION_ERROR',
      );
      await expectError(
        await aab(couple.submissive.client, { ...valid, dominantId: other.dominant.id }),
        404,
        'NOT_FOUND',
      );
      expect(await storedCounts(server)).toEqual(before);

      const response = await aab(couple.submissive.client, {
        ...valid,
        title: 't'.repeat(100),
        details: 'd'.repeat(500),
      });
      expect(response.status).toBe(201);
    });

    it('notifies the dominant; their feedback moves to the history and the task goes; the submissive acknowledges once', async () => {
      const photo = await uploadPhoto(couple.submissive.client, couple.dominant.id);
      const response = await couple.submissive.api.tasks['above-and-beyond'].$post({
        json: {
          dominantId: couple.dominant.id,
          title: '  Cooked dinner  ',
          details: 'Three courses',
          photoId: photo,
        },
      });
      const { task } = await expectBody(response, 201);
      expect(task).toMatchObject({
        pairId: couple.pairId,
        title: 'Cooked dinner',
        description: 'Three courses',
        taskType: 'above_and_beyond',
        isCompleted: true,
        completedBy: couple.submissive.id,
        assignedBy: couple.submissive.id,
        assignedTo: couple.submissive.id,
        photoProofRequired: true,
        photoProof: photo,
        onTime: true,
        feedback: null,
      });
      expect(await findTask(couple.dominant.client, task.id)).toEqual(task);
      const [row] = await historyOf(couple, task.id);
      expect(row).toMatchObject({ taskType: 'above_and_beyond', photoProof: photo, title: 'Cooked dinner' });
      const [note] = (await notificationsOf(couple.dominant.client)).filter((n) => n.data.taskId === task.id);
      expect(note).toMatchObject({ type: 'task_completed', data: { completionId: row!.id } });
      expect(note!.message).toContain('Cooked dinner');

      // It cannot be edited or completed again.
      await expectError(
        await couple.dominant.client.put(`/api/tasks/${task.id}`, { title: 'x', dueDate: task.dueDate }),
        409,
      );
      await expectError(await couple.dominant.client.post(`/api/tasks/${task.id}/complete`, {}), 409);
      // Nothing to acknowledge yet.
      const ack = (client = couple.submissive.client, id = row!.id) =>
        client.api['task-completions'][':id'].acknowledge.$post({ param: { id } });
      await expectError(await ack(), 409, 'CONFLICT');

      const given = await feedback(couple.dominant.client, task.id, { feedback: 'Delicious, thank you' });
      expect(given.status).toBe(200);
      expect(await given.json()).toEqual({ task: null });
      for (const user of [couple.dominant, couple.submissive]) {
        expect((await listTasks(user.client)).some((t) => t.id === task.id)).toBe(false);
        // The proof stays with the history.
        expect((await user.client.get(`/api/media/${photo}`)).status).toBe(200);
      }
      // The history row outlives its task.
      const moved = await completionById(couple.submissive.client, row!.id);
      expect(moved).toMatchObject({
        taskId: null,
        title: 'Cooked dinner',
        feedback: 'Delicious, thank you',
        feedbackGivenBy: couple.dominant.id,
        feedbackAcknowledged: false,
        photoProof: photo,
      });
      expect(
        (await notificationsOf(couple.submissive.client)).some(
          (n) => n.type === 'task_feedback' && n.data.completionId === row!.id,
        ),
      ).toBe(true);

      const before = await storedCounts(server);
      await expectError(await ack(couple.dominant.client), 403, 'FORBIDDEN');
      await expectError(await ack(other.submissive.client), 404, 'NOT_FOUND');
      expect(await storedCounts(server)).toEqual(before);

      server.clock.advance(1_000);
      const first = await ack();
      const { completion } = await expectBody(first, 200);
      expect(completion).toMatchObject({
        feedbackAcknowledged: true,
        feedbackAcknowledgedBy: couple.submissive.id,
        feedbackAcknowledgedAt: server.clock.now().getTime(),
      });
      await expectError(await ack(), 409, 'CONFLICT', 'Feedback already acknowledged');
      expect(await completionById(couple.dominant.client, row!.id)).toEqual(completion);
    });

    it('feedback from the history page also removes the Above & Beyond task', async () => {
      const photo = await uploadPhoto(couple.submissive.client, couple.dominant.id);
      const response = await couple.submissive.api.tasks['above-and-beyond'].$post({
        json: { dominantId: couple.dominant.id, title: 'Ironed shirts', photoId: photo },
      });
      const { task } = await expectBody(response, 201);
      const [row] = await historyOf(couple, task.id);
      const given = await couple.dominant.client.post(`/api/task-completions/${row!.id}/feedback`, {
        feedback: 'Crisp',
      });
      expect(given.status).toBe(200);
      expect(await findTask(couple.submissive.client, task.id)).toBeUndefined();
      expect(await completionById(couple.submissive.client, row!.id)).toMatchObject({
        feedback: 'Crisp',
        photoProof: photo,
      });
    });
  });
});
