import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS_PAGE, POINTS_REASON_MAX, POINTS_TEXT, type PointsEntryAnswer } from '@/shared/schemas/points';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser } from '../../test/users';
import {
  award,
  awarded,
  expectBalance,
  ledgerOf,
  MISSING,
  NUL,
  redeemed,
  rewardFor,
} from './points.fixtures';

/**
 * The points ledger (issue 24, decision 067): append-only (the database refuses UPDATE and DELETE), one
 * entry per Idempotency-Key, a balance that is the sum and never below zero; awards and corrections by the
 * dominant only; a pair's deletion still takes its ledger with it.
 */
describe.each(databases())('points on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });
  const db = () => server.database.db;
  /** The trigger's refusal, as the driver reports it (drizzle wraps it: its cause says why). */
  const refused = async (statement: ReturnType<typeof sql>) => {
    const error = await db()
      .execute(statement)
      .then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
    expect(String(error?.cause?.message ?? error?.message)).toMatch(/points ledger is append-only/);
  };

  it('awards and corrects through new entries; the balance is their sum and never below zero', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive, pairId } = couple;
    const first = await awarded(couple, 30, '  Breakfast on time  ');
    expect(first).toEqual({
      balance: 30,
      entry: {
        id: expect.any(String),
        pairId,
        amount: 30,
        reason: 'Breakfast on time',
        kind: 'award',
        madeBy: dominant.id,
        rewardRedemptionId: null,
        createdAt: expect.any(Number),
      },
    });
    server.clock.advance(1000);
    await awarded(couple, 20);
    const correct = (amount: number) =>
      dominant.client.post('/api/points/correction', {
        partnerId: submissive.id,
        amount,
        reason: 'Miscounted',
      });
    await expectError(await correct(-51), 409, 'CONFLICT', POINTS_TEXT.belowZero);
    server.clock.advance(1000);
    expect(((await expectBody(await correct(-50), 201)) as PointsEntryAnswer).balance).toBe(0);
    await expectBalance(couple, 0);
    const ledger = await ledgerOf(submissive, dominant.id);
    expect(ledger.entries.map((e) => [e.kind, e.amount])).toEqual([
      ['correction', -50],
      ['award', 20],
      ['award', 30],
    ]);
    expect(ledger).toMatchObject({
      pairId,
      dominantId: dominant.id,
      submissiveId: submissive.id,
      nextBefore: null,
    });

    const told = (await notificationsOf(submissive)).filter((n) => n.type === 'points_awarded');
    expect(told.map((n) => n.message)).toEqual([
      'Dana Dom corrected your points by -50: "Miscounted"',
      'Dana Dom awarded you 20 points: "Well done"',
      'Dana Dom awarded you 30 points: "Breakfast on time"',
    ]);
    expect(told[0]!.data).toEqual({ entryId: expect.any(String), pairId, partnerId: dominant.id });
    const record = (await expectBody(
      await dominant.client.get(`/api/record?pairId=${pairId}&kind=points`),
      200,
    )) as {
      entries: { kind: string }[];
    };
    expect(record.entries.map((e) => e.kind)).toEqual([
      'points.corrected',
      'points.awarded',
      'points.awarded',
    ]);
  });

  it('pages the ledger newest first', async () => {
    const couple = await createCouple(server);
    for (let i = 0; i < POINTS_PAGE + 2; i++) {
      await awarded(couple, 1, `Entry ${i}`);
      server.clock.advance(10);
    }
    const first = await ledgerOf(couple.dominant, couple.submissive.id);
    expect(first.entries).toHaveLength(POINTS_PAGE);
    expect(first.entries[0]!.reason).toBe(`Entry ${POINTS_PAGE + 1}`);
    expect(first.balance).toBe(POINTS_PAGE + 2);
    const second = await ledgerOf(couple.dominant, couple.submissive.id, first.nextBefore!);
    expect(second.entries.map((e) => e.reason)).toEqual(['Entry 1', 'Entry 0']);
    expect(second.nextBefore).toBeNull();
  });

  it('the same Idempotency-Key makes one entry, one after the other and at once', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const key = randomUUID();
    const once = (await expectBody(
      await award(dominant, submissive.id, { amount: 5, reason: 'Once' }, key),
      201,
    )) as PointsEntryAnswer;
    const again = (await expectBody(
      await award(dominant, submissive.id, { amount: 5, reason: 'Once' }, key),
      201,
    )) as PointsEntryAnswer;
    expect(again.entry.id).toBe(once.entry.id);
    const other = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        award(dominant, submissive.id, { amount: 7, reason: 'At once' }, other),
      ),
    );
    const ids = await Promise.all(
      answers.map(async (r) => ((await expectBody(r, 201)) as PointsEntryAnswer).entry.id),
    );
    expect(new Set(ids).size).toBe(1);
    await expectBalance(couple, 12);
    expect((await ledgerOf(dominant, submissive.id)).entries).toHaveLength(2);
    expect((await notificationsOf(submissive)).filter((n) => n.type === 'points_awarded')).toHaveLength(2);
    // The key of an award used for something else is refused; a key that is not a UUID too.
    await expectError(await award(dominant, submissive.id, { amount: 6, reason: 'Other' }, key), 422);
    await expectError(await award(dominant, submissive.id, { amount: 5, reason: 'Once' }, 'nope'), 400);
    await expectBalance(couple, 12);
  });

  it('the database refuses UPDATE and DELETE of an entry, and still lets a deleted pair take its ledger', async () => {
    const couple = await createCouple(server);
    const { pairId } = couple;
    const { entry } = await awarded(couple, 40);
    await refused(sql`update points_entries set amount = 400 where id = ${entry.id}`);
    await refused(sql`delete from points_entries where id = ${entry.id}`);
    await refused(sql`delete from points_entries where pair_id = ${pairId}`);
    await refused(sql`truncate points_entries`);
    await expectBalance(couple, 40);
    // A redemption, and its refund, reference the ledger: the pair's deletion takes them all.
    const reward = await rewardFor(couple, 10);
    await redeemed(couple.submissive, reward.id);
    const count = async () =>
      Number(
        (
          (await db().execute(
            sql`select count(*)::int as n from points_entries where pair_id = ${pairId}`,
          )) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    expect(await count()).toBe(2);
    await db().execute(sql`delete from pairs where id = ${pairId}`);
    expect(await count()).toBe(0);

    // An account's deletion deletes its pairs, with their ledgers.
    const other = await createCouple(server);
    await awarded(other, 15);
    await redeemed(other.submissive, (await rewardFor(other, 5)).id);
    const deleted = await other.submissive.client.fetch('/api/me', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: 'DELETE' }),
    });
    expect(deleted.status).toBe(200);
    expect(
      (
        (await db().execute(
          sql`select count(*)::int as n from points_entries where pair_id = ${other.pairId}`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    ).toBe(0);
  });

  it('the role matrix: only the dominant awards and corrects; strangers and former partners find nothing', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    await awarded(couple, 10);
    const stranger = await createUser(server, { role: 'dominant' });
    const body = { amount: 5, reason: 'x' };
    const before = await server.rowCounts();
    await expectError(
      await award(submissive, dominant.id, body),
      403,
      'FORBIDDEN',
      POINTS_TEXT.onlyDominantAwards,
    );
    await expectError(
      await submissive.client.post('/api/points/correction', { partnerId: dominant.id, ...body }),
      403,
      'FORBIDDEN',
    );
    await expectError(await award(stranger, submissive.id, body), 404, 'NOT_FOUND');
    await expectError(await stranger.client.get(`/api/points?partnerId=${submissive.id}`), 404, 'NOT_FOUND');
    await expectError(await award(dominant, MISSING, body), 404, 'NOT_FOUND');
    const anonymous = server.client();
    for (const response of [
      await anonymous.get(`/api/points?partnerId=${submissive.id}`),
      await anonymous.post('/api/points/award', { partnerId: submissive.id, ...body }),
      await anonymous.post('/api/points/correction', { partnerId: submissive.id, ...body }),
    ]) {
      await expectError(response, 401, 'NOT_AUTHENTICATED');
    }
    expect(await server.rowCounts()).toEqual(before);
    expect((await dominant.client.delete(`/api/partners/${submissive.id}`)).status).toBe(200);
    const after = await server.rowCounts();
    await expectError(await submissive.client.get(`/api/points?partnerId=${dominant.id}`), 404, 'NOT_FOUND');
    await expectError(await award(dominant, submissive.id, body), 404, 'NOT_FOUND');
    await expectError(
      await dominant.client.post('/api/points/correction', {
        partnerId: submissive.id,
        amount: -1,
        reason: 'x',
      }),
      404,
      'NOT_FOUND',
    );
    expect(await server.rowCounts()).toEqual(after);
  });

  it('Red never holds an award or a correction', async () => {
    const couple = await createCouple(server);
    expect((await couple.submissive.client.post('/api/stops', {})).status).toBe(200);
    await awarded(couple, 3);
    await expectBalance(couple, 3);
  });

  it('refuses bad input with 400 and a clear message, and changes nothing', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const before = await server.rowCounts();
    const partnerId = submissive.id;
    const cases: [string, unknown, string | undefined][] = [
      ['award', {}, undefined],
      ['award', { partnerId, reason: 'x' }, POINTS_TEXT.amountRequired],
      ['award', { partnerId, amount: '5', reason: 'x' }, POINTS_TEXT.amountRequired],
      ['award', { partnerId, amount: 0, reason: 'x' }, POINTS_TEXT.amountRequired],
      ['award', { partnerId, amount: 10_001, reason: 'x' }, POINTS_TEXT.amountRequired],
      ['award', { partnerId, amount: 1.5, reason: 'x' }, POINTS_TEXT.amountRequired],
      ['award', { partnerId, amount: 5 }, POINTS_TEXT.reasonRequired],
      ['award', { partnerId, amount: 5, reason: '   ' }, POINTS_TEXT.reasonRequired],
      [
        'award',
        { partnerId, amount: 5, reason: 'x'.repeat(POINTS_REASON_MAX + 1) },
        POINTS_TEXT.reasonTooLong,
      ],
      ['award', { partnerId, amount: 5, reason: `Good${NUL}` }, undefined],
      ['award', { partnerId: 'nope', amount: 5, reason: 'x' }, POINTS_TEXT.partnerRequired],
      ['award', { partnerId, amount: 5, reason: 'x', extra: 1 }, undefined],
      ['award', [], undefined],
      ['correction', { partnerId, amount: 0, reason: 'x' }, POINTS_TEXT.correctionRequired],
      ['correction', { partnerId, amount: -100_001, reason: 'x' }, POINTS_TEXT.correctionRequired],
    ];
    for (const [path, body, message] of cases) {
      await expectError(await dominant.client.post(`/api/points/${path}`, body), 400, undefined, message);
    }
    await expectError(await dominant.client.get('/api/points'), 400, undefined, POINTS_TEXT.partnerRequired);
    await expectError(await dominant.client.get(`/api/points?partnerId=${partnerId}&before=x`), 400);
    const malformed = await dominant.client.fetch('/api/points/award', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"amount": ',
    });
    await expectError(malformed, 400);
    expect(await server.rowCounts()).toEqual(before);
  });
});
