import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOP_TEXT, type StopsView } from '@/shared/schemas/stops';
import type { AppError } from '../../http/errors';
import { jsonInit } from '../../test/client';
import { contractOf, editText, openContract, sign, signBoth } from '../../test/contracts';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { connect, createCouple } from '../../test/partners';
import { createPunishment, findPunishment } from '../../test/punishments';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { completeTask, createTask, taskBody } from '../../test/tasks';
import { createUser, signIn, type TestUser } from '../../test/users';
import { assertNotStopped } from '../pairs/pairs.stops';

const NUL = '\u0000';

const stopsOf = async (who: TestUser): Promise<StopsView> =>
  expectBody(await who.client.get('/api/stops'), 200);
const callRed = (who: TestUser, body: unknown = {}) => who.client.post('/api/stops', body);
const lift = (who: TestUser, body: unknown = {}) => who.client.post('/api/stops/lift', body);
/** A 200 answer of calling or lifting Red: the open stops. */
const stops = async (response: Promise<Response>): Promise<StopsView> => expectBody(await response, 200);

describe.each(databases())('Red on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Whether the pair refuses what asks something of the submissive: the one guard every write calls. */
  const isStopped = (pairId: string) =>
    server.database.db.transaction(async (tx) => {
      try {
        await assertNotStopped(tx, pairId);
        return false;
      } catch (error) {
        expect((error as AppError).code).toBe('PAIR_STOPPED');
        expect((error as AppError).message).toBe(STOP_TEXT.stopped);
        expect((error as AppError).status).toBe(409);
        return true;
      }
    });

  it('the submissive calls Red: both see the stop, the dominant is told at once without a reason', async () => {
    const { dominant, submissive, pairId } = await createCouple(server);
    const answer = await stops(callRed(submissive));
    expect(answer.stops).toEqual([
      {
        id: expect.any(String),
        pairId,
        partnerId: dominant.id,
        calledByMe: true,
        calledAt: expect.any(Number),
        stoppedSince: expect.any(Number),
      },
    ]);
    expect((await stopsOf(dominant)).stops).toEqual([
      expect.objectContaining({ pairId, partnerId: submissive.id, calledByMe: false }),
    ]);
    expect(await isStopped(pairId)).toBe(true);
    const [told] = await notificationsOf(dominant);
    expect(told).toMatchObject({ type: 'red_called', title: 'Red', message: 'Your partner has called Red' });
    expect(told?.data).toEqual({ pairId });
  });

  it('the dominant can call Red too; calling it twice is one stop and one notification', async () => {
    const { dominant, submissive, pairId } = await createCouple(server);
    await stops(callRed(dominant));
    await stops(callRed(dominant));
    expect((await stopsOf(submissive)).stops).toHaveLength(1);
    expect((await notificationsOf(submissive)).filter((n) => n.type === 'red_called')).toHaveLength(1);
    expect(await isStopped(pairId)).toBe(true);
  });

  it('a Switch who has not chosen a role for the session can still call Red', async () => {
    const sw = await createUser(server, { role: 'switch', actAs: 'submissive' });
    const dominant = await createUser(server, { role: 'dominant' });
    await connect(dominant, sw);
    // A new session, no role chosen yet: everything else waits for the choice, Red does not.
    const undecided = await signIn(server, sw);
    expect((await undecided.post('/api/stops', {})).status).toBe(200);
    expect((await stopsOf(dominant)).stops.map((s) => s.partnerId)).toEqual([sw.id]);
  });

  it('only the caller lifts Red: the partner is refused and the pair stays stopped', async () => {
    const { dominant, submissive, pairId } = await createCouple(server);
    await stops(callRed(submissive));
    await expectError(await lift(dominant), 404, 'NOT_FOUND', STOP_TEXT.notYours);
    await expectError(
      await lift(dominant, { partnerId: submissive.id }),
      404,
      'NOT_FOUND',
      STOP_TEXT.notYours,
    );
    expect(await isStopped(pairId)).toBe(true);
    expect((await stopsOf(submissive)).stops).toHaveLength(1);

    expect((await stops(lift(submissive))).stops).toEqual([]);
    expect(await isStopped(pairId)).toBe(false);
    expect((await stopsOf(dominant)).stops).toEqual([]);
    // Told of the lift, and asked for aftercare with the submissive (decision 054).
    const bell = await notificationsOf(dominant);
    expect(bell.filter((n) => n.type === 'aftercare_asked')).toHaveLength(1);
    const told = bell.find((n) => n.type === 'red_lifted');
    expect(told).toMatchObject({
      type: 'red_lifted',
      message: 'Your partner has lifted Red',
      data: { pairId },
    });
  });

  it('when both called Red, the pair stays stopped until each has lifted their own', async () => {
    const { dominant, submissive, pairId } = await createCouple(server);
    await stops(callRed(submissive));
    await stops(callRed(dominant));
    expect((await stopsOf(dominant)).stops).toHaveLength(2);
    await stops(lift(dominant));
    expect(await isStopped(pairId)).toBe(true);
    await stops(lift(submissive));
    expect(await isStopped(pairId)).toBe(false);
  });

  it("lists the pair's clock: stopped since the first open stop, while the other's stop outlasts it", async () => {
    const { dominant, submissive } = await createCouple(server);
    const first = (await stops(callRed(submissive))).stops[0]!;
    expect(first.stoppedSince).toBe(first.calledAt);
    await stops(callRed(dominant));
    await stops(lift(submissive));
    // The dominant's Red is still open: the pair has been stopped, without a break, since the first call.
    const [left] = (await stopsOf(submissive)).stops;
    expect(left).toMatchObject({ calledByMe: false, stoppedSince: first.calledAt });
    expect(left!.calledAt).toBeGreaterThanOrEqual(first.calledAt);
    await stops(lift(dominant));
  });

  it('covers every pair of the caller unless one partner is named', async () => {
    const sub = await createUser(server, { role: 'submissive' });
    const [first, second] = await Promise.all([
      createUser(server, { role: 'dominant' }),
      createUser(server, { role: 'dominant' }),
    ]);
    await connect(first, sub);
    await connect(second, sub);

    const one = await stops(callRed(sub, { partnerId: second.id }));
    expect(one.stops.map((s) => s.partnerId)).toEqual([second.id]);
    expect((await stopsOf(first)).stops).toEqual([]);
    await stops(lift(sub, { partnerId: second.id }));

    const all = await stops(callRed(sub));
    expect(all.stops.map((s) => s.partnerId).sort()).toEqual([first.id, second.id].sort());
    // Lifting one leaves the other.
    const left = await stops(lift(sub, { partnerId: first.id }));
    expect(left.stops.map((s) => s.partnerId)).toEqual([second.id]);
  });

  it('a stranger can neither stop nor see a couple, and naming a stranger changes nothing', async () => {
    const { dominant, submissive, pairId } = await createCouple(server);
    const stranger = await createUser(server, { role: 'dominant' });
    const before = await server.rowCounts();
    await expectError(
      await callRed(stranger, { partnerId: submissive.id }),
      404,
      'NOT_FOUND',
      STOP_TEXT.noPartner,
    );
    await expectError(
      await callRed(dominant, { partnerId: stranger.id }),
      404,
      'NOT_FOUND',
      STOP_TEXT.noPartner,
    );
    await expectError(await lift(stranger, { partnerId: dominant.id }), 404);
    // With no partner at all, Red stops nothing and says so by its empty list.
    expect((await stops(callRed(stranger))).stops).toEqual([]);
    expect(await server.rowCounts()).toEqual(before);
    expect(await isStopped(pairId)).toBe(false);
    expect((await stopsOf(stranger)).stops).toEqual([]);
  });

  it('a former partner cannot stop the ended pair, and a stop of an ended pair is no longer listed', async () => {
    const { dominant, submissive } = await createCouple(server);
    await stops(callRed(submissive));
    expect((await dominant.client.delete(`/api/partners/${submissive.id}`)).status).toBe(200);
    expect((await stopsOf(submissive)).stops).toEqual([]);
    expect((await stopsOf(dominant)).stops).toEqual([]);
    const before = await server.rowCounts();
    await expectError(await callRed(dominant, { partnerId: submissive.id }), 404, 'NOT_FOUND');
    await expectError(await lift(submissive, { partnerId: dominant.id }), 404, 'NOT_FOUND');
    expect(await server.rowCounts()).toEqual(before);
  });

  it('while stopped, the contract cannot be edited, signed or opened for editing; a request can still be denied', async () => {
    const couple = await createCouple(server);
    const { contract } = await openContract(couple);
    const signed = await signBoth(couple, contract);
    await expectBody(
      await couple.submissive.client.post(`/api/contracts/${signed.id}/edit-request`, {}),
      200,
    );
    await stops(callRed(couple.submissive));
    const before = await server.rowCounts();
    await expectError(
      await editText(couple.dominant.client, signed, 'New rules'),
      409,
      'PAIR_STOPPED',
      STOP_TEXT.stopped,
    );
    await expectError(
      await couple.dominant.client.post(`/api/contracts/${signed.id}/edit-request/approve`, {}),
      409,
      'PAIR_STOPPED',
    );
    expect(await server.rowCounts()).toEqual(before);
    // Saying no always works.
    await expectBody(
      await couple.dominant.client.post(`/api/contracts/${signed.id}/edit-request/deny`, {}),
      200,
    );

    await stops(lift(couple.submissive));
    await expectBody(
      await couple.submissive.client.post(`/api/contracts/${signed.id}/edit-request`, {}),
      200,
    );
    const open = await contractOf(
      await couple.dominant.client.post(`/api/contracts/${signed.id}/edit-request/approve`, {}),
    );
    await stops(callRed(couple.dominant));
    await expectError(await sign(couple.submissive.client, open), 409, 'PAIR_STOPPED');
    await expectError(await editText(couple.submissive.client, open, 'Ours'), 409, 'PAIR_STOPPED');
    await stops(lift(couple.dominant));
    await contractOf(await editText(couple.submissive.client, open, 'Ours'));
  });

  it('while stopped, no task or punishment is assigned and no task changed; completing still works', async () => {
    const couple = await createCouple(server);
    const task = await createTask(server, couple);
    await stops(callRed(couple.submissive));
    const before = await server.rowCounts();
    await expectError(
      await couple.dominant.client.post('/api/tasks', taskBody(server, couple.submissive.id)),
      409,
      'PAIR_STOPPED',
      STOP_TEXT.stopped,
    );
    await expectError(
      await couple.dominant.client.put(`/api/tasks/${task.id}`, {
        ...taskBody(server, couple.submissive.id),
        title: 'Changed',
      }),
      409,
      'PAIR_STOPPED',
    );
    await expectError(
      await couple.dominant.client.post('/api/punishments', {
        title: 'Lines',
        assignedTo: couple.submissive.id,
      }),
      409,
      'PAIR_STOPPED',
    );
    expect(await server.rowCounts()).toEqual(before);
    // What the submissive chooses to finish is never refused.
    await completeTask(couple.submissive.client, task.id);

    await stops(lift(couple.submissive));
    await createTask(server, couple, { title: 'After' });
    await createPunishment(couple);
  });

  it('while stopped, a punishment’s timer does not start; after Red is lifted it does', async () => {
    const couple = await createCouple(server);
    const punishment = await createPunishment(couple, { timerEnabled: true, timerDuration: 5 });
    await stops(callRed(couple.submissive));
    await expectError(
      await couple.submissive.client.post(`/api/punishments/${punishment.id}/timer`, {}),
      409,
      'PAIR_STOPPED',
    );
    expect((await findPunishment(couple.submissive, punishment.id))?.timerStartTime ?? null).toBeNull();
    await stops(lift(couple.submissive));
    await expectBody(await couple.submissive.client.post(`/api/punishments/${punishment.id}/timer`, {}), 200);
  });

  it('answers 401 to someone signed out, on every route', async () => {
    const anonymous = server.client();
    for (const response of [
      await anonymous.get('/api/stops'),
      await anonymous.post('/api/stops', {}),
      await anonymous.post('/api/stops/lift', {}),
    ]) {
      await expectError(response, 401, 'NOT_AUTHENTICATED');
    }
  });

  it('refuses bad input with 400 and a clear message, and changes nothing', async () => {
    const { dominant, pairId } = await createCouple(server);
    const before = await server.rowCounts();
    const raw = (path: string, body: string) =>
      dominant.client.fetch(path, { ...jsonInit('POST', undefined), body });
    for (const path of ['/api/stops', '/api/stops/lift']) {
      for (const body of [
        { partnerId: 42 },
        { partnerId: 'not-an-id' },
        { partnerId: `${'a'.repeat(5000)}` },
        { partnerId: `3f0c7a8e-0000-4000-8000-00000000000${NUL}` },
        { partnerId: null },
        { other: true },
        [],
      ]) {
        const answer = await expectError(await dominant.client.post(path, body), 400);
        expect(answer.error.message.length).toBeGreaterThan(0);
      }
      await expectError(await raw(path, '{"partnerId":'), 400, 'MALFORMED_JSON');
    }
    expect(await server.rowCounts()).toEqual(before);
    expect(await isStopped(pairId)).toBe(false);
  });
});

describe('lifting Red, at the production limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ requireEmailVerification: false, rateLimitScale: 1 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is limited to 10 an hour so that it cannot wake the partner all night; calling Red never is', async () => {
    const { submissive, pairId } = await createCouple(server);
    for (let i = 0; i < 10; i++) {
      await stops(callRed(submissive));
      await stops(lift(submissive));
    }
    await stops(callRed(submissive));
    await expectError(await lift(submissive), 429, 'RATE_LIMITED');
    // The refused lift leaves the pair stopped: the safe side.
    expect((await stopsOf(submissive)).stops.map((s) => s.pairId)).toEqual([pairId]);
    for (let i = 0; i < 3; i++) await stops(callRed(submissive));
  });
});
