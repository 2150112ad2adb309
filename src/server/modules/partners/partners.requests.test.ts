import { randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedUsers, pairs, partnerRequests, partners, users } from '../../db/schema';
import { jsonInit } from '../../test/client';
import { databases } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { inbox } from '../../test/notifications';
import { connect, createCouple, partnersOf, requestsOf, sendRequest } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { extractLink } from '../../test/smtp-peer';
import { actAsAnew, createUser, registrationBody, type TestUser } from '../../test/users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOT_FOUND_REQUEST = 'Connection request not found or has been deleted';
const ALREADY_CONNECTED = 'You are already connected with this user';
const REQUEST_EXISTS = 'A connection request already exists with this user';

const search = (user: TestUser, email: unknown) => user.client.post('/api/users/search', { email });

async function found(user: TestUser, email: string) {
  const response = await user.api.users.search.$post({ json: { email } });
  return (await expectBody(response, 200)).users;
}

const request = (from: TestUser, receiverId: unknown) =>
  from.client.post('/api/partner-requests', { receiverId });

const answer = (user: TestUser, id: string, action: 'accept' | 'reject' | 'block') =>
  user.client.post(`/api/partner-requests/${id}/${action}`);

describe.each(databases())('partner search and requests on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;

  async function requestRow(id: string) {
    const [row] = await db().select().from(partnerRequests).where(eq(partnerRequests.id, id));
    return row;
  }

  async function pairsBetween(a: TestUser, b: TestUser) {
    return db()
      .select()
      .from(pairs)
      .where(
        or(
          and(eq(pairs.dominantId, a.id), eq(pairs.submissiveId, b.id)),
          and(eq(pairs.dominantId, b.id), eq(pairs.submissiveId, a.id)),
        ),
      );
  }

  async function partnerRowsBetween(a: TestUser, b: TestUser) {
    return db()
      .select({ userId: partners.userId, partnerId: partners.partnerId })
      .from(partners)
      .where(
        or(
          and(eq(partners.userId, a.id), eq(partners.partnerId, b.id)),
          and(eq(partners.userId, b.id), eq(partners.partnerId, a.id)),
        ),
      );
  }

  async function requestsBetween(a: TestUser, b: TestUser) {
    return db()
      .select()
      .from(partnerRequests)
      .where(
        or(
          and(eq(partnerRequests.senderId, a.id), eq(partnerRequests.receiverId, b.id)),
          and(eq(partnerRequests.senderId, b.id), eq(partnerRequests.receiverId, a.id)),
        ),
      );
  }

  describe('search', () => {
    let searcher: TestUser;
    let target: TestUser;
    beforeAll(async () => {
      searcher = await createUser(server, { role: 'submissive', displayName: 'Searching Sue' });
      target = await createUser(server, { role: 'dominant', displayName: 'Alex Target' });
    });

    it('finds a user by the exact e-mail in any case and with spaces, revealing only id, display name, role and photo', async () => {
      for (const variant of [target.email, target.email.toUpperCase(), `  ${target.email}\t`]) {
        const response = await search(searcher, variant);
        expect(response.status).toBe(200);
        const text = await response.text();
        expect(JSON.parse(text)).toEqual({
          users: [{ id: target.id, displayName: 'Alex Target', role: 'dominant', photoURL: null }],
        });
        expect(text).not.toContain(target.email);
        expect(text).not.toContain('alextarget');
      }
    });

    it('never lists: a part of an address is refused or finds nobody, wildcards match nothing', async () => {
      const [local = '', domain = ''] = target.email.split('@');
      // Too short, or without "@" and ".": refused before any lookup.
      for (const partial of ['alex', local, `${local}@`, 'a@b', 'a.b', domain, '%', '%@%', '@.']) {
        await expectError(await search(searcher, partial), 400, 'VALIDATION_ERROR');
      }
      for (const partial of [
        target.email.slice(1),
        target.email.slice(0, -1),
        `@${domain}`,
        `${local}@${domain.slice(0, -4)}.org`,
        `${target.email}x`,
        '%@%.%',
        `${local.slice(0, 4)}%@${domain}`,
        '_%@example.com',
        '*@*.*',
        `${local}@%.%`,
      ]) {
        expect(await found(searcher, partial), partial).toEqual([]);
      }
    });

    it('does not answer an empty or listing search with anyone', async () => {
      await expectError(await search(searcher, ''), 400, 'VALIDATION_ERROR');
      await expectError(await searcher.client.post('/api/users/search', {}), 400, 'VALIDATION_ERROR');
      const listing = await searcher.client.get('/api/users');
      expect(listing.status).toBe(404);
      expect(await listing.text()).not.toContain(target.id);
    });

    it('never finds the searcher', async () => {
      expect(await found(searcher, searcher.email)).toEqual([]);
      expect(await found(searcher, searcher.email.toUpperCase())).toEqual([]);
    });

    it('hides users that either side has blocked, and shows them again once unblocked', async () => {
      const blocker = await createUser(server, { role: 'dominant' });
      const blocked = await createUser(server, { role: 'submissive' });
      const bystander = await createUser(server);
      const response = await blocker.api.blocks.$post({ json: { userId: blocked.id } });
      const { blocked: block } = await expectBody(response, 201);

      expect(await found(blocker, blocked.email)).toEqual([]);
      expect(await found(blocked, blocker.email)).toEqual([]);
      // Others still find both.
      expect((await found(bystander, blocked.email)).map((u) => u.id)).toEqual([blocked.id]);
      expect((await found(bystander, blocker.email)).map((u) => u.id)).toEqual([blocker.id]);

      expect((await blocker.client.delete(`/api/blocks/${block.id}`)).status).toBe(200);
      expect((await found(blocker, blocked.email)).map((u) => u.id)).toEqual([blocked.id]);
      expect((await found(blocked, blocker.email)).map((u) => u.id)).toEqual([blocker.id]);
    });

    it('finds nobody for an address that is not registered', async () => {
      expect(await found(searcher, 'nobody-here@example.com')).toEqual([]);
    });
  });

  describe('with e-mail verification required', () => {
    let strict: TestServer;
    beforeAll(async () => {
      // Same database, a second server that requires verification.
      strict = await startTestServer({ db: kind, database: server.database, requireEmailVerification: true });
    });
    afterAll(async () => {
      await strict?.close();
    });

    it('neither finds nor accepts a request to an unverified user until the address is confirmed', async () => {
      const searcher = await createUser(strict, { role: 'dominant' });
      const body = registrationBody({ role: 'submissive', displayName: 'Not Yet' });
      const registered = await strict.request('/api/auth/register', jsonInit('POST', body));
      expect(registered.status).toBe(201);
      const email = String(body.email);
      const [row] = await strict.database.db.select().from(users).where(eq(users.email, email));
      expect(row?.emailVerified).toBe(false);

      const search1 = await searcher.client.post('/api/users/search', { email });
      expect(await search1.json()).toEqual({ users: [] });
      const before = await strict.rowCounts();
      const refused = await searcher.client.post('/api/partner-requests', { receiverId: row!.id });
      await expectError(refused, 404, 'NOT_FOUND', 'User not found');
      expect(await strict.rowCounts()).toEqual(before);

      const mail = await strict.smtp.waitForMail(email);
      expect((await fetch(extractLink(mail.raw), { redirect: 'manual' })).status).toBe(302);
      const search2 = await searcher.api.users.search.$post({ json: { email } });
      expect((await expectBody(search2, 200)).users.map((u) => u.id)).toEqual([row!.id]);
      expect((await searcher.client.post('/api/partner-requests', { receiverId: row!.id })).status).toBe(201);
    });
  });

  describe('sending a request', () => {
    it('answers 201 with the request view; the receiver is notified and mailed a link to APP_URL/dashboard?request=<id>', async () => {
      const sender = await createUser(server, { role: 'dominant', displayName: 'Dana Sender' });
      const receiver = await createUser(server, { role: 'submissive', displayName: 'Sid Receiver' });
      const started = Date.now();
      const response = await sender.api['partner-requests'].$post({ json: { receiverId: receiver.id } });
      const { request: view } = await expectBody(response, 201);
      expect(view).toEqual({
        id: expect.stringMatching(UUID),
        senderId: sender.id,
        senderName: 'Dana Sender',
        senderRole: 'dominant',
        senderPhotoURL: null,
        receiverId: receiver.id,
        receiverName: 'Sid Receiver',
        receiverRole: 'submissive',
        receiverPhotoURL: null,
        status: 'pending',
        createdAt: expect.any(Number),
      });
      expect(Math.abs(view.createdAt - started)).toBeLessThan(60_000);

      const row = await requestRow(view.id);
      expect(row).toMatchObject({
        senderId: sender.id,
        receiverId: receiver.id,
        status: 'pending',
        displayName: 'Dana Sender',
        role: 'dominant',
      });

      // Both see it; the receiver through its id too.
      expect((await requestsOf(receiver)).map((r) => r.id)).toEqual([view.id]);
      expect((await requestsOf(sender)).map((r) => r.id)).toEqual([view.id]);
      const one = await receiver.client.get(`/api/partner-requests/${view.id}`);
      expect(one.status).toBe(200);
      expect(await one.json()).toEqual({ request: view });

      const received = await inbox(receiver);
      expect(received.unreadCount).toBe(1);
      expect(received.notifications).toEqual([
        {
          id: expect.stringMatching(UUID),
          userId: receiver.id,
          type: 'connection_request',
          title: 'New Connection Request',
          message: expect.stringContaining('Dana Sender'),
          data: { requestId: view.id, senderId: sender.id },
          read: false,
          createdAt: expect.any(Number),
          updatedAt: expect.any(Number),
        },
      ]);
      expect((await inbox(sender)).notifications).toEqual([]);

      const mail = await server.smtp.waitForMail(receiver.email);
      expect(mail.subject).toContain('Dana Sender');
      expect(extractLink(mail.raw)).toBe(`${server.url}/dashboard?request=${view.id}`);
      expect(server.smtp.mailsTo(sender.email)).toEqual([]);
    });

    it('stores the role a Switch acts in for the session', async () => {
      const switcher = await createUser(server, {
        role: 'switch',
        actAs: 'dominant',
        displayName: 'Sky Switch',
      });
      const receiver = await createUser(server, { role: 'submissive' });
      const view = await sendRequest(switcher, receiver);
      expect(view).toMatchObject({ senderRole: 'dominant', senderName: 'Sky Switch' });
      expect((await requestRow(view.id))?.role).toBe('dominant');

      const other = await createUser(server, { role: 'switch', actAs: 'submissive' });
      const view2 = await sendRequest(other, receiver);
      expect((await requestRow(view2.id))?.role).toBe('submissive');
    });

    it('refuses a Switch who has not chosen a session role with 403, storing nothing', async () => {
      const switcher = await createUser(server, { role: 'switch' });
      const receiver = await createUser(server, { role: 'dominant' });
      const before = await server.rowCounts();
      await expectError(
        await request(switcher, receiver.id),
        403,
        'ROLE_NOT_CHOSEN',
        'Choose your role for this session first',
      );
      expect(await server.rowCounts()).toEqual(before);
      expect(server.smtp.mailsTo(receiver.email)).toEqual([]);
    });

    it('refuses a request to someone already connected, in both directions', async () => {
      const { dominant, submissive } = await createCouple(server);
      const before = await server.rowCounts();
      await expectError(await request(dominant, submissive.id), 409, 'CONFLICT', ALREADY_CONNECTED);
      await expectError(await request(submissive, dominant.id), 409, 'CONFLICT', ALREADY_CONNECTED);
      expect(await server.rowCounts()).toEqual(before);
    });

    it('refuses a second request while one is pending, whoever sent it', async () => {
      const a = await createUser(server, { role: 'dominant' });
      const b = await createUser(server, { role: 'submissive' });
      await sendRequest(a, b);
      const before = await server.rowCounts();
      await expectError(await request(a, b.id), 409, 'CONFLICT', REQUEST_EXISTS);
      await expectError(await request(b, a.id), 409, 'CONFLICT', REQUEST_EXISTS);
      expect(await server.rowCounts()).toEqual(before);
      expect(await requestsBetween(a, b)).toHaveLength(1);
    });

    it('answers 404 "User not found" for an unknown user', async () => {
      const a = await createUser(server, { role: 'dominant' });
      const before = await server.rowCounts();
      await expectError(await request(a, randomUUID()), 404, 'NOT_FOUND', 'User not found');
      await expectError(
        await request(a, '00000000-0000-0000-0000-000000000000'),
        404,
        'NOT_FOUND',
        'User not found',
      );
      expect(await server.rowCounts()).toEqual(before);
    });

    it('answers 404 "User not found" between blocked users, in both directions, telling nothing', async () => {
      const blocker = await createUser(server, { role: 'dominant' });
      const blocked = await createUser(server, { role: 'submissive' });
      expect((await blocker.client.post('/api/blocks', { userId: blocked.id })).status).toBe(201);
      const before = await server.rowCounts();
      await expectError(await request(blocked, blocker.id), 404, 'NOT_FOUND', 'User not found');
      await expectError(await request(blocker, blocked.id), 404, 'NOT_FOUND', 'User not found');
      expect(await server.rowCounts()).toEqual(before);
      expect((await inbox(blocker)).notifications).toEqual([]);
    });

    it('refuses a request to oneself with 400, whatever the case of the id', async () => {
      const a = await createUser(server, { role: 'dominant' });
      const before = await server.rowCounts();
      await expectError(await request(a, a.id), 400, 'BAD_REQUEST');
      await expectError(await request(a, a.id.toUpperCase()), 400, 'BAD_REQUEST');
      expect(await server.rowCounts()).toEqual(before);
    });

    it('allows a new request once an earlier one was rejected', async () => {
      const a = await createUser(server, { role: 'dominant' });
      const b = await createUser(server, { role: 'submissive' });
      const first = await sendRequest(a, b);
      expect((await answer(b, first.id, 'reject')).status).toBe(200);
      const second = await sendRequest(a, b);
      expect(second.id).not.toBe(first.id);
      expect((await requestsBetween(a, b)).map((r) => r.status).sort()).toEqual(['pending', 'rejected']);
    });
  });

  describe('answering a request', () => {
    const actions = ['accept', 'reject', 'block'] as const;

    it('only the receiver answers: the sender gets 403, a stranger or an unknown id 404 with nothing leaked', async () => {
      const sender = await createUser(server, { role: 'dominant', displayName: 'Secret Sender' });
      const receiver = await createUser(server, { role: 'submissive', displayName: 'Secret Receiver' });
      const stranger = await createUser(server, { role: 'dominant' });
      const view = await sendRequest(sender, receiver);
      const before = await server.rowCounts();
      for (const action of actions) {
        await expectError(await answer(sender, view.id, action), 403, 'FORBIDDEN');
        for (const id of [view.id, randomUUID()]) {
          const refused = await stranger.client.post(`/api/partner-requests/${id}/${action}`);
          const text = await refused.clone().text();
          await expectError(refused, 404, 'NOT_FOUND', NOT_FOUND_REQUEST);
          expect(text).not.toContain('Secret');
          expect(text).not.toContain(sender.id);
        }
      }
      const peek = await stranger.client.get(`/api/partner-requests/${view.id}`);
      const peekText = await peek.clone().text();
      await expectError(peek, 404, 'NOT_FOUND', NOT_FOUND_REQUEST);
      expect(peekText).not.toContain('Secret');
      expect(await requestsOf(stranger)).toEqual([]);
      expect(await server.rowCounts()).toEqual(before);
      expect((await requestRow(view.id))?.status).toBe('pending');
      expect(await partnerRowsBetween(sender, receiver)).toEqual([]);
    });

    it('refuses to answer an accepted or rejected request again, changing nothing', async () => {
      const a = await createUser(server, { role: 'dominant' });
      const b = await createUser(server, { role: 'submissive' });
      const c = await createUser(server, { role: 'submissive' });
      const accepted = await sendRequest(a, b);
      expect((await answer(b, accepted.id, 'accept')).status).toBe(200);
      const rejected = await sendRequest(a, c);
      expect((await answer(c, rejected.id, 'reject')).status).toBe(200);

      const before = await server.rowCounts();
      for (const action of actions) {
        await expectError(
          await answer(b, accepted.id, action),
          409,
          'CONFLICT',
          'Connection request has already been accepted',
        );
        await expectError(
          await answer(c, rejected.id, action),
          409,
          'CONFLICT',
          'Connection request has already been rejected',
        );
      }
      expect(await server.rowCounts()).toEqual(before);
      expect((await requestRow(accepted.id))?.status).toBe('accepted');
      expect((await requestRow(rejected.id))?.status).toBe('rejected');
      expect(await partnerRowsBetween(a, c)).toEqual([]);
    });

    it('accept: two partner rows, an active pair with the dominant and the submissive, and the sender is told', async () => {
      const dom = await createUser(server, { role: 'dominant', displayName: 'Dora Dom' });
      const sub = await createUser(server, { role: 'submissive', displayName: 'Sol Sub' });
      const view = await sendRequest(sub, dom);
      const response = await answer(dom, view.id, 'accept');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        partner: { id: sub.id, name: 'Sol Sub', role: 'submissive', photoURL: null },
      });

      expect((await partnerRowsBetween(dom, sub)).sort((x, y) => x.userId.localeCompare(y.userId))).toEqual(
        [
          { userId: dom.id, partnerId: sub.id },
          { userId: sub.id, partnerId: dom.id },
        ].sort((x, y) => x.userId.localeCompare(y.userId)),
      );
      const rows = await pairsBetween(dom, sub);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ dominantId: dom.id, submissiveId: sub.id, status: 'active' });

      expect(await partnersOf(dom)).toEqual([
        { id: sub.id, name: 'Sol Sub', role: 'submissive', photoURL: null },
      ]);
      expect(await partnersOf(sub)).toEqual([
        { id: dom.id, name: 'Dora Dom', role: 'dominant', photoURL: null },
      ]);
      const me = await (await sub.api.me.$get()).json();
      expect(me.user?.partners).toEqual([{ id: dom.id, name: 'Dora Dom', role: 'dominant', photoURL: null }]);
      expect((await requestsOf(sub)).map((r) => [r.id, r.status])).toEqual([[view.id, 'accepted']]);

      const told = await inbox(sub);
      expect(told.notifications).toHaveLength(1);
      expect(told.notifications[0]).toMatchObject({
        type: 'connection_request',
        message: 'You are now connected with Dora Dom',
        read: false,
        data: { requestId: view.id, status: 'accepted' },
      });
    });

    it('accept between two people acting in the same role connects them without a pair', async () => {
      const dom1 = await createUser(server, { role: 'dominant' });
      const dom2 = await createUser(server, { role: 'dominant' });
      await connect(dom1, dom2);
      expect(await partnerRowsBetween(dom1, dom2)).toHaveLength(2);
      expect(await pairsBetween(dom1, dom2)).toEqual([]);

      const sub1 = await createUser(server, { role: 'submissive' });
      const sub2 = await createUser(server, { role: 'switch', actAs: 'submissive' });
      await connect(sub1, sub2);
      expect(await partnerRowsBetween(sub1, sub2)).toHaveLength(2);
      expect(await pairsBetween(sub1, sub2)).toEqual([]);
    });

    it('two Switches form a pair in either direction, by the roles of their sessions', async () => {
      const s1 = await createUser(server, { role: 'switch', actAs: 'dominant' });
      const s2 = await createUser(server, { role: 'switch', actAs: 'submissive' });
      await connect(s1, s2);
      expect(await pairsBetween(s1, s2)).toEqual([
        expect.objectContaining({ dominantId: s1.id, submissiveId: s2.id, status: 'active' }),
      ]);

      const s3 = await createUser(server, { role: 'switch', actAs: 'submissive' });
      const s4 = await createUser(server, { role: 'switch', actAs: 'dominant' });
      await connect(s3, s4);
      expect(await pairsBetween(s3, s4)).toEqual([
        expect.objectContaining({ dominantId: s4.id, submissiveId: s3.id, status: 'active' }),
      ]);
    });

    it('a Switch accepting as dominant a request from a dominant forms no pair; as submissive, one', async () => {
      const dom = await createUser(server, { role: 'dominant' });
      const sw = await createUser(server, { role: 'switch', actAs: 'dominant' });
      await connect(dom, sw);
      expect(await pairsBetween(dom, sw)).toEqual([]);

      const dom2 = await createUser(server, { role: 'dominant' });
      const sw2 = await createUser(server, { role: 'switch', actAs: 'submissive' });
      await connect(dom2, sw2);
      expect(await pairsBetween(dom2, sw2)).toEqual([
        expect.objectContaining({ dominantId: dom2.id, submissiveId: sw2.id, status: 'active' }),
      ]);
    });

    it('reject: the request is rejected, nobody is connected, and the sender is told', async () => {
      const a = await createUser(server, { role: 'dominant' });
      const b = await createUser(server, { role: 'submissive', displayName: 'Rita Rejects' });
      const view = await sendRequest(a, b);
      const response = await answer(b, view.id, 'reject');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });
      expect((await requestRow(view.id))?.status).toBe('rejected');
      expect(await partnerRowsBetween(a, b)).toEqual([]);
      expect(await pairsBetween(a, b)).toEqual([]);
      expect(await partnersOf(a)).toEqual([]);
      const told = await inbox(a);
      expect(told.notifications).toEqual([
        expect.objectContaining({
          type: 'connection_request',
          read: false,
          message: expect.stringContaining('Rita Rejects'),
          data: { requestId: view.id, status: 'rejected' },
        }),
      ]);
      // The sender is not blocked: a new request goes through.
      expect((await request(a, b.id)).status).toBe(201);
    });

    it('reject and block: the sender is blocked, can neither find nor ask again, and is told of the rejection', async () => {
      const a = await createUser(server, { role: 'dominant', displayName: 'Pushy Pete' });
      const b = await createUser(server, { role: 'submissive' });
      const view = await sendRequest(a, b);
      const response = await answer(b, view.id, 'block');
      expect(response.status).toBe(200);
      expect((await requestRow(view.id))?.status).toBe('rejected');
      const blocks = await db().select().from(blockedUsers).where(eq(blockedUsers.userId, b.id));
      expect(blocks).toEqual([expect.objectContaining({ userId: b.id, blockedUserId: a.id })]);

      expect(await found(a, b.email)).toEqual([]);
      expect(await found(b, a.email)).toEqual([]);
      await expectError(await request(a, b.id), 404, 'NOT_FOUND', 'User not found');
      await expectError(await request(b, a.id), 404, 'NOT_FOUND', 'User not found');
      expect(await requestsBetween(a, b)).toHaveLength(1);

      const list = await (await b.api.blocks.$get()).json();
      expect(list.blocked).toEqual([
        expect.objectContaining({ userId: a.id, displayName: 'Pushy Pete', username: 'pushypete' }),
      ]);
      expect((await inbox(a)).notifications).toEqual([
        expect.objectContaining({ data: { requestId: view.id, status: 'rejected' } }),
      ]);
    });
  });

  describe('races', () => {
    it('two simultaneous accepts of one request: one 200, one 409, two partner rows, one pair (5 rounds)', async () => {
      for (let round = 0; round < 5; round++) {
        const dom = await createUser(server, { role: 'dominant' });
        const sub = await createUser(server, { role: 'submissive' });
        const view = await sendRequest(dom, sub);
        const responses = await Promise.all([answer(sub, view.id, 'accept'), answer(sub, view.id, 'accept')]);
        expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
        const loser = responses.find((r) => r.status === 409)!;
        await expectError(loser, 409, 'CONFLICT', 'Connection request has already been accepted');
        expect(await partnerRowsBetween(dom, sub)).toHaveLength(2);
        expect(await pairsBetween(dom, sub)).toEqual([expect.objectContaining({ status: 'active' })]);
        expect((await inbox(dom)).notifications).toHaveLength(1);
      }
    });

    it('accept and reject at once: exactly one wins and the outcome agrees with it (5 rounds)', async () => {
      for (let round = 0; round < 5; round++) {
        const dom = await createUser(server, { role: 'dominant' });
        const sub = await createUser(server, { role: 'submissive' });
        const view = await sendRequest(dom, sub);
        const [accepted, rejected] = await Promise.all([
          answer(sub, view.id, 'accept'),
          answer(sub, view.id, 'reject'),
        ]);
        expect([accepted.status, rejected.status].sort()).toEqual([200, 409]);
        const status = (await requestRow(view.id))?.status;
        expect(status).toBe(accepted.status === 200 ? 'accepted' : 'rejected');
        expect(await partnerRowsBetween(dom, sub)).toHaveLength(status === 'accepted' ? 2 : 0);
        expect(await pairsBetween(dom, sub)).toHaveLength(status === 'accepted' ? 1 : 0);
      }
    });

    it('the sender blocks while the receiver accepts: never both blocked and connected (5 rounds)', async () => {
      for (let round = 0; round < 5; round++) {
        const dom = await createUser(server, { role: 'dominant' });
        const sub = await createUser(server, { role: 'submissive' });
        const view = await sendRequest(dom, sub);
        const [accepted, blocked] = await Promise.all([
          answer(sub, view.id, 'accept'),
          dom.client.post('/api/blocks', { userId: sub.id }),
        ]);
        expect(blocked.status).toBe(201);
        expect([200, 409]).toContain(accepted.status);
        expect(await partnerRowsBetween(dom, sub)).toEqual([]);
        expect((await pairsBetween(dom, sub)).filter((p) => p.status === 'active')).toEqual([]);
        expect(await partnersOf(sub)).toEqual([]);
      }
    });

    it('two simultaneous requests in opposite directions: one 201, one 409, one pending row (5 rounds)', async () => {
      for (let round = 0; round < 5; round++) {
        const a = await createUser(server, { role: 'dominant' });
        const b = await createUser(server, { role: 'submissive' });
        const responses = await Promise.all([request(a, b.id), request(b, a.id)]);
        expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
        await expectError(responses.find((r) => r.status === 409)!, 409, 'CONFLICT', REQUEST_EXISTS);
        const rows = await requestsBetween(a, b);
        expect(rows).toHaveLength(1);
        expect(rows[0]?.status).toBe('pending');
        // One notification, to the one who was asked.
        const notified = [...(await inbox(a)).notifications, ...(await inbox(b)).notifications];
        expect(notified).toHaveLength(1);
      }
    });

    it('the same request sent three times at once is stored once (5 rounds)', async () => {
      for (let round = 0; round < 5; round++) {
        const a = await createUser(server, { role: 'dominant' });
        const b = await createUser(server, { role: 'submissive' });
        const responses = await Promise.all([request(a, b.id), request(a, b.id), request(a, b.id)]);
        expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
        expect(await requestsBetween(a, b)).toHaveLength(1);
        expect((await inbox(b)).notifications).toHaveLength(1);
      }
    });
  });

  describe('disconnecting', () => {
    it('either partner ends the connection: rows gone both ways, pair inactive, the other hears pair.ended', async () => {
      for (const side of ['dominant', 'submissive'] as const) {
        const couple = await createCouple(server);
        const leaver = couple[side];
        const other = side === 'dominant' ? couple.submissive : couple.dominant;
        const stream = await openEventStream(other.client);
        try {
          const response = await leaver.client.delete(`/api/partners/${other.id}`);
          expect(response.status).toBe(200);
          expect(await response.json()).toEqual({ success: true });
          expect(await stream.next('pair.ended')).toEqual({ partnerId: leaver.id, endedBy: leaver.id });
        } finally {
          stream.close();
        }
        expect(await partnerRowsBetween(leaver, other)).toEqual([]);
        expect(await pairsBetween(leaver, other)).toEqual([
          expect.objectContaining({
            dominantId: couple.dominant.id,
            submissiveId: couple.submissive.id,
            status: 'inactive',
          }),
        ]);
        expect(await partnersOf(leaver)).toEqual([]);
        expect(await partnersOf(other)).toEqual([]);
      }
    });

    it('a stranger, an unknown id or a former partner gets 404 and the connection stays as it was', async () => {
      const { dominant, submissive } = await createCouple(server);
      const stranger = await createUser(server, { role: 'dominant' });
      const before = await server.rowCounts();
      for (const id of [dominant.id, submissive.id, randomUUID()]) {
        await expectError(await stranger.client.delete(`/api/partners/${id}`), 404, 'NOT_FOUND');
      }
      await expectError(await dominant.client.delete(`/api/partners/${randomUUID()}`), 404, 'NOT_FOUND');
      await expectError(await dominant.client.delete(`/api/partners/${dominant.id}`), 404, 'NOT_FOUND');
      expect(await server.rowCounts()).toEqual(before);
      expect(await pairsBetween(dominant, submissive)).toEqual([
        expect.objectContaining({ status: 'active' }),
      ]);

      expect((await submissive.client.delete(`/api/partners/${dominant.id}`)).status).toBe(200);
      const after = await server.rowCounts();
      await expectError(await submissive.client.delete(`/api/partners/${dominant.id}`), 404, 'NOT_FOUND');
      await expectError(await dominant.client.delete(`/api/partners/${submissive.id}`), 404, 'NOT_FOUND');
      expect(await server.rowCounts()).toEqual(after);
    });

    it('names the partner by an upper-case id as the same partner, who still hears pair.ended', async () => {
      const { dominant, submissive } = await createCouple(server);
      const stream = await openEventStream(submissive.client);
      try {
        expect((await dominant.client.delete(`/api/partners/${submissive.id.toUpperCase()}`)).status).toBe(
          200,
        );
        expect(await stream.next('pair.ended')).toEqual({ partnerId: dominant.id, endedBy: dominant.id });
      } finally {
        stream.close();
      }
      expect(await partnerRowsBetween(dominant, submissive)).toEqual([]);
    });

    it('reconnecting later reactivates the same pair', async () => {
      const { dominant, submissive } = await createCouple(server);
      const [pair] = await pairsBetween(dominant, submissive);
      expect(pair?.status).toBe('active');
      expect((await dominant.client.delete(`/api/partners/${submissive.id}`)).status).toBe(200);
      expect((await pairsBetween(dominant, submissive))[0]?.status).toBe('inactive');

      // This time the submissive asks.
      await connect(submissive, dominant);
      expect(await pairsBetween(dominant, submissive)).toEqual([
        expect.objectContaining({ id: pair!.id, status: 'active', dominantId: dominant.id }),
      ]);
      expect(await partnerRowsBetween(dominant, submissive)).toHaveLength(2);
    });

    it('two Switches who reconnect in swapped roles get the other pair; only one is active', async () => {
      const s1 = await createUser(server, { role: 'switch', actAs: 'dominant' });
      const s2 = await createUser(server, { role: 'switch', actAs: 'submissive' });
      await connect(s1, s2);
      expect((await s2.client.delete(`/api/partners/${s1.id}`)).status).toBe(200);
      await actAsAnew(server, s1, 'submissive');
      await actAsAnew(server, s2, 'dominant');
      await connect(s1, s2);
      const rows = await pairsBetween(s1, s2);
      expect(rows.filter((p) => p.status === 'active')).toEqual([
        expect.objectContaining({ dominantId: s2.id, submissiveId: s1.id }),
      ]);
      expect(rows).toHaveLength(2);
    });
  });

  describe('while the SMTP server is down', () => {
    let down: TestServer;
    beforeAll(async () => {
      // Same database, a server whose SMTP peer is gone.
      down = await startTestServer({ db: kind, database: server.database, requireEmailVerification: false });
      await down.smtp.close();
    });
    afterAll(async () => {
      await down?.close();
    });

    it('a request still answers 201, is stored and notifies the receiver', async () => {
      const sender = await createUser(down, { role: 'dominant' });
      const receiver = await createUser(down, { role: 'submissive' });
      const response = await sender.api['partner-requests'].$post({ json: { receiverId: receiver.id } });
      const { request: view } = await expectBody(response, 201);
      expect((await requestsOf(receiver)).map((r) => r.id)).toEqual([view.id]);
      expect((await inbox(receiver)).unreadCount).toBe(1);
      // Let the failing delivery fail; the server stays healthy and answers the next call.
      await down.mailsSettled();
      expect((await down.request('/api/health')).status).toBe(200);
      expect((await requestsOf(sender)).map((r) => r.id)).toEqual([view.id]);
      expect(down.smtp.mailsTo(receiver.email)).toEqual([]);
    });
  });
});
