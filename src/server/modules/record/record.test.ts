import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_PAGE, RECORD_TEXT, type RecordPageView, type RecordVerdict } from '@/shared/schemas/record';
import { jsonInit } from '../../test/client';
import { openContract, sign } from '../../test/contracts';
import { databases, selectRows } from '../../test/database';
import { type Couple, createCouple } from '../../test/partners';
import { createPunishment, setCompletion } from '../../test/punishments';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { completeTask, createTask, taskBody } from '../../test/tasks';
import { createUser, type TestUser } from '../../test/users';

const NUL = '\u0000';
const MISSING = '3f0c7a8e-0000-4000-8000-000000000000';

const recordOf = async (who: TestUser, query = ''): Promise<RecordPageView> =>
  expectBody(await who.client.get(`/api/record${query}`), 200);
const verify = async (who: TestUser, body: unknown = {}): Promise<RecordVerdict> =>
  expectBody(await who.client.post('/api/record/verify', body), 200);
const kindsOf = (page: RecordPageView) => page.entries.map((e) => e.kind);

/** The pair's record (decision 053): one hash-chained entry per action, read by both, kept after leaving. */
describe.each(databases())('the pair record on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });
  const db = () => server.database.db;

  /** Runs `change` with the record's append-only trigger switched off, as the table's owner could. */
  async function tamper(change: ReturnType<typeof sql>) {
    await db().execute(sql`alter table pair_record disable trigger pair_record_append_only`);
    try {
      await db().execute(change);
    } finally {
      await db().execute(sql`alter table pair_record enable trigger pair_record_append_only`);
    }
  }

  async function taskLife(couple: Couple) {
    const task = await createTask(server, couple, { title: 'Secret title' });
    const { assignedTo: _, ...edit } = taskBody(server, couple.submissive.id, { title: 'Secret title 2' });
    await expectBody(await couple.dominant.client.put(`/api/tasks/${task.id}`, edit), 200);
    await completeTask(couple.submissive.client, task.id);
    await expectBody(
      await couple.dominant.client.post(`/api/tasks/${task.id}/feedback`, { feedback: 'Private words' }),
      200,
    );
    return task;
  }

  it('records a task from both sides, newest first, with who acted, titles from the live row and no text', async () => {
    const couple = await createCouple(server);
    const task = await taskLife(couple);
    const mine = await recordOf(couple.dominant);
    expect(kindsOf(mine)).toEqual([
      'task.feedback',
      'task.completed',
      'task.edited',
      'task.assigned',
      'pair.connected',
    ]);
    expect(mine.entries.map((e) => e.seq)).toEqual([5, 4, 3, 2, 1]);
    expect(mine.pair).toEqual({
      id: couple.pairId,
      partnerId: couple.submissive.id,
      partnerName: 'Sam Sub',
      myRole: 'dominant',
      active: true,
    });
    expect(mine.entries[1]).toMatchObject({
      actor: 'partner',
      facts: { taskId: task.id, timing: 'on time', byDominant: false },
      subject: { type: 'task', id: task.id, title: 'Secret title 2' },
    });
    const theirs = await recordOf(couple.submissive);
    expect(theirs.entries.map((e) => [e.kind, e.actor])).toEqual([
      ['task.feedback', 'partner'],
      ['task.completed', 'me'],
      ['task.edited', 'partner'],
      ['task.assigned', 'partner'],
      ['pair.connected', 'me'],
    ]);
    expect(theirs.nextCursor).toBeNull();

    // Nothing a user wrote is in the record itself.
    const stored = await selectRows<{ data: unknown; kind: string }>(
      db(),
      sql`select data, kind from pair_record where pair_id = ${couple.pairId}`,
    );
    expect(JSON.stringify(stored)).not.toMatch(/Secret|Private/);

    // A deleted task is named as deleted: the record keeps its id only.
    await expectBody(await couple.dominant.client.delete(`/api/tasks/${task.id}`), 200);
    const after = await recordOf(couple.submissive);
    expect(after.entries[0]).toMatchObject({ kind: 'task.deleted', actor: 'partner' });
    expect(after.entries.every((e) => e.subject === null || e.subject.title === null)).toBe(true);
    expect(await verify(couple.submissive)).toEqual({ ok: true, entries: 6 });
  });

  it('records punishments, Red, Yellow and the contract, and filters by group or kind', async () => {
    const couple = await createCouple(server);
    const p = await createPunishment(couple, { timerEnabled: true, timerDuration: 5 });
    await expectBody(await couple.submissive.client.post(`/api/punishments/${p.id}/timer`, {}), 200);
    await setCompletion(couple.submissive.client, p.id, true);
    await expectBody(
      await couple.dominant.client.post(`/api/punishments/${p.id}/feedback`, { feedback: 'Words' }),
      200,
    );
    await expectBody(await couple.submissive.client.post('/api/stops', {}), 200);
    await expectBody(await couple.submissive.client.post('/api/stops/lift', {}), 200);
    const asked = await expectBody(await couple.dominant.client.post('/api/checkins', {}), 200);
    await expectBody(
      await couple.submissive.client.post(`/api/checkins/${asked.checkins[0].id}/answer`, {
        mood: 'green',
        note: 'A private word',
      }),
      200,
    );
    const { contract } = await openContract(couple);
    await expectBody(await sign(couple.dominant.client, contract), 200);

    expect(kindsOf(await recordOf(couple.dominant))).toEqual([
      'contract.signed',
      'contract.created',
      'yellow.answered',
      'yellow.asked',
      'red.lifted',
      'red.called',
      'punishment.feedback',
      'punishment.completed',
      'punishment.started',
      'punishment.assigned',
      'pair.connected',
    ]);
    expect(kindsOf(await recordOf(couple.dominant, '?kind=red'))).toEqual(['red.lifted', 'red.called']);
    expect(kindsOf(await recordOf(couple.submissive, '?kind=punishment.started'))).toEqual([
      'punishment.started',
    ]);
    const signed = (await recordOf(couple.dominant, '?kind=contract')).entries[0]!;
    expect(signed).toMatchObject({
      actor: 'me',
      facts: { contractId: contract.id, contractSeq: 2 },
      subject: { type: 'contract', id: contract.id },
    });
    expect(await verify(couple.dominant)).toEqual({ ok: true, entries: 11 });
    // A check-in's answer is recorded with its mood, never its note.
    const answered = (await recordOf(couple.dominant, '?kind=yellow.answered')).entries[0]!;
    expect(answered.facts).toMatchObject({ mood: 'green' });
    expect(JSON.stringify(await recordOf(couple.dominant))).not.toContain('A private word');
  });

  it('records the check-in cadence set, with its frequency only', async () => {
    const couple = await createCouple(server);
    const set = await couple.submissive.client.put('/api/checkins/cadence', {
      partnerId: couple.dominant.id,
      frequency: 'weekly',
      weekday: 2,
      time: '19:30',
      timeZone: 'Europe/Berlin',
    });
    await expectBody(set, 200);
    const [entry] = (await recordOf(couple.dominant, '?kind=checkin')).entries;
    expect(entry).toMatchObject({
      kind: 'checkin.cadence_set',
      actor: 'partner',
      facts: { frequency: 'weekly' },
    });
    expect(await verify(couple.dominant)).toEqual({ ok: true, entries: 2 });
  });

  it('pages newest first by sequence number', async () => {
    const couple = await createCouple(server);
    for (let i = 0; i < RECORD_PAGE + 4; i++) await createTask(server, couple);
    const first = await recordOf(couple.submissive);
    expect(first.entries).toHaveLength(RECORD_PAGE);
    expect(first.entries[0]!.seq).toBe(RECORD_PAGE + 5);
    expect(first.nextCursor).toBe(6);
    const second = await recordOf(couple.submissive, `?cursor=${first.nextCursor}`);
    expect(second.entries.map((e) => e.seq)).toEqual([5, 4, 3, 2, 1]);
    expect(second.nextCursor).toBeNull();
  });

  it('appends one at a time: concurrent writes leave no gap and no fork', async () => {
    const couple = await createCouple(server);
    const p = await createPunishment(couple);
    await Promise.all([
      ...Array.from({ length: 6 }, () => createTask(server, couple)),
      setCompletion(couple.submissive.client, p.id, true),
      expectBody(await couple.dominant.client.post('/api/checkins', {}), 200),
    ]);
    const seqs = await selectRows<{ seq: number }>(
      db(),
      sql`select seq from pair_record where pair_id = ${couple.pairId} order by seq`,
    );
    expect(seqs.map((r) => r.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(await verify(couple.dominant)).toEqual({ ok: true, entries: 10 });
  });

  it('a write refused is not recorded: the entry rolls back with it', async () => {
    const couple = await createCouple(server);
    await expectBody(await couple.submissive.client.post('/api/stops', {}), 200);
    await expectError(
      await couple.dominant.client.post('/api/tasks', taskBody(server, couple.submissive.id)),
      409,
      'PAIR_STOPPED',
    );
    expect(kindsOf(await recordOf(couple.dominant))).toEqual(['red.called', 'pair.connected']);
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE; a changed entry is found by its number', async () => {
    const couple = await createCouple(server);
    await taskLife(couple);
    for (const attempt of [
      sql`update pair_record set kind = 'task.deleted' where pair_id = ${couple.pairId}`,
      sql`delete from pair_record where pair_id = ${couple.pairId}`,
      sql`truncate pair_record`,
    ]) {
      await expect(db().execute(attempt)).rejects.toThrow();
    }
    expect(await verify(couple.dominant)).toEqual({ ok: true, entries: 5 });

    await tamper(
      sql`update pair_record set data = '{"taskId":null}'::jsonb where pair_id = ${couple.pairId} and seq = 3`,
    );
    expect(await verify(couple.dominant)).toMatchObject({ ok: false, brokenAt: 3, reason: 'hash' });
    expect(await verify(couple.submissive)).toMatchObject({ ok: false, brokenAt: 3 });
  });

  it('an entry removed or cut from the end is found', async () => {
    const a = await createCouple(server);
    await taskLife(a);
    await tamper(sql`delete from pair_record where pair_id = ${a.pairId} and seq = 2`);
    expect(await verify(a.dominant)).toMatchObject({ ok: false, brokenAt: 2, reason: 'sequence' });

    const b = await createCouple(server);
    await taskLife(b);
    await tamper(sql`delete from pair_record where pair_id = ${b.pairId} and seq = 5`);
    expect(await verify(b.dominant)).toMatchObject({ ok: false, brokenAt: 5, reason: 'head' });
  });

  it('after the pair ends each former partner keeps reading its record, by pair id or partner', async () => {
    const couple = await createCouple(server);
    await createTask(server, couple);
    await expectBody(await couple.submissive.client.delete(`/api/partners/${couple.dominant.id}`), 200);
    for (const [who, other] of [
      [couple.dominant, couple.submissive],
      [couple.submissive, couple.dominant],
    ] as const) {
      const { pairs } = await expectBody(await who.client.get('/api/record/pairs'), 200);
      expect(pairs).toEqual([
        expect.objectContaining({ id: couple.pairId, partnerId: other.id, active: false }),
      ]);
      const page = await recordOf(who, `?pairId=${couple.pairId}`);
      expect(page.entries[0]).toMatchObject({ kind: 'pair.disconnected' });
      expect(page.entries[0]!.actor).toBe(who === couple.submissive ? 'me' : 'partner');
      expect(kindsOf(await recordOf(who, `?partnerId=${other.id}`))).toEqual(kindsOf(page));
      expect(await verify(who, { pairId: couple.pairId })).toEqual({ ok: true, entries: 3 });
    }
  });

  it('a stranger finds nothing (404), someone signed out is 401', async () => {
    const couple = await createCouple(server);
    const stranger = await createUser(server, { role: 'dominant' });
    await expectError(await stranger.client.get(`/api/record?pairId=${couple.pairId}`), 404, 'NOT_FOUND');
    await expectError(await stranger.client.get(`/api/record?partnerId=${couple.dominant.id}`), 404);
    await expectError(await stranger.client.get('/api/record'), 404, 'NOT_FOUND', RECORD_TEXT.notFound);
    await expectError(await stranger.client.post('/api/record/verify', { pairId: couple.pairId }), 404);
    expect((await expectBody(await stranger.client.get('/api/record/pairs'), 200)).pairs).toEqual([]);

    const anonymous = server.client();
    for (const response of [
      await anonymous.get('/api/record'),
      await anonymous.get('/api/record/pairs'),
      await anonymous.post('/api/record/verify', {}),
    ]) {
      await expectError(response, 401, 'NOT_AUTHENTICATED');
    }
  });

  it('refuses bad input with 400 and a clear message, and changes nothing', async () => {
    const { dominant, pairId } = await createCouple(server);
    const before = await server.rowCounts();
    for (const query of [
      '?pairId=not-an-id',
      `?pairId=${'a'.repeat(5000)}`,
      `?pairId=${MISSING.slice(0, 35)}${encodeURIComponent(NUL)}`,
      '?kind=task.unknown',
      `?kind=${encodeURIComponent(`task${NUL}`)}`,
      '?cursor=0',
      '?cursor=-1',
      '?cursor=abc',
      '?cursor=99999999999',
      `?pairId=${pairId}&partnerId=${MISSING}`,
      '?other=1',
    ]) {
      const refused = await expectError(await dominant.client.get(`/api/record${query}`), 400);
      expect(refused.error.message.length, query).toBeGreaterThan(0);
    }
    for (const body of [{ pairId: 42 }, { pairId: 'x' }, { pairId: `${MISSING}${NUL}` }, { other: 1 }, []]) {
      await expectError(await dominant.client.post('/api/record/verify', body), 400);
    }
    const raw = await dominant.client.fetch('/api/record/verify', {
      ...jsonInit('POST', undefined),
      body: '{"pairId":',
    });
    await expectError(raw, 400, 'MALFORMED_JSON');
    expect(await server.rowCounts()).toEqual(before);
  });
});

describe('checking the record, at the production limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ requireEmailVerification: false, rateLimitScale: 1 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 429 past 30 checks an hour', async () => {
    const couple = await createCouple(server);
    for (let i = 0; i < 30; i++) await verify(couple.dominant);
    await expectError(await couple.dominant.client.post('/api/record/verify', {}), 429, 'RATE_LIMITED');
  });
});
