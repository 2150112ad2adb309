import { randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedUsers, pairs, partnerRequests, partners } from '../../db/schema';
import { databases } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { blocksOf, createCouple, partnersOf, sendRequest } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, type TestUser } from '../../test/users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const block = (user: TestUser, userId: unknown) => user.client.post('/api/blocks', { userId });

async function blockOk(user: TestUser, userId: string) {
  const response = await user.api.blocks.$post({ json: { userId } });
  return (await expectBody(response, 201)).blocked;
}

describe.each(databases())('blocking on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;

  const blockRows = (a: TestUser, b: TestUser) =>
    db()
      .select()
      .from(blockedUsers)
      .where(
        or(
          and(eq(blockedUsers.userId, a.id), eq(blockedUsers.blockedUserId, b.id)),
          and(eq(blockedUsers.userId, b.id), eq(blockedUsers.blockedUserId, a.id)),
        ),
      );

  it('blocks, lists with display name, role and derived username, and unblocks', async () => {
    const me = await createUser(server, { role: 'submissive' });
    const them = await createUser(server, { role: 'switch', displayName: "Jane O'Brien-Smith" });
    const started = Date.now();
    const view = await blockOk(me, them.id);
    expect(view).toEqual({
      id: expect.stringMatching(UUID),
      userId: them.id,
      displayName: "Jane O'Brien-Smith",
      role: 'switch',
      username: 'janeobriensmith',
      createdAt: expect.any(Number),
    });
    expect(Math.abs(view.createdAt - started)).toBeLessThan(60_000);
    expect(await blocksOf(me)).toEqual([view]);
    // Nobody sees another's list, not even the one blocked.
    expect(await blocksOf(them)).toEqual([]);
    expect(await blockRows(me, them)).toEqual([
      expect.objectContaining({ id: view.id, userId: me.id, blockedUserId: them.id }),
    ]);

    const response = await me.client.delete(`/api/blocks/${view.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(await blocksOf(me)).toEqual([]);
    expect(await blockRows(me, them)).toEqual([]);
    // Once unblocked, they can be asked again.
    await sendRequest(me, them);
    await expectError(await me.client.delete(`/api/blocks/${view.id}`), 404, 'NOT_FOUND');
  });

  it('after unblocking, search and requests work again both ways', async () => {
    const me = await createUser(server, { role: 'dominant' });
    const them = await createUser(server, { role: 'submissive' });
    const search = async (who: TestUser, email: string) =>
      (await expectBody(await who.api.users.search.$post({ json: { email } }), 200)).users.map((u) => u.id);
    const view = await blockOk(me, them.id);
    expect(await search(them, me.email)).toEqual([]);
    await expectError(await them.api['partner-requests'].$post({ json: { receiverId: me.id } }), 404);

    await expectBody(await me.api.blocks[':id'].$delete({ param: { id: view.id } }), 200);
    expect(await search(them, me.email)).toEqual([me.id]);
    expect(await search(me, them.email)).toEqual([them.id]);
    // They ask, she refuses; then she asks, and they accept.
    const asked = (await sendRequest(them, me)).id;
    await expectBody(await me.api['partner-requests'][':id'].reject.$post({ param: { id: asked } }), 200);
    const back = (await sendRequest(me, them)).id;
    await expectBody(await them.api['partner-requests'][':id'].accept.$post({ param: { id: back } }), 200);
    expect((await partnersOf(me)).map((p) => p.id)).toEqual([them.id]);
  });

  it('lists the newest block first', async () => {
    const me = await createUser(server);
    const first = await createUser(server, { displayName: 'First One' });
    const second = await createUser(server, { displayName: 'Second One' });
    await blockOk(me, first.id);
    await blockOk(me, second.id);
    expect((await blocksOf(me)).map((b) => b.displayName)).toEqual(['Second One', 'First One']);
  });

  it('blocking twice keeps one block', async () => {
    const me = await createUser(server);
    const them = await createUser(server);
    const first = await blockOk(me, them.id);
    const again = await blockOk(me, them.id);
    expect(again.id).toBe(first.id);
    expect(await blockRows(me, them)).toHaveLength(1);
  });

  it('blocking a partner ends the connection, and the partner hears pair.ended', async () => {
    const { dominant, submissive } = await createCouple(server);
    const stream = await openEventStream(submissive.client);
    try {
      await blockOk(dominant, submissive.id);
      expect(await stream.next('pair.ended')).toEqual({ partnerId: dominant.id, endedBy: dominant.id });
    } finally {
      stream.close();
    }
    expect(await partnersOf(dominant)).toEqual([]);
    expect(await partnersOf(submissive)).toEqual([]);
    const rows = await db()
      .select()
      .from(partners)
      .where(or(eq(partners.userId, dominant.id), eq(partners.userId, submissive.id)));
    expect(rows).toEqual([]);
    const [pair] = await db()
      .select()
      .from(pairs)
      .where(and(eq(pairs.dominantId, dominant.id), eq(pairs.submissiveId, submissive.id)));
    expect(pair?.status).toBe('inactive');
  });

  it('blocking rejects pending requests between the two, whoever sent them', async () => {
    const me = await createUser(server, { role: 'dominant' });
    const asker = await createUser(server, { role: 'submissive' });
    const asked = await createUser(server, { role: 'submissive' });
    const incoming = await sendRequest(asker, me);
    const outgoing = await sendRequest(me, asked);
    await blockOk(me, asker.id);
    await blockOk(me, asked.id);

    const statuses = await db()
      .select({ id: partnerRequests.id, status: partnerRequests.status })
      .from(partnerRequests)
      .where(or(eq(partnerRequests.senderId, me.id), eq(partnerRequests.receiverId, me.id)));
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
      [incoming.id]: 'rejected',
      [outgoing.id]: 'rejected',
    });
    const seen = await (await asker.api['partner-requests'].$get()).json();
    expect(seen.requests.map((r) => [r.id, r.status])).toEqual([[incoming.id, 'rejected']]);
    // A rejected request can no longer be accepted.
    await expectError(
      await me.client.post(`/api/partner-requests/${incoming.id}/accept`),
      409,
      'CONFLICT',
      'Connection request has already been rejected',
    );
  });

  it("refuses to remove someone else's block with 404; the block stays", async () => {
    const me = await createUser(server);
    const them = await createUser(server);
    const intruder = await createUser(server);
    const view = await blockOk(me, them.id);
    const before = await server.rowCounts();
    for (const who of [intruder, them]) {
      await expectError(await who.client.delete(`/api/blocks/${view.id}`), 404, 'NOT_FOUND');
    }
    await expectError(await me.client.delete(`/api/blocks/${randomUUID()}`), 404, 'NOT_FOUND');
    // The user id is not the block id.
    await expectError(await me.client.delete(`/api/blocks/${them.id}`), 404, 'NOT_FOUND');
    expect(await server.rowCounts()).toEqual(before);
    expect(await blocksOf(me)).toEqual([view]);
  });

  it('refuses to block oneself (400, whatever the case of the id) and an unknown user (404)', async () => {
    const me = await createUser(server);
    const before = await server.rowCounts();
    await expectError(await block(me, me.id), 400, 'BAD_REQUEST');
    await expectError(await block(me, me.id.toUpperCase()), 400, 'BAD_REQUEST');
    await expectError(await block(me, randomUUID()), 404, 'NOT_FOUND', 'User not found');
    expect(await server.rowCounts()).toEqual(before);
  });

  it('blocks a user named by an upper-case id as the same user', async () => {
    const me = await createUser(server);
    const them = await createUser(server, { displayName: 'Upper Case' });
    const view = await blockOk(me, them.id.toUpperCase());
    expect(view).toMatchObject({ userId: them.id, displayName: 'Upper Case' });
    expect(await blockRows(me, them)).toHaveLength(1);
  });

  it('a blocked user cannot tell the blocker exists: blocking them back answers 404 like an unknown id', async () => {
    const a = await createUser(server, { role: 'dominant' });
    const b = await createUser(server, { role: 'submissive' });
    const ab = await blockOk(a, b.id);
    const before = await server.rowCounts();
    const back = await block(b, a.id);
    const unknown = await block(b, randomUUID());
    const [backBody, unknownBody] = [await back.json(), await unknown.json()];
    expect([back.status, backBody]).toEqual([unknown.status, unknownBody]);
    expect(back.status).toBe(404);
    expect(JSON.stringify(backBody)).not.toContain(a.displayName);
    expect(await server.rowCounts()).toEqual(before);
    // a's block alone keeps them apart, both ways.
    await expectError(await b.client.post('/api/partner-requests', { receiverId: a.id }), 404, 'NOT_FOUND');
    await expectError(await a.client.post('/api/partner-requests', { receiverId: b.id }), 404, 'NOT_FOUND');
    expect((await a.client.delete(`/api/blocks/${ab.id}`)).status).toBe(200);
    // Once a lifts theirs, b may block a (and a request works again).
    await blockOk(b, a.id);
    expect(await blockRows(a, b)).toHaveLength(1);
  });
});
