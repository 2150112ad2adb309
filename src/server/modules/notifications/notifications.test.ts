import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_PAGE, UNREAD_COUNT_CAP } from '@/shared/schemas/notifications';
import { notifications, users } from '../../db/schema';
import { databases } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { inbox } from '../../test/notifications';
import { sendRequest } from '../../test/partners';
import { expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, signIn, type TestUser } from '../../test/users';

const markRead = (user: TestUser, id: string) => user.client.post(`/api/notifications/${id}/read`);
const markAll = (user: TestUser) => user.client.post('/api/notifications/read-all');

async function me(user: TestUser) {
  const response = await user.api.me.$get();
  expect(response.status).toBe(200);
  const body = await response.json();
  if (!body.user) throw new Error('/api/me answered that nobody is signed in');
  return body.user;
}

describe.each(databases())('notifications on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A receiver with one connection-request notification from each of `n` senders, in order. */
  async function receiverWith(n: number) {
    const [receiver, ...senders] = await Promise.all([
      createUser(server, { role: 'submissive' }),
      ...Array.from({ length: n }, (_, i) =>
        createUser(server, { role: 'dominant', displayName: `Sender Number ${i}` }),
      ),
    ]);
    // One after the other: the order of the requests is the order of the notifications.
    for (const sender of senders) await sendRequest(sender, receiver);
    return { receiver, senders };
  }

  it('lists the newest first, with the unread count, and only the owner’s', async () => {
    const { receiver, senders } = await receiverWith(3);
    const { notifications: list, unreadCount } = await inbox(receiver);
    expect(unreadCount).toBe(3);
    expect(list.map((n) => n.data.senderId)).toEqual(senders.map((s) => s.id).reverse());
    expect(list.map((n) => n.message)).toEqual([
      'Sender Number 2 wants to connect with you',
      'Sender Number 1 wants to connect with you',
      'Sender Number 0 wants to connect with you',
    ]);
    for (const n of list) {
      expect(n).toMatchObject({ userId: receiver.id, type: 'connection_request', read: false });
      expect(n.title).toBe('New Connection Request');
    }
    const times = list.map((n) => n.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The senders see none of them.
    for (const sender of senders)
      expect(await inbox(sender)).toEqual({ notifications: [], unreadCount: 0, nextBefore: null });
  });

  it(`answers at most ${NOTIFICATION_PAGE}, newest first, while the unread count counts them all (below its cap)`, async () => {
    const user = await createUser(server);
    const base = Date.now() - 3_600_000;
    await server.database.db.insert(notifications).values(
      Array.from({ length: NOTIFICATION_PAGE + 5 }, (_, i) => ({
        userId: user.id,
        type: 'task_assigned' as const,
        title: `Task ${i}`,
        message: `Message ${i}`,
        createdAt: new Date(base + i * 1000),
        updatedAt: new Date(base + i * 1000),
      })),
    );
    const { notifications: list, unreadCount } = await inbox(user);
    expect(unreadCount).toBe(NOTIFICATION_PAGE + 5);
    expect(list).toHaveLength(NOTIFICATION_PAGE);
    expect(list[0]?.title).toBe(`Task ${NOTIFICATION_PAGE + 4}`);
    expect(list.at(-1)?.title).toBe('Task 5');
    expect(list[0]?.createdAt).toBe(base + (NOTIFICATION_PAGE + 4) * 1000);
    expect(list[0]?.data).toEqual({});
  });

  it(`counts unread up to ${UNREAD_COUNT_CAP} and no further: the count stays cheap however many pile up`, async () => {
    const user = await createUser(server);
    const base = Date.now() - 3_600_000;
    const row = (i: number, read: boolean) => ({
      userId: user.id,
      type: 'task_assigned' as const,
      title: `Task ${i}`,
      message: `Message ${i}`,
      read,
      createdAt: new Date(base + i * 1000),
      updatedAt: new Date(base + i * 1000),
    });
    await server.database.db
      .insert(notifications)
      .values([
        ...Array.from({ length: UNREAD_COUNT_CAP + 20 }, (_, i) => row(i, false)),
        ...Array.from({ length: 5 }, (_, i) => row(1000 + i, true)),
      ]);
    expect((await inbox(user)).unreadCount).toBe(UNREAD_COUNT_CAP);
    // Below the cap it is exact again, and read ones never count.
    await markAll(user);
    await server.database.db.insert(notifications).values([row(2000, false), row(2001, false)]);
    expect((await inbox(user)).unreadCount).toBe(2);
  });

  it('marks one notification read; the others stay unread', async () => {
    const { receiver } = await receiverWith(3);
    const before = await inbox(receiver);
    const target = before.notifications[1]!;
    const response = await markRead(receiver, target.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });

    const after = await inbox(receiver);
    expect(after.unreadCount).toBe(2);
    expect(after.notifications.map((n) => [n.id, n.read])).toEqual(
      before.notifications.map((n) => [n.id, n.id === target.id]),
    );
    expect(after.notifications[1]!.updatedAt).toBe(server.clock.now().getTime());
    // Again: still read, still fine.
    expect((await markRead(receiver, target.id)).status).toBe(200);
    expect((await inbox(receiver)).unreadCount).toBe(2);
  });

  it("refuses to mark someone else's notification read with 404; it stays unread", async () => {
    const { receiver, senders } = await receiverWith(1);
    const [theirs] = (await inbox(receiver)).notifications;
    for (const intruder of [senders[0]!, await createUser(server)]) {
      await expectError(await markRead(intruder, theirs!.id), 404, 'NOT_FOUND', 'Notification not found');
    }
    await expectError(await markRead(receiver, randomUUID()), 404, 'NOT_FOUND', 'Notification not found');
    const after = await inbox(receiver);
    expect(after.unreadCount).toBe(1);
    expect(after.notifications[0]?.read).toBe(false);
  });

  it("marks all of one's own read, and nobody else's", async () => {
    const { receiver, senders } = await receiverWith(3);
    const other = await createUser(server);
    await sendRequest(senders[0]!, other);
    expect((await inbox(other)).unreadCount).toBe(1);

    const response = await markAll(receiver);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    const after = await inbox(receiver);
    expect(after.unreadCount).toBe(0);
    expect(after.notifications.map((n) => n.read)).toEqual([true, true, true]);
    expect((await inbox(other)).unreadCount).toBe(1);
    // With nothing unread, it still answers 200.
    expect((await markAll(receiver)).status).toBe(200);
  });

  it('tells the owner’s open streams what was read', async () => {
    const { receiver } = await receiverWith(2);
    const [first] = (await inbox(receiver)).notifications;
    const stream = await openEventStream(receiver.client);
    try {
      expect((await markRead(receiver, first!.id)).status).toBe(200);
      expect(await stream.next('notification.read')).toEqual({ notificationId: first!.id });
      expect((await markAll(receiver)).status).toBe(200);
      expect(await stream.next('notification.read')).toEqual({ notificationId: null });
    } finally {
      stream.close();
    }
  });

  it('POST /api/me/visit records the time of the visit, shown by /api/me', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    expect((await me(user)).lastVisitAt).toBeNull();

    server.clock.advance(60_000);
    const first = server.clock.now().getTime();
    const response = await user.client.post('/api/me/visit');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect((await me(user)).lastVisitAt).toBe(first);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastVisitAt?.getTime()).toBe(first);

    server.clock.advance(60_000);
    expect((await user.client.post('/api/me/visit')).status).toBe(200);
    expect((await me(user)).lastVisitAt).toBe(first + 60_000);
    // Also on a fresh sign-in.
    const again = await signIn(server, user);
    const fresh = await (await again.api.me.$get()).json();
    expect(fresh.user?.lastVisitAt).toBe(first + 60_000);
    expect((await me(other)).lastVisitAt).toBeNull();
  });

  describe('refusals', () => {
    let owner: TestUser;
    let stranger: TestUser;
    let notificationId: string;
    beforeAll(async () => {
      const made = await receiverWith(1);
      owner = made.receiver;
      stranger = await createUser(server);
      notificationId = (await inbox(owner)).notifications[0]!.id;
    });

    /** The owner's notifications and last visit are as they were, and no row was added or removed. */
    async function unchanged(send: () => Promise<Response>, status: number, code?: string, message?: string) {
      const counts = await server.rowCounts();
      const before = await inbox(owner);
      const visit = (await me(owner)).lastVisitAt;
      const body = await expectError(await send(), status, code, message);
      expect(await server.rowCounts()).toEqual(counts);
      expect(await inbox(owner)).toEqual(before);
      expect(before.unreadCount).toBe(1);
      expect((await me(owner)).lastVisitAt).toBe(visit);
      return body;
    }

    const routes = [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/:id/read'],
      ['POST', '/api/notifications/read-all'],
      ['POST', '/api/me/visit'],
    ] as const;
    const path = (p: string) => p.replace(':id', notificationId);

    it.each(routes)('%s %s without a valid session: 401 "Not authenticated"', async (method, p) => {
      const ended = await signIn(server, owner);
      const endedCookie = `pact.session_token=${ended.sessionCookie()}`;
      expect((await ended.post('/api/auth/logout')).status).toBe(200);
      for (const cookie of [undefined, 'pact.session_token=forged.value', endedCookie]) {
        const headers: Record<string, string> = cookie ? { cookie } : {};
        if (method === 'POST') headers.origin = server.url;
        await unchanged(
          () => server.request(path(p), { method, headers }),
          401,
          'NOT_AUTHENTICATED',
          'Not authenticated',
        );
      }
    });

    it.each([
      'not-a-uuid',
      '123',
      '3f1c2a9e-8b7d-4c6e-9a5b-1d2e3f4a5b6cx',
      '3f1c2a9e8b7d4c6e9a5b1d2e3f4a5b6c',
      "'%20or%201=1",
      '%00',
      'x'.repeat(2_000),
    ])('POST /api/notifications/%s/read: 400 VALIDATION_ERROR', async (id) => {
      await unchanged(() => markRead(owner, id), 400, 'VALIDATION_ERROR', 'Invalid id');
    });

    describe.each(routes.filter(([method]) => method === 'POST'))('%s %s', (method, p) => {
      it.each([
        ['text/plain', '{}'],
        ['application/x-www-form-urlencoded', 'read=true'],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
        ],
      ])('refuses the Content-Type %j with 415', async (type, body) => {
        await unchanged(
          () => owner.client.fetch(path(p), { method, headers: { 'content-type': type }, body }),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        );
      });

      it.each(['https://evil.example', 'null'])('refuses the Origin %j with 403', async (origin) => {
        await unchanged(
          () => owner.client.fetch(path(p), { method, headers: { origin } }),
          403,
          'CROSS_ORIGIN',
        );
      });

      it('refuses a 100 kB body with 413', async () => {
        await unchanged(
          () =>
            owner.client.fetch(path(p), {
              method,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ padding: 'x'.repeat(100_000) }),
            }),
          413,
          'PAYLOAD_TOO_LARGE',
        );
      });
    });

    it("a stranger cannot read the owner's notification, and reading all marks only the stranger's", async () => {
      await unchanged(() => markRead(stranger, notificationId), 404, 'NOT_FOUND');
      const counts = await server.rowCounts();
      expect((await markAll(stranger)).status).toBe(200);
      expect((await stranger.client.post('/api/me/visit')).status).toBe(200);
      expect(await server.rowCounts()).toEqual(counts);
      expect((await inbox(owner)).unreadCount).toBe(1);
      expect((await me(owner)).lastVisitAt).toBeNull();
      expect(JSON.stringify(await inbox(stranger))).not.toContain(notificationId);
    });
  });
});
