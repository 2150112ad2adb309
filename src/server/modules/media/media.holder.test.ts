import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { databases } from '../../test/database';
import { type Couple, createCouple } from '../../test/partners';
import { expectBody } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createTask, findTask, listHistory } from '../../test/tasks';
import { uploadAudio, uploadPhoto } from '../../test/uploads';

/** The SQLSTATE and message of a refused statement (drizzle wraps the driver's error as its cause). */
function reasonOf(error: unknown) {
  let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  const messages: string[] = [];
  let code: string | undefined;
  while (e) {
    if (typeof e.code === 'string') code ??= e.code;
    if (typeof e.message === 'string') messages.push(e.message);
    e = e.cause === e ? undefined : (e.cause as typeof e);
  }
  return { code, message: messages.join(' / ') };
}

describe.each(databases())('media holders on %s', (kind) => {
  let server: TestServer;
  let couple: Couple;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    couple = await createCouple(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;
  const holderOf = async (id: string) => {
    const [row] = await db()
      .select({ to: media.attachedTo, id: media.attachedId })
      .from(media)
      .where(eq(media.id, id));
    return row;
  };

  /** The statement must be refused by the database with `reason` in its message. */
  async function expectRefused(statement: SQL, reason: string) {
    const outcome = await db()
      .execute(statement)
      .then(
        () => null,
        (error: unknown) => reasonOf(error),
      );
    expect(outcome, 'the database accepted the write').not.toBeNull();
    expect(outcome!.message).toContain(reason);
    expect(outcome!.code).toBe('23514');
  }

  /** A task completed by the submissive with a photo and a voice proof, both held by that task. */
  async function provenTask() {
    const task = await createTask(server, couple);
    const photo = await uploadPhoto(couple.submissive.client, couple.dominant.id);
    const voice = await uploadAudio(couple.submissive.client, couple.dominant.id);
    const done = await couple.submissive.client.post(`/api/tasks/${task.id}/complete`, {
      photoId: photo,
      voiceNoteId: voice,
    });
    expect(done.status, await done.clone().text()).toBe(200);
    return { task, photo, voice };
  }

  it('each file records the row that holds it: the task for all of a task’s files, the punishment, the message', async () => {
    const { task, photo, voice } = await provenTask();
    expect(await holderOf(photo)).toEqual({ to: 'task', id: task.id });
    expect(await holderOf(voice)).toEqual({ to: 'task', id: task.id });

    const instruction = await uploadAudio(couple.dominant.client, couple.submissive.id);
    const voiceTask = await createTask(server, couple, {
      kind: 'voice',
      title: '',
      description: '',
      voiceNoteId: instruction,
    });
    expect(await holderOf(instruction)).toEqual({ to: 'task', id: voiceTask.id });

    const replaced = await uploadAudio(couple.dominant.client, couple.submissive.id);
    const edited = await couple.dominant.client.put(`/api/tasks/${voiceTask.id}`, {
      kind: 'voice',
      title: '',
      description: '',
      dueDate: voiceTask.dueDate,
      assignedTo: couple.submissive.id,
      voiceNoteId: replaced,
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(await holderOf(replaced)).toEqual({ to: 'task', id: voiceTask.id });

    const proof = await uploadPhoto(couple.submissive.client, couple.dominant.id);
    const { task: extra } = await expectBody(
      await couple.submissive.client.post('/api/tasks/above-and-beyond', {
        dominantId: couple.dominant.id,
        title: 'Cooked dinner',
        details: '',
        photoId: proof,
      }),
      201,
    );
    expect(await holderOf(proof)).toEqual({ to: 'task', id: extra.id });
    const entry = (await listHistory(couple.dominant.client)).find((c) => c.taskId === extra.id);
    expect(entry?.photoProof).toBe(proof);

    const order = await uploadAudio(couple.dominant.client, couple.submissive.id);
    const { punishment } = await expectBody(
      await couple.dominant.client.post('/api/punishments', {
        title: 'Lines',
        assignedTo: couple.submissive.id,
        voiceNoteId: order,
      }),
      201,
    );
    expect(await holderOf(order)).toEqual({ to: 'punishment', id: punishment.id });

    const message = await uploadAudio(couple.submissive.client, couple.dominant.id);
    const { message: sent } = await expectBody(
      await couple.submissive.client.post('/api/journal/messages', {
        partnerId: couple.dominant.id,
        kind: 'voice',
        voiceNoteId: message,
      }),
      201,
    );
    expect(await holderOf(message)).toEqual({ to: 'message', id: sent.id });
  });

  it('the database refuses any row pointed at a file another row holds, or at one nobody claimed', async () => {
    const held = await provenTask();
    const other = await createTask(server, couple);
    const loose = await uploadPhoto(couple.submissive.client, couple.dominant.id);
    const { pairId, dominant: dom, submissive: sub } = couple;
    const completion = (file: string) =>
      sql`insert into task_completions (task_id, pair_id, title, task_type, completed_at, due_date_at_time,
        on_time, photo_proof) values (${other.id}, ${pairId}, 'x', 'assigned', now(), now(), true, ${file})`;
    const attempts = [
      sql`update tasks set photo_proof = ${held.photo} where id = ${other.id}`,
      sql`update tasks set voice_proof = ${held.voice}, voice_note = null where id = ${other.id}`,
      sql`update tasks set voice_note = ${held.voice} where id = ${other.id}`,
      completion(held.photo),
      sql`insert into journal_messages (pair_id, sender_id, receiver_id, voice_note)
        values (${pairId}, ${sub.id}, ${dom.id}, ${held.voice})`,
      sql`insert into punishments (pair_id, assigned_by, assigned_to, title, voice_note)
        values (${pairId}, ${dom.id}, ${sub.id}, 'x', ${held.voice})`,
      // A write that skips the claim: the upload is nobody's yet.
      sql`update tasks set photo_proof = ${loose} where id = ${other.id}`,
      completion(loose),
    ];
    for (const attempt of attempts) await expectRefused(attempt, 'media_not_held');

    const after = await findTask(couple.dominant.client, other.id);
    expect(after).toMatchObject({ photoProof: null, voiceProof: null, voiceNote: null });
    expect(await holderOf(held.photo)).toEqual({ to: 'task', id: held.task.id });
    expect(await holderOf(loose)).toEqual({ to: null, id: null });
  });

  it('a claim stays with its row: the database refuses moving it, or a kind without a row', async () => {
    const held = await provenTask();
    const other = await createTask(server, couple);
    await expectRefused(
      sql`update media set attached_id = ${other.id} where id = ${held.photo}`,
      'media_claim_fixed',
    );
    await expectRefused(
      sql`update media set attached_to = null, attached_id = null where id = ${held.photo}`,
      'media_claim_fixed',
    );
    const loose = await uploadPhoto(couple.submissive.client, couple.dominant.id);
    await expectRefused(
      sql`update media set attached_to = 'task', attached_at = now() where id = ${loose}`,
      'media_attached_check',
    );
    expect(await holderOf(held.photo)).toEqual({ to: 'task', id: held.task.id });
  });

  it('deleting a task takes its own files and leaves another task’s proof intact', async () => {
    const first = await provenTask();
    const second = await provenTask();
    await expectRefused(
      sql`update tasks set photo_proof = ${first.photo} where id = ${second.task.id}`,
      'media_not_held',
    );
    expect((await couple.dominant.client.delete(`/api/tasks/${first.task.id}`)).status).toBe(200);
    for (const id of [first.photo, first.voice]) {
      expect((await couple.dominant.client.get(`/api/media/${id}`)).status).toBe(404);
    }
    const kept = await findTask(couple.dominant.client, second.task.id);
    expect(kept).toMatchObject({ photoProof: second.photo, voiceProof: second.voice });
    for (const id of [second.photo, second.voice]) {
      expect((await couple.dominant.client.get(`/api/media/${id}`)).status).toBe(200);
    }
  });
});
