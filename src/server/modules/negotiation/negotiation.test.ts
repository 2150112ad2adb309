import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AFTERCARE_WISHES_MAX,
  NEGOTIATION_TEXT,
  type NegotiationPairView,
  type NegotiationView,
} from '@/shared/schemas/negotiation';
import type { RecordPageView } from '@/shared/schemas/record';
import { pairs } from '../../db/schema';
import { jsonInit } from '../../test/client';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { type Couple, connect, createCouple, listPairs } from '../../test/partners';
import { punishmentBody } from '../../test/punishments';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createTask, taskBody } from '../../test/tasks';
import { createUser, type TestUser } from '../../test/users';
import { readZip } from '../../test/zip';

const NUL = '\u0000';
const PENDING = 'Your partner has not confirmed your first negotiation yet.';

const view = async (response: Response | Promise<Response>): Promise<NegotiationView> =>
  expectBody(await response, 200);
const negotiationOf = (who: TestUser) => view(who.client.get('/api/negotiation'));
const pairView = (v: NegotiationView, pairId: string): NegotiationPairView => {
  const found = v.pairs.find((p) => p.pairId === pairId);
  expect(found, 'the pair is in the view').toBeDefined();
  return found!;
};
const confirm = (who: TestUser, partner: TestUser) =>
  who.client.post('/api/negotiation/confirm', { partnerId: partner.id });
const withdraw = (who: TestUser, partner: TestUser) =>
  who.client.post('/api/negotiation/withdraw', { partnerId: partner.id });
const wishes = (who: TestUser, partner: TestUser, text: unknown) =>
  who.client.put('/api/negotiation/aftercare', { partnerId: partner.id, wishes: text });
const recordKinds = async (who: TestUser) =>
  ((await expectBody(await who.client.get('/api/record'), 200)) as RecordPageView).entries.map((e) => e.kind);
const assignTask = (c: Couple) => c.dominant.client.post('/api/tasks', taskBody(serverRef, c.submissive.id));
const assignPunishment = (c: Couple) =>
  c.dominant.client.post('/api/punishments', punishmentBody(c.submissive.id));

let serverRef: TestServer;

/**
 * The first negotiation (decision 058): nothing is assigned to the submissive until they confirm it; they
 * may withdraw it at any time, which holds new assignments again and touches nothing that exists.
 */
describe.each(databases())('the first negotiation on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
    serverRef = server;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('holds the first task and punishment until the submissive confirms; the dominant is told, without content', async () => {
    const couple = await createCouple(server, { negotiated: false });
    const { dominant, submissive, pairId } = couple;
    expect(pairView(await negotiationOf(dominant), pairId)).toEqual({
      pairId,
      partnerId: submissive.id,
      myRole: 'dominant',
      confirmedAt: null,
      myAftercare: '',
      partnerAftercare: '',
    });
    expect(pairView(await negotiationOf(submissive), pairId)).toMatchObject({
      partnerId: dominant.id,
      myRole: 'submissive',
      confirmedAt: null,
    });

    const before = await server.rowCounts();
    await expectError(await assignTask(couple), 409, 'NEGOTIATION_PENDING', PENDING);
    await expectError(await assignPunishment(couple), 409, 'NEGOTIATION_PENDING', PENDING);
    expect(await server.rowCounts()).toEqual(before);

    const confirmed = pairView(await view(confirm(submissive, dominant)), pairId);
    expect(confirmed.confirmedAt).toBe(server.clock.now().getTime());
    expect(pairView(await negotiationOf(dominant), pairId).confirmedAt).toBe(confirmed.confirmedAt);
    const told = (await notificationsOf(dominant)).filter((n) => n.type === 'negotiation_confirmed');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'First negotiation',
      message: 'Your partner confirmed your first negotiation',
      data: { pairId },
    });
    expect(await recordKinds(dominant)).toContain('negotiation.confirmed');

    // Confirming again changes nothing and tells nobody again.
    expect(pairView(await view(confirm(submissive, dominant)), pairId).confirmedAt).toBe(
      confirmed.confirmedAt,
    );
    expect((await notificationsOf(dominant)).filter((n) => n.type === 'negotiation_confirmed')).toHaveLength(
      1,
    );

    expect((await assignTask(couple)).status).toBe(201);
    expect((await assignPunishment(couple)).status).toBe(201);
  });

  it('the submissive withdraws at any time, also while Red holds the pair: new demands wait again, what exists stays', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive, pairId } = couple;
    const task = await createTask(server, couple);
    expect((await submissive.client.post('/api/stops', {})).status).toBe(200);
    const withdrawn = pairView(await view(withdraw(submissive, dominant)), pairId);
    expect(withdrawn.confirmedAt).toBeNull();
    expect((await submissive.client.post('/api/stops/lift', {})).status).toBe(200);
    expect(await recordKinds(submissive)).toContain('negotiation.withdrawn');
    expect(pairView(await negotiationOf(dominant), pairId).confirmedAt).toBeNull();

    await expectError(await assignTask(couple), 409, 'NEGOTIATION_PENDING', PENDING);
    await expectError(await assignPunishment(couple), 409, 'NEGOTIATION_PENDING', PENDING);
    // Editing asks something new too; deleting and completing what exists are never held.
    await expectError(
      await dominant.client.put(`/api/tasks/${task.id}`, taskBody(server, submissive.id, { title: 'More' })),
      409,
      'NEGOTIATION_PENDING',
      PENDING,
    );
    expect((await submissive.client.post(`/api/tasks/${task.id}/complete`, {})).status).toBe(200);
    // Withdrawing twice changes nothing; confirming again lets the dominant assign.
    expect(pairView(await view(withdraw(submissive, dominant)), pairId).confirmedAt).toBeNull();
    await view(confirm(submissive, dominant));
    expect((await assignTask(couple)).status).toBe(201);
  });

  it('holds a pair that existed before the negotiation (no confirmation on its row) the same way', async () => {
    const couple = await createCouple(server);
    const task = await createTask(server, couple);
    await server.database.db
      .update(pairs)
      .set({ negotiationConfirmedAt: null })
      .where(eq(pairs.id, couple.pairId));
    expect(pairView(await negotiationOf(couple.dominant), couple.pairId).confirmedAt).toBeNull();
    await expectError(await assignTask(couple), 409, 'NEGOTIATION_PENDING', PENDING);
    // What it holds stays as it was.
    expect((await couple.submissive.client.post(`/api/tasks/${task.id}/complete`, {})).status).toBe(200);
    await view(confirm(couple.submissive, couple.dominant));
    expect((await assignTask(couple)).status).toBe(201);
  });

  it('only the submissive confirms or withdraws: the dominant 403, a stranger and a former partner 404, signed out 401', async () => {
    const couple = await createCouple(server, { negotiated: false });
    const { dominant, submissive } = couple;
    const stranger = await createUser(server, { role: 'submissive' });
    const before = await server.rowCounts();
    await expectError(await confirm(dominant, submissive), 403, 'FORBIDDEN', NEGOTIATION_TEXT.onlySubmissive);
    await expectError(
      await withdraw(dominant, submissive),
      403,
      'FORBIDDEN',
      NEGOTIATION_TEXT.onlySubmissive,
    );
    for (const response of [
      await confirm(stranger, dominant),
      await withdraw(stranger, dominant),
      await wishes(stranger, dominant, 'Hold me'),
    ]) {
      await expectError(response, 404, 'NOT_FOUND', NEGOTIATION_TEXT.noPartner);
    }
    expect(await negotiationOf(stranger)).toEqual({ pairs: [] });
    const anonymous = server.client();
    for (const response of [
      await anonymous.get('/api/negotiation'),
      await anonymous.post('/api/negotiation/confirm', { partnerId: dominant.id }),
      await anonymous.post('/api/negotiation/withdraw', { partnerId: dominant.id }),
      await anonymous.put('/api/negotiation/aftercare', { partnerId: dominant.id, wishes: 'x' }),
    ]) {
      await expectError(response, 401, 'NOT_AUTHENTICATED');
    }
    expect(await server.rowCounts()).toEqual(before);

    // After the couple ends, neither reads or writes it; reconnecting begins a pair that negotiates again.
    await view(confirm(submissive, dominant));
    expect((await dominant.client.delete(`/api/partners/${submissive.id}`)).status).toBe(200);
    const after = await server.rowCounts();
    await expectError(await confirm(submissive, dominant), 404, 'NOT_FOUND');
    await expectError(await withdraw(submissive, dominant), 404, 'NOT_FOUND');
    await expectError(await wishes(dominant, submissive, 'Late'), 404, 'NOT_FOUND');
    expect(await negotiationOf(submissive)).toEqual({ pairs: [] });
    expect(await server.rowCounts()).toEqual(after);
    await connect(dominant, submissive, { negotiated: false });
    const [again] = await listPairs(dominant);
    expect(again?.id).toBe(couple.pairId);
    expect(pairView(await negotiationOf(dominant), couple.pairId).confirmedAt).toBeNull();
  });

  it('a Switch pair: the partner in the submissive role confirms; the pair the other way round has its own', async () => {
    const [alex, blair] = await Promise.all([
      createUser(server, { role: 'switch', displayName: 'Alex Switch', actAs: 'dominant' }),
      createUser(server, { role: 'switch', displayName: 'Blair Switch', actAs: 'submissive' }),
    ]);
    await connect(alex, blair, { negotiated: false }); // Alex dominant, Blair submissive
    const [pair] = await listPairs(alex);
    expect(pair).toMatchObject({ dominantId: alex.id, submissiveId: blair.id });
    expect(pairView(await view(confirm(blair, alex)), pair!.id).confirmedAt).not.toBeNull();
    expect((await alex.client.post('/api/tasks', taskBody(server, blair.id))).status).toBe(201);
    // Roles swapped: Alex confirms as the submissive of the pair where Blair leads; this forms it.
    const swapped = await view(confirm(alex, blair));
    const other = swapped.pairs.find((p) => p.pairId !== pair!.id);
    expect(other).toMatchObject({ myRole: 'submissive', partnerId: blair.id });
    expect(other?.confirmedAt).not.toBeNull();
    // Each pair's confirmation is its own submissive's: Blair withdrawing hers leaves Alex's pair as it is.
    const afterWithdrawal = await view(withdraw(blair, alex));
    expect(pairView(afterWithdrawal, pair!.id).confirmedAt).toBeNull();
    expect(pairView(afterWithdrawal, other!.pairId).confirmedAt).not.toBeNull();
  });

  it('aftercare wishes: each writes their own, both read both, never in a notification; the record says only that they changed', async () => {
    const { dominant, submissive, pairId } = await createCouple(server);
    const note = 'A blanket, water, and ten quiet minutes';
    const mine = pairView(await view(wishes(submissive, dominant, `  ${note}  `)), pairId);
    expect(mine).toMatchObject({ myAftercare: note, partnerAftercare: '' });
    expect(pairView(await negotiationOf(dominant), pairId)).toMatchObject({
      myAftercare: '',
      partnerAftercare: note,
    });
    await view(wishes(dominant, submissive, 'Talk it through'));
    expect(pairView(await negotiationOf(submissive), pairId)).toMatchObject({
      myAftercare: note,
      partnerAftercare: 'Talk it through',
    });
    // Empty is "none yet"; at the limit it is kept.
    expect(pairView(await view(wishes(submissive, dominant, '')), pairId).myAftercare).toBe('');
    const longest = 'x'.repeat(AFTERCARE_WISHES_MAX);
    expect(pairView(await view(wishes(submissive, dominant, longest)), pairId).myAftercare).toBe(longest);
    const kinds = await recordKinds(dominant);
    expect(kinds.filter((k) => k === 'negotiation.wishes_changed')).toHaveLength(4);
    const seen = JSON.stringify([
      await notificationsOf(dominant),
      await notificationsOf(submissive),
      await expectBody(await dominant.client.get('/api/record'), 200),
    ]);
    expect(seen).not.toContain('blanket');
    expect(seen).not.toContain('Talk it through');
    // Each export holds the user's own wishes, never the partner's.
    const exportOf = async (who: TestUser) =>
      readZip(Buffer.from(await (await who.client.get('/api/me/export')).arrayBuffer()));
    const domWishes = (await exportOf(dominant)).get('aftercare-wishes.json')!.toString('utf8');
    expect(JSON.parse(domWishes)).toEqual([
      { pairId, wishes: 'Talk it through', updatedAt: expect.any(String) },
    ]);
    const subZip = await exportOf(submissive);
    expect(subZip.get('aftercare-wishes.json')!.toString('utf8')).not.toContain('Talk it through');
    for (const [name, bytes] of subZip) {
      if (!name.endsWith('.json')) continue;
      expect(bytes.toString('utf8'), name).not.toContain('Talk it through');
    }
    // Allowed while Red holds the pair.
    expect((await dominant.client.post('/api/stops', {})).status).toBe(200);
    await view(wishes(submissive, dominant, note));
  });

  it('refuses bad input with 400 and a clear message, and changes nothing', async () => {
    const { dominant, submissive } = await createCouple(server, { negotiated: false });
    const before = await server.rowCounts();
    for (const path of ['/api/negotiation/confirm', '/api/negotiation/withdraw']) {
      for (const body of [
        {},
        { partnerId: 42 },
        { partnerId: 'not-an-id' },
        { partnerId: `${dominant.id.slice(0, 35)}${NUL}` },
        { partnerId: 'x'.repeat(5000) },
        { partnerId: dominant.id, extra: true },
        [],
      ]) {
        const refused = await expectError(await submissive.client.post(path, body), 400);
        expect(refused.error.message.length).toBeGreaterThan(0);
      }
      const raw = await submissive.client.fetch(path, {
        ...jsonInit('POST', undefined),
        body: '{"partnerId":',
      });
      await expectError(raw, 400, 'MALFORMED_JSON');
    }
    for (const body of [
      {},
      { partnerId: dominant.id },
      { partnerId: dominant.id, wishes: 12 },
      { partnerId: dominant.id, wishes: null },
      { partnerId: dominant.id, wishes: `Tea${NUL}` },
      { partnerId: 'nope', wishes: 'Tea' },
      { partnerId: dominant.id, wishes: 'Tea', more: 1 },
    ]) {
      const refused = await expectError(await submissive.client.put('/api/negotiation/aftercare', body), 400);
      expect(refused.error.message.length).toBeGreaterThan(0);
    }
    await expectError(
      await wishes(submissive, dominant, 'x'.repeat(AFTERCARE_WISHES_MAX + 1)),
      400,
      undefined,
      NEGOTIATION_TEXT.wishesTooLong,
    );
    const raw = await submissive.client.fetch('/api/negotiation/aftercare', {
      ...jsonInit('PUT', undefined),
      body: '{"partnerId":',
    });
    await expectError(raw, 400, 'MALFORMED_JSON');
    expect(await server.rowCounts()).toEqual(before);
  });
});
