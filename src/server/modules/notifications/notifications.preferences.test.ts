import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIETABLE_KINDS } from '@/shared/domain/notification-kinds';
import { NOTIFICATION_PREFERENCES_TEXT as TEXT } from '@/shared/texts/notification-preferences';
import { notificationPreferences, outbox } from '../../db/schema';
import { databases } from '../../test/database';
import { MALFORMED_BODIES } from '../../test/hostile';
import { inbox } from '../../test/notifications';
import { createCouple } from '../../test/partners';
import { PUSH_TEST_SERVER, pushesSettled, registerDevice } from '../../test/push';
import { type PushPeer, startPushPeer } from '../../test/push-peer';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createTask } from '../../test/tasks';
import { createUser, type TestUser } from '../../test/users';

const PATH = '/api/notifications/preferences';
const BOTH_ON = Object.fromEntries(QUIETABLE_KINDS.map((kind) => [kind, { inApp: true, push: true }]));

/**
 * Per-kind notification preferences (decision 085): a quieted kind arrives read, or without a push, or
 * both; safety can never be quieted; each user sets only their own.
 */
describe.each(databases())('notification preferences on %s', (kind) => {
  let server: TestServer;
  let peer: PushPeer;
  beforeAll(async () => {
    peer = await startPushPeer();
    server = await startTestServer({ db: kind, requireEmailVerification: false, ...PUSH_TEST_SERVER });
  });
  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  const preferencesOf = async (user: TestUser) =>
    (await expectBody(await user.api.notifications.preferences.$get(), 200)).preferences;
  const put = (user: TestUser, body: unknown) => user.client.put(PATH, body);

  it('answers every quietable kind on by default, and keeps what was changed, kind by kind', async () => {
    const user = await createUser(server);
    expect(await preferencesOf(user)).toEqual(BOTH_ON);
    const saved = await expectBody(await put(user, { tasks: { inApp: false, push: true } }), 200);
    expect(saved.preferences).toEqual({ ...BOTH_ON, tasks: { inApp: false, push: true } });
    await expectBody(await put(user, { journal: { inApp: true, push: false } }), 200);
    expect(await preferencesOf(user)).toEqual({
      ...BOTH_ON,
      tasks: { inApp: false, push: true },
      journal: { inApp: true, push: false },
    });
    // Back on: the same as never changed.
    await expectBody(await put(user, { tasks: { inApp: true, push: true } }), 200);
    expect((await preferencesOf(user)).tasks).toEqual({ inApp: true, push: true });
  });

  it('a kind quieted in the app arrives read, with no push if its push is off too; other kinds are untouched', async () => {
    const couple = await createCouple(server);
    const sub = couple.submissive;
    const device = peer.subscription();
    await registerDevice(sub, device);
    await pushesSettled(server);
    const pushesBefore = peer.pushesTo(device).length;
    const unreadBefore = (await inbox(sub)).unreadCount;

    await expectBody(await put(sub, { tasks: { inApp: false, push: false } }), 200);
    const quiet = await createTask(server, couple, { title: 'Quiet one' });
    await pushesSettled(server);
    const after = await inbox(sub);
    const entry = after.notifications.find((n) => n.data.taskId === quiet.id);
    expect(entry, 'the notification is still kept').toBeDefined();
    expect(entry!.read).toBe(true);
    expect(after.unreadCount).toBe(unreadBefore);
    expect(peer.pushesTo(device)).toHaveLength(pushesBefore);
    const queued = await server.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'notification'), eq(outbox.userId, sub.id)));
    expect(queued.filter((row) => JSON.stringify(row.payload).includes(entry!.id))).toEqual([]);

    // Push only: unread in the app stays off, a push goes.
    await expectBody(await put(sub, { tasks: { inApp: false, push: true } }), 200);
    await createTask(server, couple, { title: 'Pushed one' });
    await pushesSettled(server);
    expect(peer.pushesTo(device)).toHaveLength(pushesBefore + 1);
    expect((await inbox(sub)).unreadCount).toBe(unreadBefore);

    // The dominant's own choices are theirs: nothing the submissive set quiets what reaches the dominant.
    expect(await preferencesOf(couple.dominant)).toEqual(BOTH_ON);
  });

  it('Red is never quieted: with every kind off, calling it still reaches the partner unread and by push', async () => {
    const couple = await createCouple(server);
    const dom = couple.dominant;
    const device = peer.subscription();
    await registerDevice(dom, device);
    await pushesSettled(server);
    const allOff = Object.fromEntries(QUIETABLE_KINDS.map((k) => [k, { inApp: false, push: false }]));
    await expectBody(await put(dom, allOff), 200);
    const pushesBefore = peer.pushesTo(device).length;
    expect((await couple.submissive.client.post('/api/stops', {})).status).toBe(200);
    await pushesSettled(server);
    const red = (await inbox(dom)).notifications.find((n) => n.type === 'red_called');
    expect(red?.read).toBe(false);
    expect(peer.pushesTo(device).length).toBeGreaterThan(pushesBefore);
    // And safety cannot be named.
    await expectError(
      await put(dom, { safety: { inApp: false, push: false } }),
      400,
      'VALIDATION_ERROR',
      TEXT.kindUnknown,
    );
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const user = await createUser(server);
    await expectBody(await put(user, { contract: { inApp: false, push: true } }), 200);
    const before = await server.rowCounts();
    const bad: unknown[] = [
      {},
      [],
      null,
      'tasks',
      { tasks: true },
      { tasks: {} },
      { tasks: { inApp: false } },
      { tasks: { inApp: 'false', push: true } },
      { tasks: { inApp: 0, push: true } },
      { tasks: { inApp: false, push: true, sms: true } },
      { tasks: { inApp: false, push: true }, unknown: { inApp: false, push: false } },
      { 'tasks\u0000': { inApp: false, push: true } },
      { [`t${'a'.repeat(10_000)}`]: { inApp: false, push: true } },
      { __proto__: { inApp: false, push: false } },
    ];
    for (const body of bad) await expectError(await put(user, body), 400);
    for (const text of MALFORMED_BODIES) {
      const response = await user.client.fetch(PATH, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: text,
      });
      expect([400, 413], text.slice(0, 20)).toContain(response.status);
      await response.body?.cancel();
    }
    expect(await server.rowCounts()).toEqual(before);
    expect((await preferencesOf(user)).contract).toEqual({ inApp: false, push: true });
  });

  it('asks for a session; a stranger or a former partner reaches only their own preferences', async () => {
    await expectError(await server.api.notifications.preferences.$get(), 401);
    await expectError(
      await server.api.notifications.preferences.$put({ json: { tasks: { inApp: false, push: false } } }),
      401,
    );

    const couple = await createCouple(server);
    await expectBody(await put(couple.submissive, { journal: { inApp: false, push: false } }), 200);
    expect((await couple.dominant.client.delete(`/api/partners/${couple.submissive.id}`)).status).toBe(200);
    const stranger = await createUser(server);
    for (const who of [stranger, couple.dominant]) {
      expect(await preferencesOf(who)).toEqual(BOTH_ON);
      await expectBody(await put(who, { journal: { inApp: true, push: true } }), 200);
    }
    expect((await preferencesOf(couple.submissive)).journal).toEqual({ inApp: false, push: false });
    const rows = await server.database.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, couple.submissive.id));
    expect(rows).toHaveLength(1);
  });
});
