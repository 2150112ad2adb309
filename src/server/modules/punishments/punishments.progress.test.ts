import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { notificationsOf } from '../../test/notifications';
import { type Couple, createCouple } from '../../test/partners';
import { createPunishment, findPunishment, setCompletion } from '../../test/punishments';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { storedCounts } from '../../test/uploads';

const MINUTE = 60_000;

describe.each(databases())('punishments: timer, completion and feedback on %s', (kind) => {
  let server: TestServer;
  let couple: Couple;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    couple = await createCouple(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const startTimer = (client: Couple['dominant']['client'], id: string) =>
    client.post(`/api/punishments/${id}/timer`);
  const complete = (client: Couple['dominant']['client'], id: string, completed: unknown) =>
    client.put(`/api/punishments/${id}/completion`, { completed });
  const feedback = (client: Couple['dominant']['client'], id: string, body: unknown) =>
    client.post(`/api/punishments/${id}/feedback`, body);

  describe('the timer', () => {
    it('the submissive starts it at the server’s time, which every reader sees after a reload', async () => {
      const p = await createPunishment(couple, { timerEnabled: true, timerDuration: 1 });
      const stream = await openEventStream(couple.dominant.client);
      const { punishment } = await expectBody(await startTimer(couple.submissive.client, p.id), 200);
      const started = server.clock.now().getTime();
      expect(punishment.timerStartTime).toBe(started);
      expect(await stream.next('punishment.changed')).toMatchObject({ punishmentId: p.id });
      stream.close();
      // A fresh client of the same person (a reload, another device) reads the same start.
      const reloaded = server.client(new Map(couple.submissive.client.cookies));
      server.clock.advance(30_000);
      expect((await findPunishment(reloaded, p.id))?.timerStartTime).toBe(started);
      expect((await findPunishment(couple.dominant.client, p.id))?.timerStartTime).toBe(started);
    });

    it('is not restarted while running (409), but may be once it has run out', async () => {
      const p = await createPunishment(couple, { timerEnabled: true, timerDuration: 2 });
      await expectBody(await startTimer(couple.submissive.client, p.id), 200);
      const first = server.clock.now().getTime();
      server.clock.advance(MINUTE);
      const before = await storedCounts(server);
      await expectError(
        await startTimer(couple.submissive.client, p.id),
        409,
        'CONFLICT',
        'The timer is already running',
      );
      expect(await storedCounts(server)).toEqual(before);
      expect((await findPunishment(couple.dominant.client, p.id))?.timerStartTime).toBe(first);
      server.clock.advance(MINUTE);
      const { punishment } = await expectBody(await startTimer(couple.submissive.client, p.id), 200);
      expect(punishment.timerStartTime).toBe(server.clock.now().getTime());
    });

    it('only the submissive starts it, only when enabled and pending', async () => {
      const p = await createPunishment(couple, { timerEnabled: true });
      await expectError(await startTimer(couple.dominant.client, p.id), 403, 'FORBIDDEN');
      const none = await createPunishment(couple, { timerEnabled: false });
      await expectError(await startTimer(couple.submissive.client, none.id), 409, 'CONFLICT');
      await setCompletion(couple.dominant.client, p.id, true);
      await expectError(await startTimer(couple.submissive.client, p.id), 409, 'CONFLICT');
      expect((await findPunishment(couple.dominant.client, p.id))?.timerStartTime).toBeNull();
    });
  });

  describe('completion', () => {
    it('the dominant toggles both ways: completed_at set, then cleared; no notification to themselves', async () => {
      const p = await createPunishment(couple);
      server.clock.advance(1_000);
      const done = await setCompletion(couple.dominant.client, p.id, true);
      expect(done).toMatchObject({ isCompleted: true, completedAt: server.clock.now().getTime() });
      const undone = await setCompletion(couple.dominant.client, p.id, false);
      expect(undone).toMatchObject({ isCompleted: false, completedAt: null });
      await expectError(await complete(couple.dominant.client, p.id, false), 409, 'CONFLICT');
      const notes = await notificationsOf(couple.dominant.client);
      expect(notes.some((n) => n.type === 'punishment_completed' && n.data.punishmentId === p.id)).toBe(
        false,
      );
    });

    it('the submissive completes once and can never un-complete; the dominant is notified', async () => {
      const p = await createPunishment(couple, { title: 'Kneel' });
      const done = await setCompletion(couple.submissive.client, p.id, true);
      expect(done.isCompleted).toBe(true);
      const before = await storedCounts(server);
      await expectError(await complete(couple.submissive.client, p.id, false), 403, 'FORBIDDEN');
      await expectError(await complete(couple.submissive.client, p.id, true), 409, 'CONFLICT');
      expect(await storedCounts(server)).toEqual(before);
      expect((await findPunishment(couple.submissive.client, p.id))?.isCompleted).toBe(true);
      const [note] = (await notificationsOf(couple.dominant.client)).filter(
        (n) => n.type === 'punishment_completed' && n.data.punishmentId === p.id,
      );
      expect(note?.message).toBe('Sam Sub completed the punishment "Kneel"');
    });

    it.each([[null], ['yes'], [1], [undefined]])('refuses completed: %j with 400', async (value) => {
      const p = await createPunishment(couple);
      await expectError(await complete(couple.dominant.client, p.id, value), 400, 'VALIDATION_ERROR');
      expect((await findPunishment(couple.dominant.client, p.id))?.isCompleted).toBe(false);
    });
  });

  describe('feedback', () => {
    it('only on a completed punishment (409), only by the dominant (403), never blank or too long (400)', async () => {
      const p = await createPunishment(couple);
      const before = await storedCounts(server);
      await expectError(await feedback(couple.dominant.client, p.id, { feedback: 'Good' }), 409, 'CONFLICT');
      await setCompletion(couple.submissive.client, p.id, true);
      const counts = await storedCounts(server);
      expect(counts.notifications).toBe(before.notifications + 1);
      await expectError(await feedback(couple.submissive.client, p.id, { feedback: 'Me' }), 403, 'FORBIDDEN');
      for (const body of [{ feedback: '' }, { feedback: ' \n ' }, {}, { feedback: 3 }]) {
        await expectError(
          await feedback(couple.dominant.client, p.id, body),
          400,
          'VALIDATION_ERROR',
          'Feedback Required',
        );
      }
      await expectError(
        await feedback(couple.dominant.client, p.id, { feedback: 'x'.repeat(2001) }),
        400,
        'VALIDATION_ERROR',
      );
      expect(await storedCounts(server)).toEqual(counts);
    });

    it('is stored and the submissive is notified with 50-character previews', async () => {
      const title = 'Stand in the corner and think about what you have done today';
      const p = await createPunishment(couple, { title });
      await setCompletion(couple.dominant.client, p.id, true);
      const text = 'You took it well and with grace; next time, fewer complaints before we even begin.';
      const { punishment } = await expectBody(
        await feedback(couple.dominant.client, p.id, { feedback: `  ${text} ` }),
        200,
      );
      expect(punishment).toMatchObject({
        feedback: text,
        feedbackGivenAt: server.clock.now().getTime(),
        feedbackGivenBy: couple.dominant.id,
      });
      expect(await findPunishment(couple.submissive.client, p.id)).toEqual(punishment);
      const [note] = (await notificationsOf(couple.submissive.client)).filter(
        (n) => n.type === 'punishment_feedback' && n.data.punishmentId === p.id,
      );
      expect(note!.data).toEqual({ kind: 'punishment', punishmentId: p.id, pairId: couple.pairId });
      expect(note!.message).toContain('Dana Dom');
      expect(note!.message).toContain(`${text.slice(0, 50)}…`);
      expect(note!.message).not.toContain(text.slice(50));
      expect(note!.message).toContain(`${title.slice(0, 50)}…`);
    });
  });
});
