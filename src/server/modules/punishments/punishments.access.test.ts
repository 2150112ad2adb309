import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client';
import { databases } from '../../test/database';
import { type Couple, connect, createCouple } from '../../test/partners';
import { createPunishment, findPunishment, listPunishments, setCompletion } from '../../test/punishments';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { decodeQuotedPrintable, textPart } from '../../test/smtp-peer';
import { completeTask, createTask } from '../../test/tasks';
import { storedCounts } from '../../test/uploads';
import { actAs, actAsAnew, createUser } from '../../test/users';

const feedbackMails = (server: TestServer, to: string) =>
  server.smtp.mailsTo(to).filter((m) => m.subject.startsWith('Feedback from'));

/** Every route on one punishment, with a body the right person could send. */
const ROUTES: [string, (c: TestClient, id: string) => Promise<Response>][] = [
  ['start timer', (c, id) => c.post(`/api/punishments/${id}/timer`)],
  ['complete', (c, id) => c.put(`/api/punishments/${id}/completion`, { completed: true })],
  ['uncomplete', (c, id) => c.put(`/api/punishments/${id}/completion`, { completed: false })],
  ['feedback', (c, id) => c.post(`/api/punishments/${id}/feedback`, { feedback: 'Hi' })],
  ['feedback email', (c, id) => c.post(`/api/punishments/${id}/feedback-email`)],
];

describe.each(databases())('punishments: who may touch them, and feedback by mail, on %s', (kind) => {
  let server: TestServer;
  let couple: Couple;
  let stranger: Couple;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    [couple, stranger] = await Promise.all([createCouple(server), createCouple(server)]);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A completed punishment with feedback and a running timer: every route has something to change. */
  async function fullPunishment(c: Couple) {
    const p = await createPunishment(c, { timerEnabled: true, timerDuration: 5 });
    await setCompletion(c.dominant.client, p.id, true);
    await c.dominant.client.post(`/api/punishments/${p.id}/feedback`, { feedback: 'Fine' });
    return p;
  }

  it.each(ROUTES)(
    '%s: a stranger, an unknown id and a malformed id get 404/400, nothing changes',
    async (_n, send) => {
      const p = await fullPunishment(couple);
      const before = await storedCounts(server);
      for (const who of [stranger.dominant, stranger.submissive]) {
        await expectError(await send(who.client, p.id), 404, 'NOT_FOUND', 'Punishment not found');
      }
      await expectError(await send(couple.dominant.client, randomUUID()), 404, 'NOT_FOUND');
      await expectError(await send(couple.dominant.client, 'not-an-id'), 400, 'VALIDATION_ERROR');
      await expectError(await send(server.client(), p.id), 401);
      expect(await storedCounts(server)).toEqual(before);
      expect(feedbackMails(server, couple.submissive.email)).toEqual([]);
    },
  );

  it.each(ROUTES)('%s: former partners get 404 and see nothing', async (_n, send) => {
    const c = await createCouple(server);
    const p = await fullPunishment(c);
    expect((await c.dominant.client.delete(`/api/partners/${c.submissive.id}`)).status).toBe(200);
    const before = await storedCounts(server);
    for (const who of [c.dominant, c.submissive]) {
      await expectError(await send(who.client, p.id), 404, 'NOT_FOUND');
      expect(await listPunishments(who.client)).toEqual([]);
    }
    expect(await storedCounts(server)).toEqual(before);
  });

  it('the wrong role: a Switch acting in the other role is refused on every route (403)', async () => {
    const sw = await createUser(server, { role: 'switch', displayName: 'Sky Switch' });
    const sub = await createUser(server, { role: 'submissive' });
    await actAs(sw.client, 'dominant');
    await connect(sw, sub);
    const pair = { dominant: sw, submissive: sub };
    const p = await createPunishment(pair, { timerEnabled: true });
    await actAsAnew(server, sw, 'submissive');
    const before = await storedCounts(server);
    for (const [, send] of ROUTES) await expectError(await send(sw.client, p.id), 403, 'FORBIDDEN');
    expect(await storedCounts(server)).toEqual(before);
    expect(await findPunishment(sub.client, p.id)).toMatchObject({
      isCompleted: false,
      timerStartTime: null,
    });
    // Acting as submissive, Sky's list holds what was assigned to Sky, never what Sky assigned as dominant.
    expect(await findPunishment(sw.client, p.id)).toBeUndefined();
  });

  describe('feedback by e-mail', () => {
    it('sends the stored feedback to the submissive, escaped, with nothing else personal', async () => {
      const p = await createPunishment(couple, { title: 'Lines <b>x</b>', reason: 'Secret reason' });
      await expectError(
        await couple.dominant.client.post(`/api/punishments/${p.id}/feedback-email`),
        409,
        'CONFLICT',
      );
      await setCompletion(couple.submissive.client, p.id, true);
      const text = 'Well done <script>alert(1)</script> & thanks';
      await couple.dominant.client.post(`/api/punishments/${p.id}/feedback`, { feedback: text });
      await expectError(
        await couple.submissive.client.post(`/api/punishments/${p.id}/feedback-email`),
        403,
        'FORBIDDEN',
      );
      const response = await couple.dominant.client.post(`/api/punishments/${p.id}/feedback-email`);
      expect(await expectBody(response, 200)).toEqual({ success: true });
      const mail = await server.smtp.waitForMail(couple.submissive.email, (m) =>
        m.subject.startsWith('Feedback'),
      );
      expect(mail.subject).toBe('Feedback from Dana Dom on Pact');
      const plain = textPart(mail.raw);
      expect(plain).toContain(text);
      expect(plain).toContain('Sam Sub');
      expect(plain).toContain('punishment "Lines <b>x</b>"');
      expect(plain).toContain(`/punishments?highlight=${p.id}`);
      const decoded = decodeQuotedPrintable(mail.raw);
      expect(decoded.replace(plain, '')).not.toContain('<script>');
      expect(decoded).toContain('&#60;script&#62;');
      expect(decoded).not.toContain('Secret reason');
      expect(decoded).not.toContain(couple.dominant.email);
    });

    it('works for a task’s feedback and a history entry’s feedback too', async () => {
      const task = await createTask(server, couple, { title: 'Dishes' });
      await completeTask(couple.submissive.client, task.id);
      await expectError(await couple.dominant.client.post(`/api/tasks/${task.id}/feedback-email`), 409);
      await couple.dominant.client.post(`/api/tasks/${task.id}/feedback`, { feedback: 'Shiny plates' });
      await expectError(await couple.submissive.client.post(`/api/tasks/${task.id}/feedback-email`), 403);
      await expectError(await stranger.dominant.client.post(`/api/tasks/${task.id}/feedback-email`), 404);
      expect((await couple.dominant.client.post(`/api/tasks/${task.id}/feedback-email`)).status).toBe(200);
      const mail = await server.smtp.waitForMail(couple.submissive.email, (m) =>
        textPart(m.raw).includes('Shiny plates'),
      );
      expect(textPart(mail.raw)).toContain('task "Dishes"');

      const history = await couple.dominant.api['task-completions'].$get();
      const entry = (await history.json()).completions.find((h) => h.taskId === task.id)!;
      await expectError(
        await stranger.dominant.client.post(`/api/task-completions/${entry.id}/feedback-email`),
        404,
      );
      expect(
        (await couple.dominant.client.post(`/api/task-completions/${entry.id}/feedback-email`)).status,
      ).toBe(200);
      await server.smtp.waitForMail(couple.submissive.email, (m) => textPart(m.raw).includes('Shiny plates'));
    });
  });
});

describe('feedback mails are rate-limited per account', () => {
  let server: TestServer;
  afterAll(async () => {
    await server?.close();
  });

  it('the eleventh mail within an hour is refused with 429', async () => {
    server = await startTestServer({ requireEmailVerification: false, rateLimitScale: 1 });
    const couple = await createCouple(server);
    const p = await createPunishment(couple);
    await setCompletion(couple.dominant.client, p.id, true);
    await couple.dominant.client.post(`/api/punishments/${p.id}/feedback`, { feedback: 'Ok' });
    for (let i = 0; i < 10; i++) {
      expect((await couple.dominant.client.post(`/api/punishments/${p.id}/feedback-email`)).status).toBe(200);
    }
    await expectError(
      await couple.dominant.client.post(`/api/punishments/${p.id}/feedback-email`),
      429,
      'RATE_LIMITED',
    );
    await server.mailsSettled();
    expect(feedbackMails(server, couple.submissive.email)).toHaveLength(10);
  });
});
