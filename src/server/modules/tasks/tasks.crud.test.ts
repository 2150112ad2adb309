import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, pairs, taskCompletions, tasks } from '../../db/schema';
import { databases } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { notificationsOf } from '../../test/notifications';
import { type Couple, confirmNegotiation, connect, createCouple, listPairs } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { completeTask, createTask, findTask, listHistory, listTasks, taskBody } from '../../test/tasks';
import { storedCounts, storedMedia, uploadAudio, uploadPhoto } from '../../test/uploads';
import { actAs, actAsAnew, createUser, signIn } from '../../test/users';
import { quietPeriod } from '../../test/wait';
import { TASK_UNDO_MS } from './tasks.requests';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NO_PAIR = 'No partner connection found with the selected submissive';

async function storageKeys(server: TestServer, ids: string[]) {
  const rows = await server.database.db
    .select({ key: media.storageKey })
    .from(media)
    .where(inArray(media.id, ids));
  return rows.map((r) => r.key);
}

describe.each(databases())('tasks: create, edit, delete and access on %s', (kind) => {
  let server: TestServer;
  let couple: Couple;
  let other: Couple;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    [couple, other] = await Promise.all([
      createCouple(server),
      createCouple(server, { dominantName: 'Olga Other', submissiveName: 'Otto Other' }),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('create', () => {
    it('the dominant assigns a task to their submissive, who sees it and is notified', async () => {
      const due = server.clock.now().getTime() + 2 * DAY;
      const response = await couple.dominant.api.tasks.$post({
        json: {
          title: '  Write a gratitude list  ',
          description: 'Ten things',
          dueDate: due,
          assignedTo: couple.submissive.id,
          photoProofRequired: true,
        },
      });
      const { task } = await expectBody(response, 201);
      expect(task).toMatchObject({
        pairId: couple.pairId,
        title: 'Write a gratitude list',
        description: 'Ten things',
        dueDate: due,
        nextDueDate: null,
        isCompleted: false,
        completedAt: null,
        completedBy: null,
        assignedBy: couple.dominant.id,
        assignedByName: 'Dana Dom',
        assignedTo: couple.submissive.id,
        assignedToName: 'Sam Sub',
        photoProofRequired: true,
        photoProof: null,
        voiceNote: null,
        taskType: 'assigned',
        repeatConfig: null,
        timeZone: 'Europe/Berlin',
        feedback: null,
        feedbackAcknowledged: false,
        onTime: null,
        latenessSeconds: null,
      });
      expect(task.createdAt).toBeGreaterThan(0);

      expect(await findTask(couple.submissive.client, task.id)).toEqual(task);
      expect(await findTask(couple.dominant.client, task.id)).toEqual(task);
      const [notification] = (await notificationsOf(couple.submissive.client)).filter(
        (n) => n.type === 'task_assigned' && n.data.taskId === task.id,
      );
      expect(notification).toMatchObject({ read: false, data: { pairId: couple.pairId } });
      expect(notification!.message).toContain('Dana Dom');
      expect(notification!.message).toContain('Write a gratitude list');
      // The assigner is not notified of their own task.
      expect((await notificationsOf(couple.dominant.client)).some((n) => n.data.taskId === task.id)).toBe(
        false,
      );
    });

    it('a voice task needs a voice note, is titled "Voice Task" by default and has no description', async () => {
      const before = await storedCounts(server);
      const missing = await couple.dominant.client.post(
        '/api/tasks',
        taskBody(server, couple.submissive.id, { kind: 'voice', title: '' }),
      );
      await expectError(missing, 400, 'VALIDATION_ERROR', 'Voice note required');
      expect(await storedCounts(server)).toEqual(before);

      const voiceNoteId = await uploadAudio(couple.dominant.client, couple.submissive.id);
      const task = await createTask(server, couple, {
        kind: 'voice',
        title: '   ',
        description: 'ignored for a voice task',
        voiceNoteId,
        voiceNoteDescription: '  Listen first  ',
      });
      expect(task).toMatchObject({
        title: 'Voice Task',
        description: '',
        voiceNote: voiceNoteId,
        voiceNoteDescription: 'Listen first',
      });
      // The submissive can play it.
      const audio = await couple.submissive.client.get(`/api/media/${voiceNoteId}`);
      expect(audio.status).toBe(200);
      expect(audio.headers.get('content-type')).toBe('audio/ogg');
    });

    it('refuses a voice note that is not the dominant’s own audio upload for this pair', async () => {
      const photo = await uploadPhoto(couple.dominant.client, couple.submissive.id);
      const theirs = await uploadAudio(couple.submissive.client, couple.dominant.id);
      const otherPair = await uploadAudio(other.dominant.client, other.submissive.id);
      const before = await storedCounts(server);
      for (const voiceNoteId of [photo, theirs, otherPair, randomUUID()]) {
        const response = await couple.dominant.client.post(
          '/api/tasks',
          taskBody(server, couple.submissive.id, { kind: 'voice', voiceNoteId }),
        );
        await expectError(response, 400, 'VALIDATION_ERROR', 'Voice note not found: upload it again');
      }
      expect(await storedCounts(server)).toEqual(before);
    });

    it('forms the pair when the two are connected without one (two Switches): the submissive confirms the first negotiation, then the dominant assigns', async () => {
      const [alex, blair] = await Promise.all([
        createUser(server, { role: 'switch', displayName: 'Alex Switch', actAs: 'dominant' }),
        createUser(server, { role: 'switch', displayName: 'Blair Switch', actAs: 'dominant' }),
      ]);
      // Both act as dominant when connecting, so no pair is formed yet.
      await connect(alex, blair);
      expect(await listPairs(alex.client)).toEqual([]);
      // The first assignment waits for the first negotiation (decision 058), and forms nothing.
      await expectError(
        await alex.client.post('/api/tasks', taskBody(server, blair.id)),
        409,
        'NEGOTIATION_PENDING',
        'Your partner has not confirmed your first negotiation yet.',
      );
      expect(await listPairs(alex.client)).toEqual([]);
      // Blair confirms it as the submissive of the pair, which forms it.
      await confirmNegotiation(blair, alex.id);

      const response = await alex.api.tasks.$post({ json: taskBody(server, blair.id) });
      const { task } = await expectBody(response, 201);
      expect(task).toMatchObject({
        assignedBy: alex.id,
        assignedTo: blair.id,
        assignedToName: 'Blair Switch',
      });
      const formed = await listPairs(blair.client);
      expect(formed).toEqual([
        {
          id: task.pairId,
          dominantId: alex.id,
          dominantName: 'Alex Switch',
          submissiveId: blair.id,
          submissiveName: 'Blair Switch',
        },
      ]);
      // Blair, still acting as dominant, cannot complete it as the submissive; acting as submissive, can.
      await expectError(await blair.client.post(`/api/tasks/${task.id}/complete`, {}), 403, 'FORBIDDEN');
      await actAsAnew(server, blair, 'submissive');
      expect((await completeTask(blair.client, task.id)).isCompleted).toBe(true);
    });

    it('forms the pair again after a disconnection and reconnection', async () => {
      const dom = await createUser(server, { role: 'dominant', displayName: 'Remy Dom' });
      const sw = await createUser(server, { role: 'switch', displayName: 'Sky Switch', actAs: 'dominant' });
      await connect(dom, sw); // Sky accepts acting as dominant, as Remy does: no pair yet.
      expect(await listPairs(dom.client)).toEqual([]);
      await confirmNegotiation(sw, dom.id); // forms the pair, Sky as its submissive
      const first = await createTask(server, { dominant: dom, submissive: sw });
      // Sky's lists follow the session's role: the task shows in a submissive session only.
      expect(await listTasks(sw.client)).toEqual([]);
      const swAsSubmissive = await signIn(server, sw);
      await actAs(swAsSubmissive, 'submissive');
      expect((await listTasks(swAsSubmissive)).map((t) => t.id)).toEqual([first.id]);

      expect((await dom.client.delete(`/api/partners/${sw.id}`)).status).toBe(200);
      expect(await listPairs(dom.client)).toEqual([]);
      expect(await listTasks(swAsSubmissive)).toEqual([]);
      await expectError(
        await dom.client.post('/api/tasks', taskBody(server, sw.id)),
        404,
        'NOT_FOUND',
        NO_PAIR,
      );

      await connect(dom, sw);
      expect(await listPairs(dom.client)).toEqual([]);
      // The pair begins again, and negotiates again (decision 058).
      await expectError(
        await dom.client.post('/api/tasks', taskBody(server, sw.id)),
        409,
        'NEGOTIATION_PENDING',
      );
      await confirmNegotiation(sw, dom.id);
      const second = await createTask(server, { dominant: dom, submissive: sw });
      expect(second.pairId).toBe(first.pairId);
      expect((await listTasks(swAsSubmissive)).map((t) => t.id).sort()).toEqual([first.id, second.id].sort());
    });

    it('answers 404 "No partner connection found..." for anyone not connected as a submissive', async () => {
      const otherDom = await createUser(server, { role: 'dominant' });
      await connect(couple.dominant, otherDom); // connected, but both dominant
      const before = await storedCounts(server);
      for (const assignedTo of [
        other.submissive.id,
        other.dominant.id,
        otherDom.id,
        couple.dominant.id,
        randomUUID(),
      ]) {
        const response = await couple.dominant.client.post('/api/tasks', taskBody(server, assignedTo));
        await expectError(response, 404, 'NOT_FOUND', NO_PAIR);
      }
      expect(await storedCounts(server)).toEqual(before);
      expect((await listPairs(couple.dominant.client)).map((p) => p.id)).toEqual([couple.pairId]);
    });

    it('refuses the submissive, a Switch acting as submissive and a Switch without a role (403)', async () => {
      const subSwitch = await createUser(server, { role: 'switch', actAs: 'submissive' });
      const undecided = await createUser(server, { role: 'switch' });
      const before = await storedCounts(server);
      for (const [actor, assignedTo] of [
        [couple.submissive, couple.dominant.id],
        [couple.submissive, couple.submissive.id],
        [subSwitch, couple.submissive.id],
      ] as const) {
        const response = await actor.client.post('/api/tasks', taskBody(server, assignedTo));
        await expectError(response, 403, 'FORBIDDEN');
      }
      const response = await undecided.client.post('/api/tasks', taskBody(server, couple.submissive.id));
      await expectError(response, 403, 'ROLE_NOT_CHOSEN', 'Choose your role for this session first');
      expect(await storedCounts(server)).toEqual(before);
    });

    const now = () => server.clock.now().getTime();
    it.each<[string, () => Record<string, unknown>, string]>([
      ['an empty title', () => ({ title: '' }), 'Task title required'],
      ['a blank title', () => ({ title: '   \t ' }), 'Task title required'],
      ['a title that is not text', () => ({ title: 42 }), 'Task title required'],
      ['a 201-character title', () => ({ title: 'x'.repeat(201) }), 'Title must be at most 200 characters'],
      [
        'a 2001-character description',
        () => ({ description: 'd'.repeat(2001) }),
        'Description must be at most 2000 characters',
      ],
      ['no submissive', () => ({ assignedTo: undefined }), 'No submissive selected'],
      ['a submissive id that is not an id', () => ({ assignedTo: 'sam' }), 'No submissive selected'],
      [
        'a due date two minutes ago',
        () => ({ dueDate: now() - 2 * MINUTE }),
        'Due date cannot be in the past',
      ],
      ['a due date that is text', () => ({ dueDate: '2030-01-01' }), 'Please choose a due date'],
      ['no due date', () => ({ dueDate: undefined }), 'Please choose a due date'],
      [
        'a custom repeat without days',
        () => ({ repeatConfig: { frequency: 'custom', daysOfWeek: [] } }),
        'Please choose at least one day',
      ],
      [
        'a custom repeat with no days field',
        () => ({ repeatConfig: { frequency: 'custom' } }),
        'Please choose at least one day',
      ],
      [
        'a weekday out of range',
        () => ({ repeatConfig: { frequency: 'custom', daysOfWeek: [7] } }),
        'Days are numbers from 0 (Sunday) to 6 (Saturday)',
      ],
      [
        'an unknown frequency',
        () => ({ repeatConfig: { frequency: 'hourly' } }),
        'Repeat must be daily, weekly, monthly or custom',
      ],
      [
        'a photo flag that is not a boolean',
        () => ({ photoProofRequired: 'yes' }),
        'photoProofRequired must be true or false',
      ],
      ['an unknown kind', () => ({ kind: 'video' }), 'A task is a text task or a voice task'],
    ])('refuses %s with 400 and its message, creating nothing', async (_, patch, message) => {
      const before = await storedCounts(server);
      const response = await couple.dominant.client.post(
        '/api/tasks',
        taskBody(server, couple.submissive.id, patch()),
      );
      await expectError(response, 400, 'VALIDATION_ERROR', message);
      expect(await storedCounts(server)).toEqual(before);
    });

    it('refuses malformed JSON, a JSON array and a form body, creating nothing', async () => {
      const before = await storedCounts(server);
      const malformed = await couple.dominant.client.fetch('/api/tasks', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"title": "x", ',
      });
      await expectError(malformed, 400, 'MALFORMED_JSON');
      const array = await couple.dominant.client.post('/api/tasks', [taskBody(server, couple.submissive.id)]);
      await expectError(array, 400, 'VALIDATION_ERROR', 'Request body must be a JSON object');
      const form = await couple.dominant.client.fetch('/api/tasks', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'title=x',
      });
      await expectError(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(await storedCounts(server)).toEqual(before);
    });

    it('refuses a JSON body over 64 kB with 413, and the client’s next request still goes through', async () => {
      const before = await storedCounts(server);
      const huge = taskBody(server, couple.submissive.id, { description: 'x'.repeat(2_000_000) });
      const response = await couple.dominant.client.post('/api/tasks', huge);
      await expectError(response, 413, 'PAYLOAD_TOO_LARGE');
      expect(await storedCounts(server)).toEqual(before);
      // The unread body spoils the connection: the server must close it rather than leave it to be reused.
      expect(response.headers.get('connection')).toBe('close');
      expect((await couple.dominant.client.get('/api/tasks')).status).toBe(200);
    });

    it('accepts a due date a few seconds in the past (clock skew) but not more than a minute', async () => {
      const task = await createTask(server, couple, { dueDate: now() - 20_000 });
      expect(task.dueDate).toBe(now() - 20_000);
      await expectError(
        await couple.dominant.client.post(
          '/api/tasks',
          taskBody(server, couple.submissive.id, { dueDate: now() - MINUTE - 1_000 }),
        ),
        400,
        'VALIDATION_ERROR',
        'Due date cannot be in the past',
      );
    });
  });

  describe('edit', () => {
    it('only the assigning dominant edits: the submissive gets 403 and a stranger 404, nothing changes', async () => {
      const task = await createTask(server, couple, { title: 'Original' });
      const body = { title: 'Changed', description: 'new', dueDate: task.dueDate + HOUR };
      const before = await storedCounts(server);
      await expectError(await couple.submissive.client.put(`/api/tasks/${task.id}`, body), 403, 'FORBIDDEN');
      for (const stranger of [other.dominant, other.submissive]) {
        const refused = await expectError(
          await stranger.client.put(`/api/tasks/${task.id}`, body),
          404,
          'NOT_FOUND',
        );
        const unknown = await expectError(
          await stranger.client.put(`/api/tasks/${randomUUID()}`, body),
          404,
          'NOT_FOUND',
        );
        expect(refused).toEqual(unknown);
      }
      expect(await storedCounts(server)).toEqual(before);
      expect(await findTask(couple.dominant.client, task.id)).toEqual(task);

      const response = await couple.dominant.api.tasks[':id'].$put({
        param: { id: task.id },
        json: { ...body, photoProofRequired: true, repeatConfig: { frequency: 'weekly' } },
      });
      const { task: edited } = await expectBody(response, 200);
      expect(edited).toMatchObject({
        id: task.id,
        title: 'Changed',
        description: 'new',
        dueDate: task.dueDate + HOUR,
        photoProofRequired: true,
        repeatConfig: { frequency: 'weekly' },
        nextDueDate: task.dueDate + HOUR + 7 * DAY,
      });
      expect(await findTask(couple.submissive.client, task.id)).toEqual(edited);
    });

    it('applies the create rules: empty title, voice without note, past due date (400, unchanged)', async () => {
      const task = await createTask(server, couple);
      for (const [patch, message] of [
        [{ title: '' }, 'Task title required'],
        [{ kind: 'voice' }, 'Voice note required'],
        [{ dueDate: server.clock.now().getTime() - 5 * MINUTE }, 'Due date cannot be in the past'],
        [{ repeatConfig: { frequency: 'custom', daysOfWeek: [] } }, 'Please choose at least one day'],
      ] as [Record<string, unknown>, string][]) {
        const response = await couple.dominant.client.put(`/api/tasks/${task.id}`, {
          title: task.title,
          dueDate: task.dueDate,
          ...patch,
        });
        await expectError(response, 400, 'VALIDATION_ERROR', message);
      }
      expect(await findTask(couple.dominant.client, task.id)).toEqual(task);
    });

    it('keeps an overdue task’s due date when only its title changes', async () => {
      const task = await createTask(server, couple, { dueDate: server.clock.now().getTime() + 5 * MINUTE });
      server.clock.advance(HOUR);
      const response = await couple.dominant.api.tasks[':id'].$put({
        param: { id: task.id },
        json: { title: 'Still overdue', dueDate: task.dueDate },
      });
      expect((await expectBody(response, 200)).task).toMatchObject({
        title: 'Still overdue',
        dueDate: task.dueDate,
      });
    });

    it('replacing a voice note deletes the old file', async () => {
      const oldNote = await uploadAudio(couple.dominant.client, couple.submissive.id);
      const task = await createTask(server, couple, { kind: 'voice', voiceNoteId: oldNote });
      const [oldKey] = await storageKeys(server, [oldNote]);
      expect(await storedMedia(server)).toContain(oldKey);

      const newNote = await uploadAudio(couple.dominant.client, couple.submissive.id);
      const response = await couple.dominant.api.tasks[':id'].$put({
        param: { id: task.id },
        json: { kind: 'voice', dueDate: task.dueDate, voiceNoteId: newNote },
      });
      expect((await expectBody(response, 200)).task.voiceNote).toBe(newNote);
      expect(await storedMedia(server)).not.toContain(oldKey);
      await expectError(await couple.submissive.client.get(`/api/media/${oldNote}`), 404, 'NOT_FOUND');
      expect((await couple.submissive.client.get(`/api/media/${newNote}`)).status).toBe(200);
    });
  });

  describe('delete', () => {
    it('only the assigning dominant deletes; the task, its history and its files go', async () => {
      const voiceNote = await uploadAudio(couple.dominant.client, couple.submissive.id);
      const task = await createTask(server, couple, {
        kind: 'voice',
        voiceNoteId: voiceNote,
        photoProofRequired: true,
        repeatConfig: { frequency: 'daily' },
      });
      // Two cycles, each with its photo in the history.
      const photo1 = await uploadPhoto(couple.submissive.client, couple.dominant.id);
      await completeTask(couple.submissive.client, task.id, photo1);
      server.clock.advance(2 * DAY);
      expect((await findTask(couple.submissive.client, task.id))?.isCompleted).toBe(false);
      const photo2 = await uploadPhoto(couple.submissive.client, couple.dominant.id);
      await completeTask(couple.submissive.client, task.id, photo2);
      const history = (await listHistory(couple.dominant.client)).filter((h) => h.taskId === task.id);
      expect(history.map((h) => h.photoProof).sort()).toEqual([photo1, photo2].sort());
      const keys = await storageKeys(server, [voiceNote, photo1, photo2]);
      expect(keys).toHaveLength(3);
      expect(await storedMedia(server)).toEqual(expect.arrayContaining(keys));

      const before = await storedCounts(server);
      await expectError(await couple.submissive.client.delete(`/api/tasks/${task.id}`), 403, 'FORBIDDEN');
      for (const stranger of [other.dominant, other.submissive]) {
        await expectError(await stranger.client.delete(`/api/tasks/${task.id}`), 404, 'NOT_FOUND');
      }
      expect(await storedCounts(server)).toEqual(before);

      const response = await couple.dominant.client.delete(`/api/tasks/${task.id}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        success: true,
        restorableUntil: server.clock.now().getTime() + TASK_UNDO_MS,
      });

      // Gone for both at once; its files are held for Undo (decision 099), and answer 404 to both.
      for (const user of [couple.dominant, couple.submissive]) {
        expect(await findTask(user.client, task.id)).toBeUndefined();
        expect((await listHistory(user.client)).some((h) => h.taskId === task.id)).toBe(false);
        for (const id of [voiceNote, photo1, photo2]) {
          await expectError(await user.client.get(`/api/media/${id}`), 404, 'NOT_FOUND');
        }
      }
      expect(await storedMedia(server)).toEqual(expect.arrayContaining(keys));
      expect(await storedCounts(server)).toMatchObject({
        tasks: before.tasks - 1,
        taskCompletions: before.taskCompletions - 2,
        taskDeletions: before.taskDeletions + 1,
        media: before.media,
      });

      // Within the minute the erasure job leaves it; past it, the task and its files are erased.
      server.clock.advance(TASK_UNDO_MS);
      expect(await server.services.eraseDeletedTasks()).toBe(0);
      server.clock.advance(MINUTE);
      expect(await server.services.eraseDeletedTasks()).toBe(1);
      const stored = await storedMedia(server);
      for (const key of keys) expect(stored).not.toContain(key);
      expect(await storedCounts(server)).toMatchObject({
        tasks: before.tasks - 1,
        taskCompletions: before.taskCompletions - 2,
        taskDeletions: before.taskDeletions,
        media: before.media - 3,
        storedMedia: before.storedMedia - 3,
      });
      const db = server.database.db;
      expect(await db.select().from(taskCompletions).where(eq(taskCompletions.taskId, task.id))).toEqual([]);
      await expectError(await couple.dominant.client.post(`/api/tasks/${task.id}/restore`), 404, 'NOT_FOUND');
      await expectError(await couple.dominant.client.delete(`/api/tasks/${task.id}`), 404, 'NOT_FOUND');
    });
  });

  describe('access', () => {
    it('a signed-in stranger sees empty lists and gets 404 for every id, like an unknown id', async () => {
      const task = await createTask(server, couple, { photoProofRequired: false });
      await completeTask(couple.submissive.client, task.id);
      const [completion] = (await listHistory(couple.dominant.client)).filter((h) => h.taskId === task.id);
      const photo = await uploadPhoto(couple.submissive.client, couple.dominant.id);

      const loner = await createUser(server, { role: 'dominant' });
      expect(await listTasks(loner.client)).toEqual([]);
      expect(await listPairs(loner.client)).toEqual([]);
      expect((await loner.client.get('/api/task-completions')).status).toBe(200);
      expect(await listHistory(loner.client)).toEqual([]);
      for (const stranger of [other.dominant, other.submissive]) {
        const ids = (await listTasks(stranger.client)).map((t) => t.pairId);
        expect(ids).not.toContain(couple.pairId);
        expect((await listHistory(stranger.client)).map((h) => h.pairId)).not.toContain(couple.pairId);
        expect((await listPairs(stranger.client)).map((p) => p.id)).not.toContain(couple.pairId);
      }

      const before = await storedCounts(server);
      const routes = (taskId: string, completionId: string, mediaId: string) =>
        [
          ['PUT', `/api/tasks/${taskId}`, { title: 'Hijacked', dueDate: task.dueDate }],
          ['DELETE', `/api/tasks/${taskId}`, undefined],
          ['POST', `/api/tasks/${taskId}/complete`, {}],
          ['POST', `/api/tasks/${taskId}/feedback`, { feedback: 'hi' }],
          ['POST', `/api/task-completions/${completionId}/feedback`, { feedback: 'hi' }],
          ['POST', `/api/task-completions/${completionId}/acknowledge`, undefined],
          ['GET', `/api/media/${mediaId}`, undefined],
        ] as const;
      const unknown = routes(randomUUID(), randomUUID(), randomUUID());
      for (const stranger of [other.dominant, other.submissive, loner]) {
        const real = routes(task.id, completion!.id, photo);
        for (let i = 0; i < real.length; i++) {
          const [method, url, body] = real[i]!;
          const send = (u: string) =>
            stranger.client.fetch(u, {
              method,
              headers: body === undefined ? {} : { 'content-type': 'application/json' },
              body: body === undefined ? undefined : JSON.stringify(body),
            });
          const refused = await expectError(await send(url), 404, 'NOT_FOUND');
          const missing = await expectError(await send(unknown[i]![1]), 404, 'NOT_FOUND');
          expect(refused, `${method} ${url}`).toEqual(missing);
        }
      }
      expect(await storedCounts(server)).toEqual(before);
      expect(await findTask(couple.dominant.client, task.id)).toMatchObject({
        title: task.title,
        feedback: null,
      });
    });

    it('answers 401 to every route signed out, changing nothing', async () => {
      const task = await createTask(server, couple);
      const before = await storedCounts(server);
      const id = task.id;
      for (const [method, url, body] of [
        ['GET', '/api/pairs'],
        ['GET', '/api/tasks'],
        ['POST', '/api/tasks', taskBody(server, couple.submissive.id)],
        ['POST', '/api/tasks/above-and-beyond', { title: 'x' }],
        ['PUT', `/api/tasks/${id}`, { title: 'x', dueDate: task.dueDate }],
        ['DELETE', `/api/tasks/${id}`],
        ['POST', `/api/tasks/${id}/complete`, {}],
        ['POST', `/api/tasks/${id}/feedback`, { feedback: 'x' }],
        ['GET', '/api/task-completions'],
        ['POST', `/api/task-completions/${id}/feedback`, { feedback: 'x' }],
        ['POST', `/api/task-completions/${id}/acknowledge`],
        ['GET', `/api/media/${id}`],
      ] as [string, string, unknown?][]) {
        const response = await server.request(url, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        await expectError(response, 401, 'NOT_AUTHENTICATED');
      }
      expect(await storedCounts(server)).toEqual(before);
    });

    it('ids that are not uuids are 400, not 500', async () => {
      await expectError(
        await couple.dominant.client.put('/api/tasks/1', { title: 'x', dueDate: Date.now() + DAY }),
        400,
        'VALIDATION_ERROR',
      );
      await expectError(await couple.dominant.client.delete('/api/tasks/abc'), 400, 'VALIDATION_ERROR');
      await expectError(
        await couple.submissive.client.post('/api/tasks/abc/complete', {}),
        400,
        'VALIDATION_ERROR',
      );
    });

    it('tasks of an ended pair are hidden from both and cannot be changed', async () => {
      const pair = await createCouple(server);
      const task = await createTask(server, pair);
      expect((await pair.dominant.client.delete(`/api/partners/${pair.submissive.id}`)).status).toBe(200);
      const [row] = await server.database.db.select().from(pairs).where(eq(pairs.id, pair.pairId));
      expect(row?.status).toBe('inactive');
      for (const user of [pair.dominant, pair.submissive]) {
        expect(await listTasks(user.client)).toEqual([]);
      }
      await expectError(await pair.submissive.client.post(`/api/tasks/${task.id}/complete`, {}), 404);
      await expectError(await pair.dominant.client.delete(`/api/tasks/${task.id}`), 404);
      expect(await server.database.db.select().from(tasks).where(eq(tasks.id, task.id))).toHaveLength(1);
    });
  });

  describe('realtime', () => {
    it('the submissive’s stream receives task.changed when the dominant assigns; a stranger’s does not', async () => {
      const mine = await openEventStream(couple.submissive.client);
      const theirs = await openEventStream(other.submissive.client);
      try {
        const task = await createTask(server, couple, { title: 'Live' });
        expect(await mine.next('task.changed', (d) => d.taskId === task.id)).toEqual({
          taskId: task.id,
          pairId: couple.pairId,
        });
        await mine.next('notification.created');
        await quietPeriod(100);
        expect(theirs.messages.some((m) => m.data.includes(task.id))).toBe(false);
        expect(theirs.names()).toEqual([]);

        await couple.dominant.client.delete(`/api/tasks/${task.id}`);
        expect(await mine.next('task.deleted', (d) => d.taskId === task.id)).toMatchObject({
          taskId: task.id,
        });
      } finally {
        mine.close();
        theirs.close();
      }
    });
  });
});
