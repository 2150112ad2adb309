import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_UNDO_MS } from './modules/tasks/tasks.requests';
import { newVapidPrivateKey } from './secrets';
import { SESSION_COOKIE } from './test/client';
import { openEventStream } from './test/event-stream';
import { createCouple } from './test/partners';
import { expectBody, expectError } from './test/responses';
import { jpeg, oggOpus } from './test/samples';
import { startTestServer, type TestServer } from './test/server';
import { createTask } from './test/tasks';
import { mediaFiles, storedMedia, uploadAudio, uploadPhoto } from './test/uploads';
import { createUser, signIn, type TestUser } from './test/users';
import { within } from './test/wait';

/**
 * Two instances behind a load balancer: one PostgreSQL database, a data directory each, and the secret
 * given to both by the environment, as the README tells an operator to run them.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  const env = {
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    // Both instances sign pushes with one VAPID key: a device subscribed through one is pushed by the other.
    VAPID_PRIVATE_KEY: newVapidPrivateKey(),
  };
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ db: 'postgres', requireEmailVerification: false, env });
    b = await startTestServer({ db: 'postgres', database: a.database, requireEmailVerification: false, env });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** The user's browser (its cookies), its next request reaching instance `server`. */
  const through = (server: TestServer, user: TestUser) => server.client(user.client.cookies);

  it('a session made on either instance works on the other; no secret is written to a data directory', async () => {
    expect(a.services.config.dataDir).not.toBe(b.services.config.dataDir);
    const onA = await createUser(a);
    const onB = await createUser(b);
    expect((await expectBody(await through(b, onA).api.me.$get(), 200)).user?.id).toBe(onA.id);
    expect((await expectBody(await through(a, onB).api.me.$get(), 200)).user?.id).toBe(onB.id);
    for (const server of [a, b]) {
      expect(existsSync(path.join(server.services.config.dataDir, 'secrets.json'))).toBe(false);
    }
    // One VAPID key: a device subscribed through either instance is pushed by both.
    expect(a.services.push.publicKey).toBe(b.services.push.publicKey);

    // An instance left to generate a secret of its own does not accept those sessions.
    const stranger = await startTestServer({ db: 'postgres', database: a.database });
    try {
      expect((await expectBody(await through(stranger, onA).api.me.$get(), 200)).user).toBeNull();
      await expectError(await through(stranger, onA).api.tasks.$get({ query: {} }), 401, 'NOT_AUTHENTICATED');
    } finally {
      await stranger.close();
    }
  });

  it('a photo uploaded through one instance is served by the other, privately, from the database', async () => {
    const couple = await createCouple(a);
    const id = await uploadPhoto(couple.submissive.client, couple.dominant.id, await jpeg(64, 48));
    const fromA = await couple.dominant.client.get(`/api/media/${id}`);
    const fromB = await through(b, couple.dominant).get(`/api/media/${id}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/jpeg');
    expect(fromB.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    // Nothing on either instance's disk; a stranger on B is told it does not exist.
    expect([...mediaFiles(a), ...mediaFiles(b)]).toEqual([]);
    const stranger = await createUser(b);
    await expectError(await stranger.client.get(`/api/media/${id}`), 404, 'NOT_FOUND');
  });

  it('deleting through one instance removes the bytes stored through the other', async () => {
    const couple = await createCouple(a);
    const before = await storedMedia(a);
    const voiceNoteId = await uploadAudio(couple.dominant.client, couple.submissive.id, oggOpus(2));
    const task = await createTask(a, couple, { kind: 'voice', voiceNoteId });
    expect((await storedMedia(a)).length).toBe(before.length + 1);

    expect((await through(b, couple.dominant).delete(`/api/tasks/${task.id}`)).status).toBe(200);
    await expectError(await couple.submissive.client.get(`/api/media/${voiceNoteId}`), 404, 'NOT_FOUND');
    // Held for a minute for Undo (decision 099), then erased by the job, here on the other instance.
    b.clock.advance(TASK_UNDO_MS + 60_000);
    expect(await b.services.eraseDeletedTasks()).toBe(1);
    expect(await storedMedia(a)).toEqual(before);
  });

  it("logout through one instance closes the session's event stream on the other, and only that one", async () => {
    const user = await createUser(a);
    const laptop = await signIn(b, user);
    const [phoneStream, laptopStream] = await Promise.all([
      openEventStream(through(b, user)),
      openEventStream(laptop),
    ]);
    try {
      const cookie = user.client.sessionCookie();
      expect((await user.client.post('/api/auth/logout')).status).toBe(200);
      await within(phoneStream.ended, 5_000, 'the stream on B stayed open after logout through A');
      expect(laptopStream.isEnded()).toBe(false);
      const replay = await b.request('/api/events', { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });
      await expectError(replay, 401, 'NOT_AUTHENTICATED');
    } finally {
      phoneStream.close();
      laptopStream.close();
    }
  });
});
