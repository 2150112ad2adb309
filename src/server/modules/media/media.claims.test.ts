import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { databases } from '../../test/database';
import { type Couple, createCouple } from '../../test/partners';
import { expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createTask, findTask, listHistory } from '../../test/tasks';
import { storedMedia, uploadAudio, uploadPhoto } from '../../test/uploads';
import { UNCLAIMED_MAX_AGE_MS } from './media.claims';

const HOUR = 3_600_000;

async function mediaRow(server: TestServer, id: string) {
  const [row] = await server.database.db.select().from(media).where(eq(media.id, id));
  return row;
}

describe.each(databases())('media claims on %s', (kind) => {
  let server: TestServer;
  let couple: Couple;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    couple = await createCouple(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('an upload starts unclaimed; attaching it records which kind of row holds it', async () => {
    const photo = await uploadPhoto(couple.submissive.client, couple.dominant.id);
    expect(await mediaRow(server, photo)).toMatchObject({ attachedTo: null, attachedAt: null });
    const task = await createTask(server, couple, { photoProofRequired: true });
    const done = await couple.submissive.client.post(`/api/tasks/${task.id}/complete`, { photoId: photo });
    expect(done.status, await done.clone().text()).toBe(200);
    const row = await mediaRow(server, photo);
    expect(row?.attachedTo).toBe('task');
    expect(row?.attachedAt).toBeInstanceOf(Date);
  });

  it('one file, two completions at the same moment: exactly one attaches it, the other is told', async () => {
    const [first, second] = await Promise.all([createTask(server, couple), createTask(server, couple)]);
    const photo = await uploadPhoto(couple.submissive.client, couple.dominant.id);
    const answers = await Promise.all(
      [first, second].map((task) =>
        couple.submissive.client.post(`/api/tasks/${task.id}/complete`, { photoId: photo }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    await expectError(refused, 409, 'CONFLICT', 'Photo is already attached elsewhere');
    const holders = [
      await findTask(couple.dominant.client, first.id),
      await findTask(couple.dominant.client, second.id),
    ];
    expect(holders.filter((t) => t?.photoProof === photo)).toHaveLength(1);
    // The refused completion changed nothing: that task is still open.
    expect(holders.filter((t) => t?.isCompleted)).toHaveLength(1);
  });

  it('the submissive can add voice proof to a completion; both partners see it on the task and in history', async () => {
    const task = await createTask(server, couple);
    const voice = await uploadAudio(couple.submissive.client, couple.dominant.id);
    const done = await couple.submissive.client.post(`/api/tasks/${task.id}/complete`, {
      voiceNoteId: voice,
    });
    expect(done.status, await done.clone().text()).toBe(200);
    expect((await findTask(couple.dominant.client, task.id))?.voiceProof).toBe(voice);
    const entry = (await listHistory(couple.dominant.client)).find((c) => c.taskId === task.id);
    expect(entry?.voiceProof).toBe(voice);
    expect((await couple.dominant.client.get(`/api/media/${voice}`)).status).toBe(200);
    expect((await mediaRow(server, voice))?.attachedTo).toBe('task');
  });

  it('voice proof must be an audio file the completer uploaded for this pair', async () => {
    const task = await createTask(server, couple);
    const photo = await uploadPhoto(couple.submissive.client, couple.dominant.id);
    const theirs = await uploadAudio(couple.dominant.client, couple.submissive.id);
    for (const voiceNoteId of [photo, theirs]) {
      const refused = await couple.submissive.client.post(`/api/tasks/${task.id}/complete`, { voiceNoteId });
      await expectError(refused, 400, 'VALIDATION_ERROR', 'Voice note not found: upload it again');
    }
    const malformed = await couple.submissive.client.post(`/api/tasks/${task.id}/complete`, {
      voiceNoteId: 'not-an-id',
    });
    await expectError(malformed, 400, 'VALIDATION_ERROR', 'Invalid voice note');
    expect((await findTask(couple.submissive.client, task.id))?.isCompleted).toBe(false);
  });

  it('uploads nobody claims within a day are swept, rows and files; claimed and recent ones stay', async () => {
    const claimedPhoto = await uploadPhoto(couple.submissive.client, couple.dominant.id);
    const task = await createTask(server, couple);
    const done = await couple.submissive.client.post(`/api/tasks/${task.id}/complete`, {
      photoId: claimedPhoto,
    });
    expect(done.status).toBe(200);
    const abandoned = await uploadPhoto(couple.submissive.client, couple.dominant.id);
    const abandonedKey = (await mediaRow(server, abandoned))!.storageKey;
    expect(await storedMedia(server)).toContain(abandonedKey);

    server.clock.advance(UNCLAIMED_MAX_AGE_MS + HOUR);
    const recent = await uploadPhoto(couple.submissive.client, couple.dominant.id);
    await server.services.maintain();

    expect(await mediaRow(server, abandoned)).toBeUndefined();
    expect(await storedMedia(server)).not.toContain(abandonedKey);
    expect((await couple.dominant.client.get(`/api/media/${abandoned}`)).status).toBe(404);
    expect(await mediaRow(server, claimedPhoto)).toBeDefined();
    expect((await couple.dominant.client.get(`/api/media/${claimedPhoto}`)).status).toBe(200);
    expect(await mediaRow(server, recent)).toBeDefined();
  });

  it('a server starting on a database with old unclaimed uploads sweeps them at start', async () => {
    const abandoned = await uploadPhoto(couple.submissive.client, couple.dominant.id);
    const key = (await mediaRow(server, abandoned))!.storageKey;
    // The same data directory and database, a day later, as after a restart.
    server.clock.advance(UNCLAIMED_MAX_AGE_MS + HOUR);
    expect(await storedMedia(server)).toContain(key);
    const restarted = await startTestServer({
      db: kind,
      database: server.database,
      clock: server.clock,
      dataDir: server.services.config.dataDir,
      requireEmailVerification: false,
    });
    try {
      expect(await mediaRow(server, abandoned)).toBeUndefined();
      expect(await storedMedia(server)).not.toContain(key);
    } finally {
      await restarted.close();
    }
  });
});
