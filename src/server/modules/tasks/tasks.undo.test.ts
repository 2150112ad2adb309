import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordPageView } from '@/shared/schemas/record';
import { databases } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { type Couple, createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { completeTask, createTask, findTask, listHistory } from '../../test/tasks';
import { storedCounts, storedMedia, uploadAudio, uploadPhoto } from '../../test/uploads';
import { createUser, type TestUser } from '../../test/users';
import { readZip } from '../../test/zip';
import { TASK_UNDO_MS } from './tasks.requests';

const DAY = 24 * 60 * 60 * 1000;
const NUL = '\u0000';
const restore = (who: TestUser, id: string) => who.client.post(`/api/tasks/${id}/restore`);
/** The names of the files in `who`'s export (GET /api/me/export). */
async function exportedNames(who: TestUser) {
  const response = await who.client.get('/api/me/export');
  expect(response.status).toBe(200);
  return [...(await readZip(Buffer.from(await response.arrayBuffer()))).keys()];
}
const kindsOf = async (who: TestUser) =>
  ((await expectBody(await who.client.get('/api/record'), 200)) as RecordPageView).entries.map((e) => e.kind);

/** Undo of a task's deletion (decision 099): put back as it was within a minute, by whoever could delete it. */
describe.each(databases())('tasks: undoing a deletion on %s', (kind) => {
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

  /** A repeating voice task with a photo proof in its history, then deleted. */
  async function deletedTask(pair = couple) {
    const voiceNote = await uploadAudio(pair.dominant.client, pair.submissive.id);
    const task = await createTask(server, pair, {
      kind: 'voice',
      voiceNoteId: voiceNote,
      photoProofRequired: true,
      repeatConfig: { frequency: 'daily' },
    });
    const photo = await uploadPhoto(pair.submissive.client, pair.dominant.id);
    await completeTask(pair.submissive.client, task.id, photo);
    const [entry] = (await listHistory(pair.dominant.client)).filter((h) => h.taskId === task.id);
    const shown = await findTask(pair.dominant.client, task.id);
    expect((await pair.dominant.client.delete(`/api/tasks/${task.id}`)).status).toBe(200);
    return { task: shown!, entry: entry!, files: [voiceNote, photo] };
  }

  it('puts the task back as it was, its history and files with it, live and on the record of both', async () => {
    const { task, entry, files } = await deletedTask();
    // Held for Undo, its files are in neither partner's export.
    for (const user of [couple.dominant, couple.submissive]) {
      const names = await exportedNames(user);
      for (const id of files)
        expect(
          names.some((n) => n.includes(id)),
          id,
        ).toBe(false);
    }
    const stream = await openEventStream(couple.submissive.client);
    try {
      const { task: restored } = await expectBody(await restore(couple.dominant, task.id), 200);
      expect(restored).toEqual({ ...task, updatedAt: restored.updatedAt });
      expect(await stream.next('task.changed', (d) => d.taskId === task.id)).toEqual({
        taskId: task.id,
        pairId: couple.pairId,
      });
    } finally {
      stream.close();
    }
    for (const user of [couple.dominant, couple.submissive]) {
      expect(await findTask(user.client, task.id)).toMatchObject({ id: task.id, title: task.title });
      const history = await listHistory(user.client);
      expect(
        history.find((h) => h.id === entry.id),
        JSON.stringify(history.map((h) => h.id)),
      ).toEqual(entry);
      for (const id of files) expect((await user.client.get(`/api/media/${id}`)).status).toBe(200);
      // Put back, they are exported again (the dominant's voice note by its sender, the photo by both).
      const names = await exportedNames(user);
      expect(files.some((id) => names.some((n) => n.includes(id)))).toBe(true);
      expect((await kindsOf(user)).slice(0, 2)).toEqual(['task.restored', 'task.deleted']);
    }
    // Nothing is held any more: the erasure job, past the minute, takes nothing of it.
    const before = await storedCounts(server);
    expect(before.taskDeletions).toBe(0);
    server.clock.advance(TASK_UNDO_MS + 60_000);
    await server.services.eraseDeletedTasks();
    expect(await storedCounts(server)).toEqual(before);
    // It can be deleted, and undone, again.
    expect((await couple.dominant.client.delete(`/api/tasks/${task.id}`)).status).toBe(200);
    expect((await restore(couple.dominant, task.id)).status).toBe(200);
  });

  it('refuses the submissive (403), a stranger, a former partner and an unknown id (404), changing nothing', async () => {
    const { task } = await deletedTask();
    const kept = await createTask(server, couple);
    const loner = await createUser(server, { role: 'dominant' });
    const before = await storedCounts(server);
    await expectError(await restore(couple.submissive, task.id), 403, 'FORBIDDEN');
    const missing = await expectError(await restore(couple.dominant, randomUUID()), 404, 'NOT_FOUND');
    for (const stranger of [other.dominant, other.submissive, loner]) {
      expect(await expectError(await restore(stranger, task.id), 404, 'NOT_FOUND')).toEqual(missing);
    }
    // A task that was never deleted is not "restored".
    expect(await expectError(await restore(couple.dominant, kept.id), 404, 'NOT_FOUND')).toEqual(missing);
    expect(await storedCounts(server)).toEqual(before);

    // The pair ends: the former dominant cannot bring it back.
    const ending = await createCouple(server);
    const { task: theirs } = await deletedTask(ending);
    expect((await ending.dominant.client.delete(`/api/partners/${ending.submissive.id}`)).status).toBe(200);
    await expectError(await restore(ending.dominant, theirs.id), 404, 'NOT_FOUND');
    expect(await findTask(ending.dominant.client, theirs.id)).toBeUndefined();
  });

  it('answers 400 to an id that is not a uuid, or holds a NUL byte, and 401 signed out', async () => {
    const { task } = await deletedTask();
    const before = await storedCounts(server);
    for (const id of ['abc', `${task.id.slice(0, -1)}${NUL}`, 'x'.repeat(5000)]) {
      await expectError(await restore(couple.dominant, encodeURIComponent(id)), 400, 'VALIDATION_ERROR');
    }
    await expectError(
      await server.request(`/api/tasks/${task.id}/restore`, { method: 'POST' }),
      401,
      'NOT_AUTHENTICATED',
    );
    expect(await storedCounts(server)).toEqual(before);
    expect((await restore(couple.dominant, task.id)).status).toBe(200);
  });

  it('past the minute it is refused with a reason, and the job erases it with its files', async () => {
    // What earlier tests left held is erased first.
    server.clock.advance(TASK_UNDO_MS + 1);
    await server.services.eraseDeletedTasks();
    const { task, files } = await deletedTask();
    server.clock.advance(TASK_UNDO_MS + 1);
    const before = await storedCounts(server);
    const refused = await expectError(await restore(couple.dominant, task.id), 409, 'CONFLICT');
    expect(refused.error.message).toBe('This task can no longer be restored');
    expect(await storedCounts(server)).toEqual(before);
    const keys = await storedMedia(server);
    expect(await server.services.eraseDeletedTasks()).toBe(1);
    const after = await storedCounts(server);
    expect(after).toMatchObject({ taskDeletions: 0, media: before.media - files.length });
    expect((await storedMedia(server)).length).toBe(keys.length - files.length);
    await expectError(await restore(couple.dominant, task.id), 404, 'NOT_FOUND');
  });

  it('while Red holds the pair it is refused like any new task, and goes through once Red is lifted', async () => {
    const { task } = await deletedTask();
    expect((await couple.submissive.client.post('/api/stops', {})).status).toBe(200);
    const before = await storedCounts(server);
    await expectError(await restore(couple.dominant, task.id), 409, 'PAIR_STOPPED');
    expect(await storedCounts(server)).toEqual(before);
    expect((await couple.submissive.client.post('/api/stops/lift', {})).status).toBe(200);
    expect((await restore(couple.dominant, task.id)).status).toBe(200);
    expect(await findTask(couple.submissive.client, task.id)).toBeDefined();
    // Restoring it again (Undo pressed twice) finds nothing held.
    await expectError(await restore(couple.dominant, task.id), 404, 'NOT_FOUND');
    server.clock.advance(DAY);
  });
});
