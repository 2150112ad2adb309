import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_NAMES } from '@/shared/events';
import { notifications } from '../db/schema';
import { databases } from '../test/database';
import { type EventStream, openEventStream } from '../test/event-stream';
import { notificationsOf } from '../test/notifications';
import { connect, createCouple, sendRequest } from '../test/partners';
import { expectError } from '../test/responses';
import { startTestServer, type TestServer } from '../test/server';
import { createUser, signIn, type TestUser } from '../test/users';
import { quietPeriod, until, within } from '../test/wait';
import { type BusMessage, CHANNEL } from './bus';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Proves that nothing else arrived: the user marks all notifications read, which sends them (and only
 * them) `notification.read`; every event sent before it has arrived once it has, because one bus
 * delivers in order.
 */
async function drain(user: TestUser, stream: EventStream) {
  expect((await user.client.post('/api/notifications/read-all')).status).toBe(200);
  await stream.next('notification.read', (d: { notificationId: string | null }) => d.notificationId === null);
}

/** The checks every event on the bus must pass: a known name, users and data by id only. */
function expectIdsOnly(message: BusMessage, names: string[]) {
  if (message.kind !== 'event') {
    for (const id of [...(message.sessionIds ?? []), ...(message.userIds ?? [])]) expect(id).toMatch(UUID);
    return;
  }
  expect(EVENT_NAMES).toContain(message.event.name);
  expect(message.userIds.length).toBeGreaterThan(0);
  for (const id of message.userIds) expect(id).toMatch(UUID);
  for (const [key, value] of Object.entries(message.event.data)) {
    if (key === 'status') expect(['accepted', 'rejected']).toContain(value);
    else if (value !== null) expect(value, key).toMatch(UUID);
  }
  const text = JSON.stringify(message);
  for (const name of names) expect(text).not.toContain(name);
  expect(text).not.toContain('@');
}

describe.each(databases())('realtime on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses GET /api/events without a valid session', async () => {
    for (const cookie of [undefined, 'pact.session_token=forged.value']) {
      const response = await server.request('/api/events', { headers: cookie ? { cookie } : {} });
      await expectError(response, 401, 'NOT_AUTHENTICATED', 'Not authenticated');
    }
  });

  it('opens with a ready event, uncompressed and uncached', async () => {
    const user = await createUser(server);
    const stream = await openEventStream(user.client);
    stream.close();
    expect(stream.messages[0]?.event).toBe('ready');
    expect(JSON.parse(stream.messages[0]?.data ?? '')).toEqual({ quietSince: expect.any(Number) });
    const response = await user.client.get('/api/events', {
      headers: { 'accept-encoding': 'gzip' },
      signal: AbortSignal.timeout(2_000),
    });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toMatch(/no-cache|no-store/);
    await response.body?.cancel();
  });

  it('says in its ready event since when nothing was sent to the user: after the last event it carried', async () => {
    const [sender, receiver, bystander] = await Promise.all([
      createUser(server),
      createUser(server),
      createUser(server),
    ]);
    const quietSince = async (user: TestUser) => {
      const stream = await openEventStream(user.client);
      stream.close();
      return (JSON.parse(stream.messages[0]?.data ?? '') as { quietSince: number }).quietSince;
    };
    const before = Date.now();
    const quietBefore = await quietSince(receiver);
    await sendRequest(sender, receiver);
    await until(async () => (await quietSince(receiver)) > before, 'the request reached the hub');
    expect(await quietSince(receiver)).toBeGreaterThan(quietBefore);
    // Someone else's events change nothing for the bystander.
    expect(await quietSince(bystander)).toBeLessThanOrEqual(before);
  });

  it('a new request reaches the receiver as partner_request.created and notification.created; nobody else hears of it', async () => {
    const sender = await createUser(server, { role: 'dominant' });
    const receiver = await createUser(server, { role: 'submissive' });
    const stranger = await createUser(server);
    const [toSender, toReceiver, toStranger] = await Promise.all(
      [sender, receiver, stranger].map((u) => openEventStream(u.client)),
    );
    try {
      const view = await sendRequest(sender, receiver);
      expect(await toReceiver!.next('partner_request.created')).toEqual({ requestId: view.id });
      const created = await toReceiver!.next<{ notificationId: string }>('notification.created');
      // The event names the notification; the receiver reads it through the API.
      const list = await notificationsOf(receiver);
      expect(list.map((n) => n.id)).toEqual([created.notificationId]);

      await drain(sender, toSender!);
      await drain(stranger, toStranger!);
      expect(toSender!.names()).toEqual(['notification.read']);
      expect(toStranger!.names()).toEqual(['notification.read']);
      expect(toReceiver!.names().sort()).toEqual(['notification.created', 'partner_request.created']);
    } finally {
      for (const s of [toSender, toReceiver, toStranger]) s?.close();
    }
  });

  it('accepting tells both: partner.connected and partner_request.updated; the sender also gets a notification', async () => {
    const sender = await createUser(server, { role: 'dominant' });
    const receiver = await createUser(server, { role: 'submissive' });
    const view = await sendRequest(sender, receiver);
    const [toSender, toReceiver] = await Promise.all([
      openEventStream(sender.client),
      openEventStream(receiver.client),
    ]);
    try {
      expect((await receiver.client.post(`/api/partner-requests/${view.id}/accept`)).status).toBe(200);
      expect(await toSender.next('partner.connected')).toEqual({ partnerId: receiver.id });
      expect(await toReceiver.next('partner.connected')).toEqual({ partnerId: sender.id });
      for (const s of [toSender, toReceiver]) {
        expect(await s.next('partner_request.updated')).toEqual({ requestId: view.id, status: 'accepted' });
      }
      await toSender.next('notification.created');
      await drain(receiver, toReceiver);
      // The request's own notification is settled with it (then the drain's read-all).
      expect(toReceiver.names().sort()).toEqual([
        'notification.read',
        'notification.read',
        'partner.connected',
        'partner_request.updated',
      ]);
    } finally {
      toSender.close();
      toReceiver.close();
    }
  });

  it('rejecting tells the sender partner_request.updated with status rejected', async () => {
    const sender = await createUser(server, { role: 'dominant' });
    const receiver = await createUser(server, { role: 'submissive' });
    const view = await sendRequest(sender, receiver);
    const toSender = await openEventStream(sender.client);
    try {
      expect((await receiver.client.post(`/api/partner-requests/${view.id}/reject`)).status).toBe(200);
      expect(await toSender.next('partner_request.updated')).toEqual({
        requestId: view.id,
        status: 'rejected',
      });
      await toSender.next('notification.created');
      await drain(sender, toSender);
      expect(toSender.names()).not.toContain('partner.connected');
    } finally {
      toSender.close();
    }
  });

  it('reaches every open stream of the user, one per tab or device', async () => {
    const { dominant, submissive } = await createCouple(server);
    const otherDevice = await signIn(server, submissive);
    const [tab1, tab2, device] = await Promise.all([
      openEventStream(submissive.client),
      openEventStream(submissive.client),
      openEventStream(otherDevice),
    ]);
    try {
      expect((await dominant.client.delete(`/api/partners/${submissive.id}`)).status).toBe(200);
      for (const s of [tab1, tab2, device]) {
        expect(await s.next('pair.ended')).toEqual({ partnerId: dominant.id, endedBy: dominant.id });
      }
    } finally {
      for (const s of [tab1, tab2, device]) s.close();
    }
  });

  it('publishes nothing for a transaction that rolls back', async () => {
    const user = await createUser(server);
    const stream = await openEventStream(user.client);
    const ghost = randomUUID();
    try {
      await expect(
        server.services.publisher.transaction(async (tx, emit) => {
          emit([user.id], 'notification.created', { notificationId: ghost });
          emit([user.id], 'partner.connected', { partnerId: ghost });
          await tx.insert(notifications).values({
            userId: user.id,
            type: 'message_sent',
            title: 'Ghost',
            message: 'Never committed',
          });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');

      const marker = randomUUID();
      await server.services.publisher.transaction(async (_tx, emit) => {
        emit([user.id], 'notification.created', { notificationId: marker });
      });
      expect(await stream.next('notification.created')).toEqual({ notificationId: marker });
      await drain(user, stream);
      expect(stream.names()).toEqual(['notification.created', 'notification.read']);
      expect(JSON.stringify(stream.messages)).not.toContain(ghost);
      const rows = await server.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, user.id));
      expect(rows).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('publishes nothing for a request the server refuses', async () => {
    const { dominant, submissive } = await createCouple(server);
    const stream = await openEventStream(submissive.client);
    try {
      // Already connected: refused inside the transaction, after nothing was emitted or after a rollback.
      expect(
        (await dominant.client.post('/api/partner-requests', { receiverId: submissive.id })).status,
      ).toBe(409);
      await drain(submissive, stream);
      expect(stream.names()).toEqual(['notification.read']);
    } finally {
      stream.close();
    }
  });

  it('delivers an event only once its transaction has committed, when its change is visible', async () => {
    const user = await createUser(server);
    const stream = await openEventStream(user.client);
    try {
      let insertedId = '';
      const pending = server.services.publisher.transaction(async (tx, emit) => {
        const [row] = await tx
          .insert(notifications)
          .values({ userId: user.id, type: 'message_sent', title: 'Hello', message: 'Committed' })
          .returning({ id: notifications.id });
        insertedId = row!.id;
        emit([user.id], 'notification.created', { notificationId: row!.id });
        await quietPeriod(300);
        // Still inside the transaction: nothing has left.
        expect(stream.names()).toEqual([]);
      });
      const event = await stream.next<{ notificationId: string }>('notification.created');
      await pending;
      expect(event.notificationId).toBe(insertedId);
      const list = await notificationsOf(user);
      expect(list.map((n) => n.id)).toEqual([insertedId]);
    } finally {
      stream.close();
    }
  });

  it('logout closes the stream of that session only; its cookie cannot open another', async () => {
    const user = await createUser(server);
    const phone = await signIn(server, user);
    const [laptopStream, phoneStream] = await Promise.all([
      openEventStream(user.client),
      openEventStream(phone),
    ]);
    try {
      const cookie = phone.sessionCookie();
      expect((await phone.post('/api/auth/logout')).status).toBe(200);
      await within(phoneStream.ended, 5_000, 'the stream of the signed-out session stayed open');
      expect(laptopStream.isEnded()).toBe(false);
      await drain(user, laptopStream);
      const replay = await server.request('/api/events', {
        headers: { cookie: `pact.session_token=${cookie}` },
      });
      await expectError(replay, 401, 'NOT_AUTHENTICATED');
    } finally {
      laptopStream.close();
      phoneStream.close();
    }
  });

  it('forgets a stream once its client goes away', async () => {
    const user = await createUser(server);
    const hub = server.services.hub;
    await until(() => hub.connectionCount === 0, 'earlier streams to close');
    const streams = await Promise.all([1, 2, 3].map(() => openEventStream(user.client)));
    expect(hub.connectionCount).toBe(3);
    for (const s of streams) s.close();
    await until(() => hub.connectionCount === 0, 'the hub to drop closed streams');
  });

  it('puts names and ids only on the bus, never names or addresses', async () => {
    const seen: BusMessage[] = [];
    const unsubscribe = server.services.bus.subscribe((m) => seen.push(m));
    let listener: pg.Client | null = null;
    const raw: string[] = [];
    if (server.database.url) {
      listener = new pg.Client({ connectionString: server.database.url });
      await listener.connect();
      listener.on('notification', (n) => {
        if (n.channel === CHANNEL && n.payload) raw.push(n.payload);
      });
      await listener.query(`LISTEN ${CHANNEL}`);
    }
    try {
      const a = await createUser(server, { role: 'dominant', displayName: 'Bus Rider Alpha' });
      const b = await createUser(server, { role: 'submissive', displayName: 'Bus Rider Beta' });
      const c = await createUser(server, { role: 'submissive', displayName: 'Bus Rider Gamma' });
      await connect(a, b);
      const toC = await sendRequest(a, c);
      expect((await c.client.post(`/api/partner-requests/${toC.id}/block`)).status).toBe(200);
      expect((await a.client.post('/api/blocks', { userId: b.id })).status).toBe(201);
      expect((await b.client.post('/api/notifications/read-all')).status).toBe(200);
      expect((await b.client.post('/api/auth/logout')).status).toBe(200);

      await until(() => seen.some((m) => m.kind === 'close'), 'the close message');
      const names = ['Bus Rider', a.email, b.email, c.email];
      for (const message of seen) expectIdsOnly(message, names);
      const eventNames = new Set(seen.flatMap((m) => (m.kind === 'event' ? [m.event.name] : [])));
      // Every event of the partners feature went over the bus in this flow.
      expect([...eventNames].sort()).toEqual([
        'notification.created',
        'notification.read',
        'pair.ended',
        'partner.connected',
        'partner_request.created',
        'partner_request.updated',
      ]);

      if (listener) {
        await until(() => raw.length >= seen.length, 'the NOTIFY payloads');
        for (const payload of raw) {
          expect(Buffer.byteLength(payload)).toBeLessThan(8000);
          expectIdsOnly(JSON.parse(payload) as BusMessage, names);
        }
      }
    } finally {
      unsubscribe();
      await listener?.end();
    }
  });

  describe('across server instances sharing one PostgreSQL database', () => {
    const onPostgres = kind === 'postgres';
    let other: TestServer;
    beforeAll(async () => {
      if (onPostgres)
        other = await startTestServer({
          db: kind,
          database: server.database,
          requireEmailVerification: false,
        });
    });
    afterAll(async () => {
      await other?.close();
    });

    it.runIf(onPostgres)(
      'a stream on instance B receives the events of a change committed through instance A, and back',
      async () => {
        const sender = await createUser(server, { role: 'dominant' });
        const receiver = await createUser(server, { role: 'submissive' });
        const receiverOnB = await signIn(other, receiver);
        const senderOnA = sender.client;
        const [streamB, streamA] = await Promise.all([
          openEventStream(receiverOnB),
          openEventStream(senderOnA),
        ]);
        try {
          const view = await sendRequest(sender, receiver);
          expect(await streamB.next('partner_request.created')).toEqual({ requestId: view.id });
          await streamB.next('notification.created');

          // The receiver answers through B; the sender's stream on A hears it.
          expect((await receiverOnB.post(`/api/partner-requests/${view.id}/accept`)).status).toBe(200);
          expect(await streamA.next('partner.connected')).toEqual({ partnerId: receiver.id });
          expect(await streamA.next('partner_request.updated')).toEqual({
            requestId: view.id,
            status: 'accepted',
          });
          expect(await streamB.next('partner.connected')).toEqual({ partnerId: sender.id });
        } finally {
          streamA.close();
          streamB.close();
        }
      },
    );

    it.runIf(onPostgres)(
      'logout through instance B closes the stream that instance B holds, and not those on A',
      async () => {
        const user = await createUser(server);
        const onB = await signIn(other, user);
        const [streamB, streamA] = await Promise.all([openEventStream(onB), openEventStream(user.client)]);
        try {
          expect((await onB.post('/api/auth/logout')).status).toBe(200);
          await within(streamB.ended, 5_000, 'the stream on B stayed open');
          expect(streamA.isEnded()).toBe(false);
          await drain(user, streamA);
        } finally {
          streamA.close();
          streamB.close();
        }
      },
    );
  });
});
