import { eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, notifications, pairRecord, securityEvents, sessions } from '../../db/schema';
import { databases, type RowCounts } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { MALFORMED_BODIES } from '../../test/hostile';
import { sendMessage } from '../../test/journal';
import { notificationsOf } from '../../test/notifications';
import {
  blocksOf,
  connect,
  createCouple,
  listPairs,
  partnersOf,
  requestsOf,
  sendRequest,
} from '../../test/partners';
import { createPunishment, listPunishments } from '../../test/punishments';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { completeTask, createTask, listHistory, listTasks } from '../../test/tasks';
import { storedMedia, uploadAudio, uploadPhoto } from '../../test/uploads';
import { createUser, login, signIn, type TestUser } from '../../test/users';

const CONFIRM_MESSAGE = 'Please type "DELETE" to confirm account deletion';

describe.each(databases())('account deletion on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;
  const deleteMe = (user: TestUser, body: unknown) =>
    user.client.fetch('/api/me', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const count = async (table: Parameters<TestServer['count']>[0], where: ReturnType<typeof eq>) =>
    (await db().select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0]!.n;

  it('ends every pair live, removes the rows and files, and leaves the partner working', async () => {
    const couple = await createCouple(server);
    const { dominant: partner, submissive: leaving } = couple;
    const stranger = await createUser(server, { role: 'dominant' });
    const blocker = await createUser(server);
    const bystanders = await createCouple(server);
    await createTask(server, bystanders);
    await uploadPhoto(bystanders.submissive.client, bystanders.dominant.id);

    // The pair's shared history: tasks, a completion with a photo, a punishment, messages both ways, files.
    await createTask(server, couple);
    const done = await createTask(server, couple);
    const photo = await uploadPhoto(leaving.client, partner.id);
    await completeTask(leaving.client, done.id, photo);
    await createPunishment(couple);
    await sendMessage(partner, leaving.id, { content: 'Hello' });
    await sendMessage(leaving, partner.id, { content: 'Hi' });
    await uploadAudio(partner.client, leaving.id);
    await uploadAudio(leaving.client, partner.id);
    // A pending request, blocks both ways, a failed login (a counter and a security event).
    await sendRequest(leaving, stranger);
    await expectBody(await leaving.api.blocks.$post({ json: { userId: blocker.id } }), 201);
    await expectBody(await blocker.api.blocks.$post({ json: { userId: bystanders.dominant.id } }), 201);
    expect((await login(server, leaving.email, 'Wrong-pass1!')).status).toBe(401);
    expect(await notificationsOf(stranger)).toHaveLength(1);

    const before = await server.rowCounts();
    const filesBefore = await storedMedia(server);
    const pairMedia = await count(media, eq(media.pairId, couple.pairId));
    const aboutLeaving = await count(
      notifications,
      or(
        eq(notifications.userId, leaving.id),
        sql`${notifications.data}->>'pairId' = ${couple.pairId}`,
        sql`${notifications.data}->>'senderId' = ${leaving.id}`,
        sql`${notifications.data}->>'partnerId' = ${leaving.id}`,
      )!,
    );
    const leavingEvents = await count(securityEvents, eq(securityEvents.userId, leaving.id));
    const leavingSessions = await count(sessions, eq(sessions.userId, leaving.id));
    expect(pairMedia).toBe(3);
    // The pair's record goes with the pair: its trigger lets a row go only once its pair is gone.
    const pairEntries = await count(pairRecord, eq(pairRecord.pairId, couple.pairId));
    expect(pairEntries).toBeGreaterThan(0);

    const watching = await openEventStream(partner.client);
    const strangerWatching = await openEventStream(stranger.client);
    const ownStream = await openEventStream(leaving.client);
    const response = await deleteMe(leaving, { confirm: 'DELETE' });
    expect(await expectBody(response, 200)).toEqual({ partnershipsAffected: 1 });
    expect(response.headers.getSetCookie().some((c) => /^pact\.session_token=;/.test(c))).toBe(true);
    expect(await watching.next('pair.ended')).toEqual({ partnerId: leaving.id, endedBy: leaving.id });
    expect(await strangerWatching.next('partner_request.updated')).toMatchObject({ status: 'rejected' });
    await ownStream.ended;
    // The leaving user's own screen is told nothing: its page says "Account deleted" and goes to / itself.
    expect(ownStream.names()).not.toContain('pair.ended');

    const after = await server.rowCounts();
    const expected: RowCounts = {
      ...before,
      users: before.users - 1,
      accounts: before.accounts - 1,
      sessions: before.sessions - leavingSessions,
      partners: before.partners - 2,
      pairs: before.pairs - 1,
      pairRecord: before.pairRecord - pairEntries,
      pairRecordHeads: before.pairRecordHeads - 1,
      tasks: before.tasks - 2,
      taskCompletions: before.taskCompletions - 1,
      punishments: before.punishments - 1,
      journalMessages: before.journalMessages - 2,
      media: before.media - pairMedia,
      mediaBlobs: before.mediaBlobs - (server.services.config.mediaStorage === 'database' ? pairMedia : 0),
      partnerRequests: before.partnerRequests - 2,
      blockedUsers: before.blockedUsers - 1,
      notifications: before.notifications - aboutLeaving,
      securityEvents: before.securityEvents - leavingEvents,
      loginAttempts: before.loginAttempts - 1,
    };
    expect(after).toEqual(expected);
    const filesAfter = await storedMedia(server);
    expect(filesAfter).toHaveLength(filesBefore.length - pairMedia);
    expect(filesBefore).toEqual(expect.arrayContaining(filesAfter));

    // The deleted account is gone: its cookie and password open nothing.
    await expectError(await leaving.api.me.sessions.$get(), 401);
    expect((await login(server, leaving.email, leaving.password)).status).toBe(401);

    // The partner signs in and every page of theirs answers, empty of the old pair.
    const again = await signIn(server, partner);
    expect(await partnersOf({ api: again.api })).toEqual([]);
    expect(await listPairs({ api: again.api })).toEqual([]);
    expect(await listTasks({ api: again.api })).toEqual([]);
    expect(await listHistory({ api: again.api })).toEqual([]);
    expect(await listPunishments({ api: again.api })).toEqual([]);
    expect(await notificationsOf({ api: again.api })).toEqual([]);
    expect((await requestsOf({ api: again.api })).length).toBe(0);
    await expectBody(await again.api.me.$get(), 200);
    await expectBody(await again.api.me.security.$get(), 200);
    expect((await again.fetch(`/api/journal/messages?partnerId=${leaving.id}`)).status).toBeLessThan(500);
    // The stranger's request is gone; the bystanders and the blocker's own block are untouched.
    expect(await notificationsOf(stranger)).toEqual([]);
    expect(await requestsOf(stranger)).toEqual([]);
    expect(await blocksOf(blocker)).toHaveLength(1);
    expect(await listTasks(bystanders.submissive)).toHaveLength(1);
    // The partner can connect with someone new.
    const next = await createUser(server, { role: 'submissive' });
    await sendRequest(partner, next);
  });

  it('counts every partnership and ends a user with none', async () => {
    const a = await createCouple(server);
    const other = await createUser(server, { role: 'submissive' });
    await connect(a.dominant, other);
    expect(await expectBody(await deleteMe(a.dominant, { confirm: 'DELETE' }), 200)).toEqual({
      partnershipsAffected: 2,
    });
    expect(await partnersOf(a.submissive)).toEqual([]);
    expect(await partnersOf(other)).toEqual([]);
    const alone = await createUser(server);
    expect(await expectBody(await deleteMe(alone, { confirm: 'DELETE' }), 200)).toEqual({
      partnershipsAffected: 0,
    });
  });

  it('refuses anything but exactly DELETE, and strangers, with nothing changed', async () => {
    const couple = await createCouple(server);
    const user = couple.submissive;
    const before = await server.rowCounts();
    for (const confirm of [
      'delete',
      'Delete',
      ' DELETE',
      'DELETE ',
      'DELETE\u0000',
      '',
      'x'.repeat(10_000),
      1,
      null,
      true,
    ]) {
      const body = await expectError(await deleteMe(user, { confirm }), 400, 'VALIDATION_ERROR');
      if (confirm !== 'DELETE\u0000') expect(body.error.message).toBe(CONFIRM_MESSAGE);
    }
    await expectError(await deleteMe(user, {}), 400, 'VALIDATION_ERROR', CONFIRM_MESSAGE);
    for (const text of MALFORMED_BODIES) {
      const response = await user.client.fetch('/api/me', {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: text,
      });
      expect(response.status, text.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    // Without a session: 401; nobody can name another account to delete.
    await expectError(
      await server.client().fetch('/api/me', {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ confirm: 'DELETE', userId: couple.dominant.id }),
      }),
      401,
      'NOT_AUTHENTICATED',
    );
    expect(await server.rowCounts()).toEqual(before);
    expect(await partnersOf(user)).toHaveLength(1);
  });
});
