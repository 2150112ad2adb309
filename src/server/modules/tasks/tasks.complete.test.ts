import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskCompletionView } from '@/shared/schemas/tasks';
import { tasks } from '../../db/schema';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { type Couple, connect, createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { completeTask, createTask, findTask, listHistory } from '../../test/tasks';
import { storedCounts, uploadAudio, uploadPhoto } from '../../test/uploads';
import { createUser } from '../../test/users';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const at = (iso: string) => new Date(iso).getTime();

async function historyOf(couple: Couple, taskId: string) {
  return (await listHistory(couple.dominant.client)).filter((h) => h.taskId === taskId);
}

describe.each(databases())('tasks: completion and repeats on %s', (kind) => {
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

  const complete = (client: Couple['dominant']['client'], id: string, body: unknown = {}) =>
    client.post(`/api/tasks/${id}/complete`, body);

  describe('complete', () => {
    it('a photo-proof task refuses the submissive without a photo (400), changing nothing', async () => {
      const task = await createTask(server, couple, { photoProofRequired: true });
      const before = await storedCounts(server);
      for (const body of [{}, { photoId: null }]) {
        await expectError(
          await complete(couple.submissive.client, task.id, body),
          400,
          'VALIDATION_ERROR',
          'Photo proof required',
        );
      }
      expect(await storedCounts(server)).toEqual(before);
      expect(await findTask(couple.submissive.client, task.id)).toEqual(task);
    });

    it('with a photo it completes on time, writes the history and notifies the dominant', async () => {
      const task = await createTask(server, couple, { photoProofRequired: true, title: 'Photo task' });
      const photo = await uploadPhoto(couple.submissive.client, couple.dominant.id);
      server.clock.advance(MINUTE);
      const now = server.clock.now().getTime();
      const done = await completeTask(couple.submissive.client, task.id, photo);
      expect(done).toMatchObject({
        isCompleted: true,
        completedAt: now,
        completedBy: couple.submissive.id,
        completedByName: 'Sam Sub',
        photoProof: photo,
        onTime: true,
        latenessSeconds: 0,
        dueDate: task.dueDate,
        nextDueDate: null,
      });
      expect(await findTask(couple.dominant.client, task.id)).toEqual(done);

      const [row, ...more] = await historyOf(couple, task.id);
      expect(more).toEqual([]);
      expect(row).toMatchObject<Partial<TaskCompletionView>>({
        pairId: couple.pairId,
        title: 'Photo task',
        description: task.description,
        taskType: 'assigned',
        completedBy: couple.submissive.id,
        completedByName: 'Sam Sub',
        assignedBy: couple.dominant.id,
        assignedTo: couple.submissive.id,
        assignedToName: 'Sam Sub',
        completedAt: now,
        dueDateAtTime: task.dueDate,
        onTime: true,
        latenessSeconds: 0,
        photoProof: photo,
        feedback: null,
        repeatConfig: null,
        nextDueDate: null,
      });
      expect(await listHistory(couple.submissive.client)).toContainEqual(row);

      const notes = (await notificationsOf(couple.dominant.client)).filter((n) => n.data.taskId === task.id);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        type: 'task_completed',
        data: { taskId: task.id, completionId: row!.id, pairId: couple.pairId },
      });
      expect(notes[0]!.message).toContain('Sam Sub');
      // The photo is readable by the dominant.
      expect((await couple.dominant.client.get(`/api/media/${photo}`)).status).toBe(200);
    });

    it('late: onTime false and the lateness in seconds, on the task and in the history', async () => {
      const due = server.clock.now().getTime() + HOUR;
      const task = await createTask(server, couple, { dueDate: due });
      server.clock.advance(3 * HOUR + 7 * SECOND + 400);
      const done = await completeTask(couple.submissive.client, task.id);
      const lateness = 2 * 3600 + 7;
      expect(done).toMatchObject({ isCompleted: true, onTime: false, latenessSeconds: lateness });
      const [row] = await historyOf(couple, task.id);
      expect(row).toMatchObject({ onTime: false, latenessSeconds: lateness, dueDateAtTime: due });
    });

    it('the dominant completes on the submissive’s behalf without a photo; the submissive is notified', async () => {
      const task = await createTask(server, couple, { photoProofRequired: true, title: 'On your behalf' });
      const done = await completeTask(couple.dominant.client, task.id);
      expect(done).toMatchObject({
        isCompleted: true,
        completedBy: couple.dominant.id,
        completedByName: 'Dana Dom',
        photoProof: null,
      });
      const [row] = await historyOf(couple, task.id);
      expect(row).toMatchObject({
        completedBy: couple.dominant.id,
        completedByName: 'Dana Dom',
        photoProof: null,
      });
      const toSub = (await notificationsOf(couple.submissive.client)).filter(
        (n) => n.data.taskId === task.id,
      );
      expect(toSub.map((n) => n.type)).toEqual(['task_completed_by_dominant', 'task_assigned']);
      expect(toSub[0]!.message).toContain('Dana Dom');
      const toDom = (await notificationsOf(couple.dominant.client)).filter((n) => n.data.taskId === task.id);
      expect(toDom).toEqual([]);
    });

    it('completing twice is 409, even when both requests race', async () => {
      const task = await createTask(server, couple);
      await completeTask(couple.submissive.client, task.id);
      const before = await storedCounts(server);
      await expectError(await complete(couple.submissive.client, task.id), 409, 'CONFLICT');
      await expectError(await complete(couple.dominant.client, task.id), 409, 'CONFLICT');
      expect(await storedCounts(server)).toEqual(before);

      const raced = await createTask(server, couple);
      const statuses = (
        await Promise.all([
          complete(couple.submissive.client, raced.id),
          complete(couple.dominant.client, raced.id),
        ])
      )
        .map((r) => r.status)
        .sort();
      expect(statuses).toEqual([200, 409]);
      expect(await historyOf(couple, raced.id)).toHaveLength(1);
    });

    it('refuses a photo that is not the completer’s own photo upload for this pair', async () => {
      // The submissive also has a second dominant: a photo for that pair cannot prove this one's task.
      const secondDom = await createUser(server, { role: 'dominant' });
      await connect(secondDom, couple.submissive);
      const otherPairPhoto = await uploadPhoto(couple.submissive.client, secondDom.id);
      const domPhoto = await uploadPhoto(couple.dominant.client, couple.submissive.id);
      const audio = await uploadAudio(couple.submissive.client, couple.dominant.id);
      const strangerPhoto = await uploadPhoto(other.submissive.client, other.dominant.id);

      const task = await createTask(server, couple, { photoProofRequired: true });
      const before = await storedCounts(server);
      for (const photoId of [otherPairPhoto, domPhoto, audio, strangerPhoto, randomUUID()]) {
        await expectError(
          await complete(couple.submissive.client, task.id, { photoId }),
          400,
          'VALIDATION_ERROR',
          'Photo not found: upload it again',
        );
      }
      await expectError(
        await complete(couple.submissive.client, task.id, { photoId: 'photo.jpg' }),
        400,
        'VALIDATION_ERROR',
        'Invalid photo',
      );
      // A photo already proving another task cannot be reused.
      const used = await uploadPhoto(couple.submissive.client, couple.dominant.id);
      const first = await createTask(server, couple);
      await completeTask(couple.submissive.client, first.id, used);
      const counts = await storedCounts(server);
      await expectError(
        await complete(couple.submissive.client, task.id, { photoId: used }),
        409,
        'CONFLICT',
        'Photo is already attached elsewhere',
      );
      expect(await storedCounts(server)).toEqual(counts);
      expect(counts.taskCompletions).toBe(before.taskCompletions + 1);
      expect((await findTask(couple.submissive.client, task.id))?.isCompleted).toBe(false);
    });

    it('a stranger gets 404, changing nothing', async () => {
      const task = await createTask(server, couple);
      const before = await storedCounts(server);
      for (const stranger of [other.dominant, other.submissive]) {
        await expectError(await complete(stranger.client, task.id), 404, 'NOT_FOUND');
      }
      expect(await storedCounts(server)).toEqual(before);
      expect((await findTask(couple.submissive.client, task.id))?.isCompleted).toBe(false);
    });
  });

  describe('repeats (assigner in Europe/Berlin)', () => {
    it('daily: completing early rolls to the next day at the same Berlin time (across DST) and resets proof and feedback', async () => {
      // Saturday 30 March 2030, 07:00 in Berlin (CET, UTC+1); summer time starts the next night.
      server.clock.set(new Date('2030-03-30T06:00:00Z'));
      const due = at('2030-03-30T08:00:00Z'); // 09:00 CET
      const task = await createTask(server, couple, {
        dueDate: due,
        repeatConfig: { frequency: 'daily' },
        photoProofRequired: true,
      });
      const sunday9 = at('2030-03-31T07:00:00Z'); // 09:00 CEST
      expect(task).toMatchObject({
        repeatConfig: { frequency: 'daily' },
        nextDueDate: sunday9,
        isCompleted: false,
      });

      const photo1 = await uploadPhoto(couple.submissive.client, couple.dominant.id);
      const done = await completeTask(couple.submissive.client, task.id, photo1);
      expect(done).toMatchObject({
        isCompleted: true,
        dueDate: sunday9,
        nextDueDate: sunday9,
        photoProof: null,
        onTime: true,
        latenessSeconds: 0,
        completedAt: at('2030-03-30T06:00:00Z'),
      });
      const [first] = await historyOf(couple, task.id);
      expect(first).toMatchObject({
        dueDateAtTime: due,
        photoProof: photo1,
        onTime: true,
        repeatConfig: { frequency: 'daily' },
        nextDueDate: sunday9,
      });

      // The dominant's feedback on this cycle lands on the task and its history row.
      const fb = await couple.dominant.api.tasks[':id'].feedback.$post({
        param: { id: task.id },
        json: { feedback: 'Good start' },
      });
      expect((await expectBody(fb, 200)).task?.feedback).toBe('Good start');

      // Done for today: still completed until Sunday begins in Berlin (Saturday 23:00 UTC).
      server.clock.set(new Date('2030-03-30T22:59:59Z'));
      expect(await findTask(couple.submissive.client, task.id)).toMatchObject({ isCompleted: true });
      server.clock.set(new Date('2030-03-30T23:00:00Z'));
      const reopened = await findTask(couple.submissive.client, task.id);
      expect(reopened).toMatchObject({
        isCompleted: false,
        completedAt: null,
        completedBy: null,
        onTime: null,
        dueDate: sunday9,
        nextDueDate: at('2030-04-01T07:00:00Z'),
      });
      expect(await findTask(couple.dominant.client, task.id)).toEqual(reopened);

      // Late on Sunday: 2 h 30 s after 09:00; rolls to Monday 09:00, the proof and feedback reset.
      server.clock.set(new Date('2030-03-31T09:00:30Z'));
      const photo2 = await uploadPhoto(couple.submissive.client, couple.dominant.id);
      const late = await completeTask(couple.submissive.client, task.id, photo2);
      expect(late).toMatchObject({
        isCompleted: true,
        dueDate: at('2030-04-01T07:00:00Z'),
        onTime: false,
        latenessSeconds: 2 * 3600 + 30,
        photoProof: null,
        feedback: null,
        feedbackGivenAt: null,
        feedbackGivenBy: null,
      });
      const history = await historyOf(couple, task.id);
      expect(history.map((h) => [h.dueDateAtTime, h.photoProof, h.feedback, h.onTime])).toEqual([
        [sunday9, photo2, null, false],
        [due, photo1, 'Good start', true],
      ]);
    });

    it('weekly: done days early it rolls past its own due date; done late it skips to the next week', async () => {
      server.clock.set(new Date('2030-03-01T10:00:00Z')); // Friday
      const monday10 = at('2030-03-04T09:00:00Z'); // Monday 10:00 CET
      const task = await createTask(server, couple, {
        dueDate: monday10,
        repeatConfig: { frequency: 'weekly' },
      });
      expect(task.nextDueDate).toBe(at('2030-03-11T09:00:00Z'));

      const early = await completeTask(couple.submissive.client, task.id);
      expect(early).toMatchObject({ isCompleted: true, onTime: true, dueDate: at('2030-03-11T09:00:00Z') });
      // Through its original Monday it stays done.
      server.clock.set(new Date('2030-03-04T12:00:00Z'));
      expect((await findTask(couple.submissive.client, task.id))?.isCompleted).toBe(true);

      server.clock.set(new Date('2030-03-10T23:00:00Z')); // Monday 11 March begins in Berlin
      expect((await findTask(couple.submissive.client, task.id))?.isCompleted).toBe(false);
      server.clock.set(new Date('2030-03-12T09:00:00Z')); // a day late
      const late = await completeTask(couple.submissive.client, task.id);
      expect(late).toMatchObject({
        onTime: false,
        latenessSeconds: 86_400,
        dueDate: at('2030-03-18T09:00:00Z'),
      });
    });

    it('monthly: the 31st falls on the last day of a short month and comes back after it', async () => {
      server.clock.set(new Date('2030-01-30T12:00:00Z'));
      const task = await createTask(server, couple, {
        dueDate: at('2030-01-31T09:00:00Z'), // 10:00 CET
        repeatConfig: { frequency: 'monthly' },
      });
      expect(task.repeatConfig).toEqual({ frequency: 'monthly', dayOfMonth: 31 });
      const feb = await completeTask(couple.submissive.client, task.id);
      expect(feb.dueDate).toBe(at('2030-02-28T09:00:00Z'));

      server.clock.set(new Date('2030-02-27T23:00:00Z'));
      expect((await findTask(couple.submissive.client, task.id))?.isCompleted).toBe(false);
      const march = await completeTask(couple.submissive.client, task.id);
      expect(march.dueDate).toBe(at('2030-03-31T08:00:00Z')); // 10:00 CEST
    });

    it('custom: rolls to the next chosen weekday', async () => {
      server.clock.set(new Date('2030-03-04T07:00:00Z')); // Monday 08:00 CET
      const task = await createTask(server, couple, {
        dueDate: at('2030-03-04T09:00:00Z'),
        repeatConfig: { frequency: 'custom', daysOfWeek: [3, 1, 3] }, // Monday and Wednesday
      });
      expect(task.repeatConfig).toEqual({ frequency: 'custom', daysOfWeek: [1, 3] });
      expect(task.nextDueDate).toBe(at('2030-03-06T09:00:00Z'));
      const wed = await completeTask(couple.submissive.client, task.id);
      expect(wed.dueDate).toBe(at('2030-03-06T09:00:00Z'));

      server.clock.set(new Date('2030-03-05T23:00:00Z'));
      expect((await findTask(couple.submissive.client, task.id))?.isCompleted).toBe(false);
      server.clock.set(new Date('2030-03-06T08:00:00Z'));
      const mon = await completeTask(couple.submissive.client, task.id);
      expect(mon.dueDate).toBe(at('2030-03-11T09:00:00Z'));
      const history = await historyOf(couple, task.id);
      expect(history.map((h) => h.nextDueDate)).toEqual([mon.dueDate, mon.dueDate]);
    });

    it('an edit of a completed repeating task moves its reopening to the new due day; dropping the repeat keeps it done', async () => {
      server.clock.set(new Date('2030-06-03T06:00:00Z'));
      const task = await createTask(server, couple, {
        dueDate: at('2030-06-03T08:00:00Z'),
        repeatConfig: { frequency: 'daily' },
      });
      const done = await completeTask(couple.submissive.client, task.id);
      expect(done.dueDate).toBe(at('2030-06-04T08:00:00Z'));
      const body = (dueDate: number, repeatConfig: unknown) => ({
        title: task.title,
        description: task.description,
        dueDate,
        repeatConfig,
        photoProofRequired: false,
      });
      // Moved to the 6th: it must stay done through the 4th and 5th, and open on the 6th.
      const moved = await couple.dominant.client.put(
        `/api/tasks/${task.id}`,
        body(at('2030-06-06T08:00:00Z'), { frequency: 'daily' }),
      );
      expect(moved.status).toBe(200);
      server.clock.set(new Date('2030-06-04T12:00:00Z'));
      expect((await findTask(couple.dominant.client, task.id))?.isCompleted).toBe(true);
      server.clock.set(new Date('2030-06-05T23:30:00Z')); // 01:30 on the 6th in Berlin
      expect((await findTask(couple.dominant.client, task.id))?.isCompleted).toBe(false);

      // Completed again, then the repeat is removed: it is done for good.
      const again = await completeTask(couple.submissive.client, task.id);
      const once = await couple.dominant.client.put(`/api/tasks/${task.id}`, body(again.dueDate, null));
      expect(once.status).toBe(200);
      server.clock.set(new Date('2030-07-01T12:00:00Z'));
      expect((await findTask(couple.dominant.client, task.id))?.isCompleted).toBe(true);
    });

    it('a stranger’s list does not reopen (or reveal) this couple’s tasks', async () => {
      server.clock.set(new Date('2030-05-01T06:00:00Z'));
      const task = await createTask(server, couple, {
        dueDate: at('2030-05-01T08:00:00Z'),
        repeatConfig: { frequency: 'daily' },
      });
      await completeTask(couple.submissive.client, task.id);
      server.clock.set(new Date('2030-05-02T06:00:00Z'));
      for (const stranger of [other.dominant, other.submissive]) {
        const res = await stranger.client.get('/api/tasks');
        expect(JSON.stringify(await res.json())).not.toContain(task.id);
      }
      const [row] = await server.database.db.select().from(tasks).where(eq(tasks.id, task.id));
      expect(row?.completed).toBe(true);
      // Only the couple's own read reopens it.
      expect((await findTask(couple.dominant.client, task.id))?.isCompleted).toBe(false);
    });
  });
});
