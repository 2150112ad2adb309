import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROOF_TEXT } from '@/shared/texts/media';
import { databases } from '../../test/database';
import { createCouple } from '../../test/partners';
import { createPunishment, findPunishment } from '../../test/punishments';
import { expectBody, expectError } from '../../test/responses';
import { jpeg } from '../../test/samples';
import { startTestServer, type TestServer } from '../../test/server';
import { completeTask, createTask, findTask } from '../../test/tasks';
import { postPhoto, storedCounts, uploadAudio, uploadPhoto } from '../../test/uploads';
import { createUser } from '../../test/users';

const NUL = '\u0000';
const MISSING = '00000000-0000-4000-8000-000000000000';

/** Early deletion by the sender and the default keep-time (decision 076): who may, and what is refused. */
describe.each(databases())('proofs deleted early and the keep-time, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('only the sender deletes a proof early: the partner, a stranger and no session are refused; the task stays completed', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const photo = await uploadPhoto(submissive.client, dominant.id);
    const task = await createTask(server, couple, { photoProofRequired: true });
    await completeTask(submissive.client, task.id, photo);
    const stranger = await createUser(server, { role: 'dominant' });
    const before = await storedCounts(server);
    // The partner (the dominant, who reads it) cannot delete it, nor can a stranger: it does not exist for them.
    await expectError(
      await dominant.client.delete(`/api/media/${photo}`),
      404,
      'NOT_FOUND',
      PROOF_TEXT.notFound,
    );
    await expectError(await stranger.client.delete(`/api/media/${photo}`), 404, 'NOT_FOUND');
    await expectError(await server.client().delete(`/api/media/${photo}`), 401, 'NOT_AUTHENTICATED');
    await expectError(await submissive.client.delete(`/api/media/${MISSING}`), 404, 'NOT_FOUND');
    await expectError(await submissive.client.delete('/api/media/nope'), 400);
    expect(await storedCounts(server)).toEqual(before);
    expect((await dominant.client.get(`/api/media/${photo}`)).status).toBe(200);

    expect(
      await expectBody(await submissive.api.media[':id'].$delete({ param: { id: photo } }), 200),
    ).toEqual({
      deleted: true,
    });
    for (const who of [dominant, submissive]) {
      expect((await who.client.get(`/api/media/${photo}`)).status).toBe(404);
      expect(await findTask(who, task.id)).toMatchObject({
        isCompleted: true,
        photoProof: null,
        photoProofGone: 'deleted',
      });
    }
    expect((await storedCounts(server)).storedMedia).toBe(before.storedMedia - 1);
    // Gone is gone: a second delete finds nothing.
    await expectError(await submissive.client.delete(`/api/media/${photo}`), 404, 'NOT_FOUND');
  });

  it('a former partner cannot delete what the other sent; the sender still may, after the pair ended', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const voice = await uploadAudio(dominant.client, submissive.id);
    const punishment = await createPunishment(couple, { voiceNoteId: voice });
    expect((await dominant.client.delete(`/api/partners/${submissive.id}`)).status).toBe(200);
    const before = await storedCounts(server);
    await expectError(await submissive.client.delete(`/api/media/${voice}`), 404, 'NOT_FOUND');
    expect(await storedCounts(server)).toEqual(before);
    expect((await dominant.client.delete(`/api/media/${voice}`)).status).toBe(200);
    expect((await storedCounts(server)).storedMedia).toBe(before.storedMedia - 1);
    void punishment;
  });

  it('a punishment keeps its mark when its voice note is deleted', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const voice = await uploadAudio(dominant.client, submissive.id, undefined, '30');
    const punishment = await createPunishment(couple, { voiceNoteId: voice });
    expect((await dominant.client.delete(`/api/media/${voice}`)).status).toBe(200);
    expect(await findPunishment(submissive, punishment.id)).toMatchObject({
      voiceNote: null,
      voiceNoteGone: 'deleted',
    });
  });

  it('the default keep-time: until deleted unless chosen; each user their own; bad input is refused and changes nothing', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    expect(await expectBody(await submissive.api.media.keep.$get(), 200)).toEqual({ keep: 'forever' });
    expect(await expectBody(await submissive.api.media.keep.$put({ json: { keep: '30' } }), 200)).toEqual({
      keep: '30',
    });
    expect(await expectBody(await submissive.api.media.keep.$get(), 200)).toEqual({ keep: '30' });
    expect(await expectBody(await dominant.api.media.keep.$get(), 200)).toEqual({ keep: 'forever' });
    const before = await storedCounts(server);
    const bad: [unknown, string | undefined][] = [
      [{}, PROOF_TEXT.badKeep],
      [{ keep: 30 }, PROOF_TEXT.badKeep],
      [{ keep: '31' }, PROOF_TEXT.badKeep],
      [{ keep: 'x'.repeat(10_000) }, PROOF_TEXT.badKeep],
      [{ keep: `30${NUL}` }, undefined],
      [{ keep: '30', extra: 1 }, undefined],
      [[], undefined],
    ];
    for (const [body, message] of bad) {
      await expectError(await submissive.client.put('/api/media/keep', body), 400, undefined, message);
    }
    const malformed = await submissive.client.fetch('/api/media/keep', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"keep": ',
    });
    await expectError(malformed, 400);
    // An upload's keep-time: only the five choices.
    for (const keep of ['5', 'never', `7${NUL}`, 'x'.repeat(5_000)]) {
      await expectError(
        await postPhoto(submissive.client, dominant.id, await jpeg(), 'image/jpeg', keep as '7'),
        400,
        undefined,
        keep.includes(NUL) ? undefined : PROOF_TEXT.badKeep,
      );
    }
    for (const response of [
      await server.client().get('/api/media/keep'),
      await server.client().put('/api/media/keep', { keep: '7' }),
    ]) {
      await expectError(response, 401, 'NOT_AUTHENTICATED');
    }
    expect(await storedCounts(server)).toEqual(before);
    expect(await expectBody(await submissive.api.media.keep.$get(), 200)).toEqual({ keep: '30' });
  });
});
