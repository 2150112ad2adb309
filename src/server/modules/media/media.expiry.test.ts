import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { databases } from '../../test/database';
import { sendMessage, wholeConversation } from '../../test/journal';
import { type Couple, createCouple } from '../../test/partners';
import { createPunishment, findPunishment } from '../../test/punishments';
import { expectBody } from '../../test/responses';
import { jpeg } from '../../test/samples';
import { startTestServer, type TestServer } from '../../test/server';
import { createTask, findTask, listHistory } from '../../test/tasks';
import { postPhoto, storedMedia, uploadAudio, uploadPhoto } from '../../test/uploads';
import { readZip } from '../../test/zip';
import { expireProofs } from './media.expiry';

const DAY = 24 * 60 * 60 * 1000;

const served = async (client: TestClient, id: string) => (await client.get(`/api/media/${id}`)).status;

const keyOf = async (server: TestServer, id: string) => {
  const [row] = await server.database.db
    .select({ key: media.storageKey })
    .from(media)
    .where(eq(media.id, id));
  return row?.key;
};

const recordKinds = async (couple: Couple) => {
  const response = await couple.dominant.client.get(`/api/record?pairId=${couple.pairId}&kind=proof`);
  const body = (await response.json()) as { entries: { kind: string; facts: Record<string, unknown> }[] };
  return body.entries.map((e) => [e.kind, e.facts.mediaId]);
};

/**
 * Proof that expires (decision 076): each storage (files under DATA_DIR/media, rows of media_blobs) on
 * each database.
 */
describe.each(
  databases().flatMap((db) => (['files', 'database'] as const).map((storage) => [db, storage] as const)),
)('proofs that expire, on %s with %s storage', (kind, storage) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      db: kind,
      requireEmailVerification: false,
      env: { MEDIA_STORAGE: storage },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('expiry deletes the file and the blob and leaves the row marked; its URL answers 404 to both partners', async () => {
    server.clock.set(new Date('2031-03-02T09:00:00Z'));
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const sub = submissive.client;
    const dom = dominant.client;
    // The submissive's proofs of a task: a photo kept 7 days, a voice note kept 14.
    const photo = (await expectBody(await postPhoto(sub, dominant.id, await jpeg(), 'image/jpeg', '7'), 201))
      .media;
    expect(photo.expiresAt).toBe(new Date(server.clock.now().getTime() + 7 * DAY).toISOString());
    const voice = await uploadAudio(sub, dominant.id, undefined, '14');
    const task = await createTask(server, couple);
    await expectBody(
      await submissive.api.tasks[':id'].complete.$post({
        param: { id: task.id },
        json: { photoId: photo.id, voiceNoteId: voice },
      }),
      200,
    );
    // The dominant's punishment voice note kept 30 days; the submissive's voice message kept 90; a photo
    // kept until deleted.
    const punishmentVoice = await uploadAudio(dom, submissive.id, undefined, '30');
    const punishment = await createPunishment(couple, { voiceNoteId: punishmentVoice });
    const messageVoice = await uploadAudio(sub, dominant.id, undefined, '90');
    const message = await sendMessage(submissive, dominant.id, {
      kind: 'voice',
      content: '',
      voiceNoteId: messageVoice,
    });
    const kept = await uploadPhoto(sub, dominant.id, undefined, 'forever');
    await sendMessage(submissive, dominant.id, { content: 'A text' });
    const photoKey = await keyOf(server, photo.id);
    expect(await storedMedia(server)).toContain(photoKey);
    for (const client of [sub, dom]) expect(await served(client, photo.id)).toBe(200);

    // A moment before its time, nothing goes.
    server.clock.advance(7 * DAY - 1);
    expect(await expireProofs(server.services)).toBe(0);
    // At its time, the photo goes: file or blob, and media row; the task keeps its mark and its completion.
    server.clock.advance(1);
    expect(await expireProofs(server.services)).toBe(1);
    expect(await storedMedia(server)).not.toContain(photoKey);
    expect(await keyOf(server, photo.id)).toBeUndefined();
    for (const client of [sub, dom]) expect(await served(client, photo.id)).toBe(404);
    const after = await findTask(dominant, task.id);
    expect(after).toMatchObject({
      isCompleted: true,
      photoProof: null,
      photoProofGone: 'expired',
      voiceProof: voice,
      voiceProofGone: null,
    });
    const [entry] = await listHistory(sub);
    expect(entry).toMatchObject({ photoProof: null, photoProofGone: 'expired', voiceProof: voice });
    expect(await recordKinds(couple)).toEqual([['proof.expired', photo.id]]);

    // Ninety days on, every proof with a keep-time has gone; the one kept until deleted stays.
    server.clock.advance(90 * DAY);
    expect(await expireProofs(server.services)).toBe(3);
    for (const id of [voice, punishmentVoice, messageVoice]) {
      for (const client of [sub, dom]) expect(await served(client, id)).toBe(404);
    }
    expect(await findTask(submissive, task.id)).toMatchObject({
      voiceProof: null,
      voiceProofGone: 'expired',
    });
    expect(await findPunishment(submissive, punishment.id)).toMatchObject({
      voiceNote: null,
      voiceNoteGone: 'expired',
    });
    const conversation = await wholeConversation(dominant, submissive.id);
    expect(conversation.messages.find((m) => m.id === message.id)).toMatchObject({
      voiceNote: null,
      voiceNoteGone: 'expired',
    });
    expect(await storedMedia(server)).toEqual([await keyOf(server, kept)]);
    expect(await served(dom, kept)).toBe(200);
    expect((await recordKinds(couple)).map(([k]) => k)).toEqual(Array(4).fill('proof.expired'));

    // The export does not stumble on what expired.
    const exported = await sub.get('/api/me/export');
    expect(exported.status).toBe(200);
    const files = await readZip(Buffer.from(await exported.arrayBuffer()));
    expect(
      [...files.keys()].filter((name) => name.includes('/media/') && !name.endsWith('.json')),
    ).toHaveLength(1);
  });

  it('the hourly maintenance runs the sweep once per hour, on whichever instance claims it', async () => {
    server.clock.set(new Date('2031-09-01T10:20:00Z'));
    expect(await server.services.scheduledMaintenance()).toContain('expired proofs');
    expect(await server.services.scheduledMaintenance()).not.toContain('expired proofs');
  });
});
