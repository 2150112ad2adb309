import { randomUUID } from 'node:crypto';
import { connect as netConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/client';
import { databases } from '../test/database';
import { messagesPage } from '../test/journal';
import { type Couple, connect, createCouple, requestsOf } from '../test/partners';
import { punishmentBody } from '../test/punishments';
import { expectBody, expectError } from '../test/responses';
import { startTestServer, type TestServer } from '../test/server';
import { taskBody } from '../test/tasks';
import { storedCounts, uploadPhoto } from '../test/uploads';
import { actAs, createUser, signIn, type TestUser } from '../test/users';
import { BAD_KEY_MESSAGE, IDEMPOTENCY_TTL_MS, KEY_REUSED_MESSAGE } from './idempotency';

const post = (client: TestClient, path: string, body: unknown, key?: string) =>
  client.post(path, body, key === undefined ? {} : { headers: { 'Idempotency-Key': key } });

/** The id the created row has in a 201 answer, whichever create made it. */
async function createdId(response: Response): Promise<string> {
  const body = (await expectBody(response, 201)) as Record<string, { id: string }>;
  const [view] = Object.values(body);
  return view!.id;
}

/**
 * Every create that takes a key: who may send it, its path, a valid body and the table its row goes to.
 * `body` is async because Above & Beyond needs a photo uploaded first.
 */
interface Create {
  name: string;
  path: string;
  table: 'journalMessages' | 'tasks' | 'punishments' | 'partnerRequests';
  /** The role that may send it (either partner may send a message: the submissive does here). */
  role: 'dominant' | 'submissive' | 'either';
  sender: (c: Couple) => TestUser;
  body: (c: Couple, server: TestServer) => Promise<Record<string, unknown>>;
}

const CREATES: Create[] = [
  {
    name: 'journal message',
    path: '/api/journal/messages',
    table: 'journalMessages',
    role: 'either',
    sender: (c) => c.submissive,
    body: async (c) => ({ partnerId: c.dominant.id, content: 'Goodnight' }),
  },
  {
    name: 'task',
    path: '/api/tasks',
    table: 'tasks',
    role: 'dominant',
    sender: (c) => c.dominant,
    body: async (c, server) => taskBody(server, c.submissive.id),
  },
  {
    name: 'punishment',
    path: '/api/punishments',
    table: 'punishments',
    role: 'dominant',
    sender: (c) => c.dominant,
    body: async (c) => punishmentBody(c.submissive.id),
  },
  {
    name: 'above and beyond',
    path: '/api/tasks/above-and-beyond',
    table: 'tasks',
    role: 'submissive',
    sender: (c) => c.submissive,
    body: async (c) => ({
      dominantId: c.dominant.id,
      title: 'Washed the car',
      details: 'Unasked',
      photoId: await uploadPhoto(c.submissive.client, c.dominant.id),
    }),
  },
];

/** Sends a raw HTTP/1.1 request whose header holds a byte fetch refuses to send; answers the status. */
function rawStatus(server: TestServer, path: string, header: string, cookie: string, body: string) {
  const url = new URL(server.url);
  return new Promise<number>((resolve, reject) => {
    const socket = netConnect(Number(url.port), url.hostname, () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${url.origin}\r\nCookie: ${cookie}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Idempotency-Key: ${header}\r\nConnection: close\r\n\r\n${body}`,
      );
    });
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('end', () => resolve(Number(answer.slice(9, 12))));
    socket.on('error', reject);
  });
}

describe.each(databases())('Idempotency-Key on creates, on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  describe.each(CREATES)('$name', (create) => {
    it('two concurrent requests with one key make one row, and both answers name it', async () => {
      const couple = await createCouple(server);
      const body = await create.body(couple, server);
      const before = await server.rowCounts();
      const key = randomUUID();
      const client = create.sender(couple).client;
      const answers = await Promise.all([1, 2, 3].map(() => post(client, create.path, body, key)));
      const ids = await Promise.all(answers.map(createdId));
      expect(new Set(ids).size).toBe(1);
      const after = await server.rowCounts();
      expect(after[create.table] - before[create.table]).toBe(1);
      // One notification for the partner, not one per tap.
      expect(after.notifications - before.notifications).toBe(1);
      // A retry a minute later answers the same row again.
      server.clock.advance(60_000);
      expect(await createdId(await post(client, create.path, body, key))).toBe(ids[0]);
      expect((await server.rowCounts())[create.table]).toBe(after[create.table]);
      // Without a key, or with another, each request makes its own row.
      const other = await createdId(await post(client, create.path, await create.body(couple, server)));
      expect(other).not.toBe(ids[0]);
    });

    it('a malformed key is 400 with a clear message and changes nothing', async () => {
      const couple = await createCouple(server);
      const body = await create.body(couple, server);
      const client = create.sender(couple).client;
      const before = await storedCounts(server);
      for (const bad of ['', 'not-a-uuid', `${randomUUID()}0`, randomUUID().repeat(10), 'x'.repeat(10_000)]) {
        await expectError(await post(client, create.path, body, bad), 400, 'BAD_REQUEST', BAD_KEY_MESSAGE);
      }
      // A NUL byte cannot be sent by a browser; at the socket the server refuses the request whole.
      const cookie = `pact.session_token=${client.sessionCookie()}`;
      expect(
        await rawStatus(server, create.path, `${randomUUID()}\u0000`, cookie, JSON.stringify(body)),
      ).toBe(400);
      expect(await storedCounts(server)).toEqual(before);
    });

    it('a key already used for another kind of row is 422 and makes nothing', async () => {
      const couple = await createCouple(server);
      const key = randomUUID();
      // The same user first spends the key on something else: the dominant on a punishment for a
      // message, the sender on a journal message for anything else.
      const sender = create.table === 'journalMessages' ? couple.dominant : create.sender(couple);
      const partner = sender === couple.dominant ? couple.submissive : couple.dominant;
      const earlier =
        create.table === 'journalMessages'
          ? post(sender.client, '/api/punishments', punishmentBody(partner.id), key)
          : post(sender.client, '/api/journal/messages', { partnerId: partner.id, content: 'Hi' }, key);
      await createdId(await earlier);
      const body =
        create.table === 'journalMessages'
          ? { partnerId: partner.id, content: 'Hi' }
          : await create.body(couple, server);
      const before = await storedCounts(server);
      await expectError(
        await post(sender.client, create.path, body, key),
        422,
        'IDEMPOTENCY_CONFLICT',
        KEY_REUSED_MESSAGE,
      );
      expect(await storedCounts(server)).toEqual(before);
    });

    it('keys are per user: a stranger reusing one gets their own row or 404, never the other’s', async () => {
      const [couple, strangers] = await Promise.all([createCouple(server), createCouple(server)]);
      const key = randomUUID();
      const mine = await createdId(
        await post(create.sender(couple).client, create.path, await create.body(couple, server), key),
      );
      const theirs = await createdId(
        await post(create.sender(strangers).client, create.path, await create.body(strangers, server), key),
      );
      expect(theirs).not.toBe(mine);
      // A stranger sending the couple's body under the couple's key: 404 (no such partner), no row.
      const before = await storedCounts(server);
      const stranger = create.sender(strangers).client;
      const foreign = await create.body(couple, server).catch(() => null);
      if (foreign) {
        const answer = await post(stranger, create.path, foreign, randomUUID());
        expect(answer.status).toBe(404);
      }
      expect((await storedCounts(server))[create.table]).toBe(before[create.table]);
    });

    it('a former partner replaying their key gets 404 and nothing is made', async () => {
      const couple = await createCouple(server);
      const key = randomUUID();
      const sender = create.sender(couple);
      const body = await create.body(couple, server);
      await createdId(await post(sender.client, create.path, body, key));
      expect((await couple.dominant.client.delete(`/api/partners/${couple.submissive.id}`)).status).toBe(200);
      const before = await storedCounts(server);
      await expectError(await post(sender.client, create.path, body, key), 404, 'NOT_FOUND');
      expect(await storedCounts(server)).toEqual(before);
    });

    it.skipIf(create.role === 'either')(
      'the wrong role is refused (403), changes nothing, and the key stays free for the right one',
      async () => {
        const rightRole = create.role === 'dominant' ? 'dominant' : 'submissive';
        const wrongRole = rightRole === 'dominant' ? 'submissive' : 'dominant';
        const sw = await createUser(server, { role: 'switch', displayName: 'Sky Switch' });
        const partner = await createUser(server, { role: wrongRole });
        await actAs(sw.client, rightRole);
        await connect(sw, partner);
        const couple = (
          rightRole === 'dominant'
            ? { dominant: sw, submissive: partner }
            : { dominant: partner, submissive: sw }
        ) as Couple;
        const body = await create.body(couple, server);
        const key = randomUUID();
        // A session keeps its role: the wrong one is another session of the same Switch.
        const wrongSession = await signIn(server, sw);
        await actAs(wrongSession, wrongRole);
        const before = await storedCounts(server);
        await expectError(await post(wrongSession, create.path, body, key), 403, 'FORBIDDEN');
        expect(await storedCounts(server)).toEqual(before);
        await createdId(await post(sw.client, create.path, body, key));
      },
    );
  });

  describe('connection request', () => {
    it('two concurrent requests with one key make one request; both answers name it', async () => {
      const [a, b] = await Promise.all([
        createUser(server, { role: 'dominant' }),
        createUser(server, { role: 'submissive' }),
      ]);
      const key = randomUUID();
      const before = await server.rowCounts();
      const answers = await Promise.all(
        [1, 2, 3].map(() => post(a.client, '/api/partner-requests', { receiverId: b.id }, key)),
      );
      const ids = await Promise.all(answers.map(createdId));
      expect(new Set(ids).size).toBe(1);
      const after = await server.rowCounts();
      expect(after.partnerRequests - before.partnerRequests).toBe(1);
      expect(after.notifications - before.notifications).toBe(1);
      expect((await requestsOf(b)).map((r) => r.id)).toEqual([ids[0]]);
      // Without the key, the second request is refused as a duplicate, as before.
      await expectError(await post(a.client, '/api/partner-requests', { receiverId: b.id }), 409, 'CONFLICT');
      await expectError(
        await post(a.client, '/api/partner-requests', { receiverId: b.id }, 'nope'),
        400,
        'BAD_REQUEST',
        BAD_KEY_MESSAGE,
      );
      // A stranger with the same key makes their own request and never sees this one.
      const stranger = await createUser(server, { role: 'dominant' });
      const theirs = await createdId(
        await post(stranger.client, '/api/partner-requests', { receiverId: b.id }, key),
      );
      expect(theirs).not.toBe(ids[0]);
    });
  });

  it('keys are forgotten a day later: the sweep removes them and the key makes a new row', async () => {
    const couple = await createCouple(server);
    const key = randomUUID();
    const body = { partnerId: couple.dominant.id, content: 'Again tomorrow' };
    const first = await createdId(await post(couple.submissive.client, '/api/journal/messages', body, key));
    server.clock.advance(IDEMPOTENCY_TTL_MS - 60_000);
    await server.services.maintain();
    expect(await createdId(await post(couple.submissive.client, '/api/journal/messages', body, key))).toBe(
      first,
    );
    server.clock.advance(2 * 60_000);
    await server.services.maintain();
    expect((await server.rowCounts()).idempotencyKeys).toBe(0);
    const second = await createdId(await post(couple.submissive.client, '/api/journal/messages', body, key));
    expect(second).not.toBe(first);
    expect((await messagesPage(couple.submissive, couple.dominant.id)).messages.map((m) => m.id)).toEqual([
      first,
      second,
    ]);
  });
});
