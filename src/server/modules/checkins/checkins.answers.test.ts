import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_NOTE_MAX } from '@/shared/domain/checkins';
import {
  type CadencesView,
  CHECKIN_TEXT,
  type CheckinHistoryView,
  type CheckinsView,
} from '@/shared/schemas/checkins';
import type { StopsView } from '@/shared/schemas/stops';
import { jsonInit } from '../../test/client';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { connect, createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createTask, taskBody } from '../../test/tasks';
import { createUser, type TestUser } from '../../test/users';

const NUL = '\u0000';
const expectView = async <T>(response: Response, status: number): Promise<T> => expectBody(response, status);
const MISSING = '3f0c7a8e-0000-4000-8000-000000000000';

const open = async (who: TestUser): Promise<CheckinsView> =>
  expectBody(await who.client.get('/api/checkins'), 200);
const ask = async (who: TestUser): Promise<CheckinsView> =>
  expectBody(await who.client.post('/api/checkins', {}), 200);
const answer = (who: TestUser, id: string, body: unknown) =>
  who.client.post(`/api/checkins/${id}/answer`, body);
const history = async (who: TestUser, before?: string): Promise<CheckinHistoryView> =>
  expectBody(await who.client.get(`/api/checkins/history${before ? `?before=${before}` : ''}`), 200);
const cadences = async (who: TestUser): Promise<CadencesView> =>
  expectBody(await who.client.get('/api/checkins/cadence'), 200);
const setCadence = (who: TestUser, body: unknown) => who.client.put('/api/checkins/cadence', body);
const stops = async (who: TestUser): Promise<StopsView> =>
  expectBody(await who.client.get('/api/stops'), 200);

/**
 * Check-ins answered and set on a cadence (decision 052): a mood and a note only the two partners read;
 * Yellow asks back, Red calls Red; either partner sets the cadence, both see who did and when.
 */
describe.each(databases())('check-in answers and cadence on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false, captureLogs: true });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('Green with a note closes it; both partners read the mood and the note; the note is in no notification or log', async () => {
    const { dominant, submissive, pairId } = await createCouple(server);
    const { checkins } = await ask(dominant);
    const id = checkins[0]!.id;
    const note = 'Feeling good, a little tired ✨';
    expect(
      (
        await expectView<CheckinsView>(
          await answer(submissive, id, { mood: 'green', note: `  ${note} ` }),
          200,
        )
      ).checkins,
    ).toEqual([]);
    expect((await open(dominant)).checkins).toEqual([]);
    // Assigning works again.
    await createTask(server, { dominant, submissive }, { title: 'After green' });
    for (const who of [dominant, submissive]) {
      const { entries, nextCursor } = await history(who);
      expect(nextCursor).toBeNull();
      expect(entries).toEqual([
        {
          id,
          pairId,
          partnerId: who === dominant ? submissive.id : dominant.id,
          kind: 'yellow',
          askedByMe: who === dominant,
          answeredByMe: who === submissive,
          askedAt: expect.any(Number),
          answeredAt: expect.any(Number),
          mood: 'green',
          note,
        },
      ]);
    }
    const told = [...(await notificationsOf(dominant)), ...(await notificationsOf(submissive))];
    expect(JSON.stringify(told)).not.toContain('tired');
    expect(server.logs().join('\n')).not.toContain('tired');
    // Answered twice is answered once: the first answer stays.
    await expectBody(await answer(submissive, id, { mood: 'red', note: 'changed' }), 200);
    expect((await history(dominant)).entries[0]).toMatchObject({ mood: 'green', note });
    expect((await stops(dominant)).stops).toEqual([]);
  });

  it('Yellow as the answer asks the asker back: the pair stays checking in until they answer', async () => {
    const couple = await createCouple(server);
    const { checkins } = await ask(couple.dominant);
    const mine = await expectView<CheckinsView>(
      await answer(couple.submissive, checkins[0]!.id, { mood: 'yellow' }),
      200,
    );
    expect(mine.checkins).toEqual([
      expect.objectContaining({
        kind: 'yellow',
        askedByMe: true,
        forMe: false,
        partnerId: couple.dominant.id,
      }),
    ]);
    const theirs = await open(couple.dominant);
    expect(theirs.checkins).toEqual([expect.objectContaining({ askedByMe: false, forMe: true })]);
    await expectError(
      await couple.dominant.client.post('/api/tasks', taskBody(server, couple.submissive.id)),
      409,
      'PAIR_CHECKING_IN',
      CHECKIN_TEXT.checkingIn,
    );
    const asked = (await notificationsOf(couple.dominant)).filter((n) => n.type === 'checkin_asked');
    expect(asked).toHaveLength(1);
    // The test's clock stands still: a second later, so that the history's order is the answers' order.
    server.clock.advance(1000);
    await expectBody(await answer(couple.dominant, theirs.checkins[0]!.id, { mood: 'green' }), 200);
    await createTask(server, couple, { title: 'After yellow' });
    expect((await history(couple.submissive)).entries.map((e) => e.mood)).toEqual(['green', 'yellow']);
  });

  it('Red as the answer calls Red for the answerer in that pair, told to the partner as Red is', async () => {
    const couple = await createCouple(server);
    const other = await createUser(server, { role: 'dominant' });
    await connect(other, couple.submissive);
    const { checkins } = await ask(couple.dominant);
    await expectBody(
      await answer(couple.submissive, checkins[0]!.id, { mood: 'red', note: 'stop please' }),
      200,
    );
    expect((await stops(couple.submissive)).stops).toEqual([
      expect.objectContaining({ pairId: couple.pairId, calledByMe: true }),
    ]);
    // Only that pair: the submissive's other partner is not stopped.
    expect((await stops(other)).stops).toEqual([]);
    const told = (await notificationsOf(couple.dominant)).filter((n) => n.type === 'red_called');
    expect(told).toHaveLength(1);
    expect(JSON.stringify(told)).not.toContain('stop please');
    await expectError(
      await couple.dominant.client.post('/api/tasks', taskBody(server, couple.submissive.id)),
      409,
      'PAIR_STOPPED',
    );
    // The answerer lifts it as their own Red.
    expect((await couple.submissive.client.post('/api/stops/lift', {})).status).toBe(200);
  });

  it('refuses bad answers with 400 and a clear message, and changes nothing', async () => {
    const { dominant, submissive } = await createCouple(server);
    const { checkins } = await ask(dominant);
    const id = checkins[0]!.id;
    const before = await server.rowCounts();
    for (const body of [
      {},
      { mood: 'blue' },
      { mood: 42 },
      { mood: null },
      { mood: 'green', note: 7 },
      { mood: 'green', note: 'a'.repeat(CHECKIN_NOTE_MAX + 1) },
      { mood: 'green', note: `one${NUL}two` },
      { mood: 'green', other: true },
      [],
    ]) {
      const refused = await expectError(await answer(submissive, id, body), 400);
      expect(refused.error.message.length).toBeGreaterThan(0);
    }
    const raw = await submissive.client.fetch(`/api/checkins/${id}/answer`, {
      ...jsonInit('POST', undefined),
      body: '{"mood":',
    });
    await expectError(raw, 400, 'MALFORMED_JSON');
    expect(await server.rowCounts()).toEqual(before);
    expect((await open(submissive)).checkins).toHaveLength(1);
    // The longest note is accepted.
    await expectBody(
      await answer(submissive, id, { mood: 'green', note: 'a'.repeat(CHECKIN_NOTE_MAX) }),
      200,
    );
  });

  it('history: a stranger and a former partner read nothing; pages of 20, newest first', async () => {
    const couple = await createCouple(server);
    const stranger = await createUser(server, { role: 'dominant' });
    for (let i = 0; i < 21; i++) {
      const { checkins } = await ask(couple.dominant);
      server.clock.advance(1000);
      await expectBody(
        await answer(couple.submissive, checkins[0]!.id, { mood: 'green', note: `n${i}` }),
        200,
      );
    }
    const first = await history(couple.dominant);
    expect(first.entries).toHaveLength(20);
    expect(first.entries[0]?.note).toBe('n20');
    expect(first.nextCursor).not.toBeNull();
    const second = await history(couple.dominant, first.nextCursor!);
    expect(second.entries.map((e) => e.note)).toEqual(['n0']);
    expect(second.nextCursor).toBeNull();
    expect((await history(stranger)).entries).toEqual([]);
    await expectError(await couple.dominant.client.get('/api/checkins/history?before=nope'), 400);
    await expectError(await couple.dominant.client.get(`/api/checkins/history?before=1_${MISSING}&x=1`), 400);
    expect((await couple.submissive.client.delete(`/api/partners/${couple.dominant.id}`)).status).toBe(200);
    expect((await history(couple.dominant)).entries).toEqual([]);
    expect((await history(couple.submissive)).entries).toEqual([]);
  });

  it('either partner sets the cadence; both see who set it and when; either turns it off', async () => {
    const { dominant, submissive, pairId } = await createCouple(server);
    expect((await cadences(submissive)).cadences).toEqual([
      expect.objectContaining({
        pairId,
        partnerId: dominant.id,
        frequency: 'off',
        setByMe: null,
        setAt: null,
      }),
    ]);
    const set = await expectView<CadencesView>(
      await setCadence(submissive, {
        partnerId: dominant.id,
        frequency: 'weekly',
        weekday: 0,
        time: '09:30',
        timeZone: 'Europe/Berlin',
      }),
      200,
    );
    expect(set.cadences[0]).toMatchObject({
      frequency: 'weekly',
      weekday: 0,
      time: '09:30',
      timeZone: 'Europe/Berlin',
      setByMe: true,
      setAt: server.clock.now().getTime(),
    });
    expect(set.cadences[0]?.nextAt).toBeGreaterThan(server.clock.now().getTime());
    expect(new Date(set.cadences[0]!.nextAt!).getUTCDay()).toBe(0);
    expect((await cadences(dominant)).cadences[0]).toMatchObject({ frequency: 'weekly', setByMe: false });
    // A Yellow open does not stop either from setting or turning it off.
    await ask(submissive);
    const off = await expectView<CadencesView>(
      await setCadence(dominant, {
        partnerId: submissive.id,
        frequency: 'off',
        time: '09:30',
        timeZone: 'UTC',
      }),
      200,
    );
    expect(off.cadences[0]).toMatchObject({ frequency: 'off', setByMe: true, nextAt: null });
    expect((await cadences(submissive)).cadences[0]).toMatchObject({ frequency: 'off', setByMe: false });
  });

  it('cadence: bad input is 400 and changes nothing; a stranger, a former partner and the signed-out are refused', async () => {
    const couple = await createCouple(server);
    const stranger = await createUser(server, { role: 'submissive' });
    const good = { partnerId: couple.submissive.id, frequency: 'daily', time: '20:00', timeZone: 'UTC' };
    const before = await server.rowCounts();
    for (const body of [
      {},
      { ...good, partnerId: undefined },
      { ...good, partnerId: 'nope' },
      { ...good, frequency: 'hourly' },
      { ...good, frequency: 'weekly' },
      { ...good, frequency: 'weekly', weekday: 7 },
      { ...good, frequency: 'weekly', weekday: '1' },
      { ...good, time: '24:00' },
      { ...good, time: '8:00' },
      { ...good, time: 'a'.repeat(5000) },
      { ...good, timeZone: 'Mars/Olympus' },
      { ...good, timeZone: `UTC${NUL}` },
      { ...good, extra: 1 },
      [],
    ]) {
      const refused = await expectError(await setCadence(couple.dominant, body), 400);
      expect(refused.error.message.length).toBeGreaterThan(0);
    }
    const raw = await couple.dominant.client.fetch('/api/checkins/cadence', {
      ...jsonInit('PUT', undefined),
      body: '{"frequency":',
    });
    await expectError(raw, 400, 'MALFORMED_JSON');
    await expectError(
      await setCadence(stranger, { ...good, partnerId: couple.dominant.id }),
      404,
      'NOT_FOUND',
    );
    await expectError(await server.client().put('/api/checkins/cadence', good), 401, 'NOT_AUTHENTICATED');
    for (const path of ['/api/checkins/cadence', '/api/checkins/history']) {
      await expectError(await server.client().get(path), 401, 'NOT_AUTHENTICATED');
    }
    await expectError(await server.client().post(`/api/checkins/${MISSING}/answer`, { mood: 'green' }), 401);
    expect(await server.rowCounts()).toEqual(before);
    expect((await cadences(stranger)).cadences).toEqual([]);
    expect((await couple.dominant.client.delete(`/api/partners/${couple.submissive.id}`)).status).toBe(200);
    const after = await server.rowCounts();
    await expectError(await setCadence(couple.dominant, good), 404, 'NOT_FOUND');
    expect((await cadences(couple.dominant)).cadences).toEqual([]);
    expect(await server.rowCounts()).toEqual(after);
  });
});
