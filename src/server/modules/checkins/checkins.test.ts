import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTimeOfDay } from '@/shared/domain/schedule';
import { CHECKIN_TEXT, type CheckinsView } from '@/shared/schemas/checkins';
import { STOP_TEXT } from '@/shared/schemas/stops';
import { jsonInit } from '../../test/client';
import { editText, openContract } from '../../test/contracts';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { connect, createCouple } from '../../test/partners';
import { createPunishment } from '../../test/punishments';
import { PUSH_TEST_SERVER, pushesSettled, registerDevice } from '../../test/push';
import { type PushPeer, pushMessageOf, startPushPeer } from '../../test/push-peer';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { completeTask, createTask, taskBody } from '../../test/tasks';
import { createUser, signIn, type TestUser } from '../../test/users';

const NUL = '\u0000';
const MISSING = '3f0c7a8e-0000-4000-8000-000000000000';

const checkinsOf = async (who: TestUser): Promise<CheckinsView> =>
  expectBody(await who.client.get('/api/checkins'), 200);
const ask = (who: TestUser, body: unknown = {}) => who.client.post('/api/checkins', body);
const answer = (who: TestUser, id: string, body: unknown = { mood: 'green' }) =>
  who.client.post(`/api/checkins/${id}/answer`, body);
const asked = async (response: Promise<Response>): Promise<CheckinsView> => expectBody(await response, 200);

/**
 * Yellow (decision 049): either partner asks the other to check in; the other is told at once by a safety
 * push; new assignments wait (409 PAIR_CHECKING_IN) until the other answers, which only they can.
 */
describe.each(databases())('Yellow on %s', (kind) => {
  let server: TestServer;
  let peer: PushPeer;
  beforeAll(async () => {
    peer = await startPushPeer();
    server = await startTestServer({ db: kind, requireEmailVerification: false, ...PUSH_TEST_SERVER });
  });
  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  it('either partner asks; the other is told without a reason; asking twice is one ask', async () => {
    const { dominant, submissive, pairId } = await createCouple(server);
    const mine = await asked(ask(dominant));
    expect(mine.checkins).toEqual([
      {
        id: expect.any(String),
        pairId,
        partnerId: submissive.id,
        kind: 'yellow',
        askedByMe: true,
        forMe: false,
        askedAt: expect.any(Number),
      },
    ]);
    await asked(ask(dominant));
    expect((await checkinsOf(submissive)).checkins).toEqual([
      expect.objectContaining({ pairId, partnerId: dominant.id, askedByMe: false, forMe: true }),
    ]);
    const told = (await notificationsOf(submissive)).filter((n) => n.type === 'checkin_asked');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Yellow', message: 'Your partner asks you to check in' });
    expect(told[0]?.data).toEqual({ pairId, checkinId: mine.checkins[0]?.id });

    // The submissive can ask too.
    await asked(ask(submissive));
    expect((await checkinsOf(dominant)).checkins).toHaveLength(2);
  });

  it('while a check-in is open nothing new is asked of the submissive; completing still works; answered, it is', async () => {
    const couple = await createCouple(server);
    const task = await createTask(server, couple);
    const punishment = await createPunishment(couple, { timerEnabled: true, timerDuration: 5 });
    const { contract } = await openContract(couple);
    const { checkins } = await asked(ask(couple.submissive));
    const before = await server.rowCounts();
    await expectError(
      await couple.dominant.client.post('/api/tasks', taskBody(server, couple.submissive.id)),
      409,
      'PAIR_CHECKING_IN',
      CHECKIN_TEXT.checkingIn,
    );
    await expectError(
      await couple.dominant.client.put(`/api/tasks/${task.id}`, {
        ...taskBody(server, couple.submissive.id),
        title: 'Changed',
      }),
      409,
      'PAIR_CHECKING_IN',
    );
    await expectError(
      await couple.dominant.client.post('/api/punishments', {
        title: 'Lines',
        assignedTo: couple.submissive.id,
      }),
      409,
      'PAIR_CHECKING_IN',
    );
    await expectError(
      await couple.submissive.client.post(`/api/punishments/${punishment.id}/timer`, {}),
      409,
      'PAIR_CHECKING_IN',
    );
    await expectError(await editText(couple.dominant.client, contract, 'New rules'), 409, 'PAIR_CHECKING_IN');
    expect(await server.rowCounts()).toEqual(before);
    await completeTask(couple.submissive.client, task.id);

    expect((await asked(answer(couple.dominant, checkins[0]!.id))).checkins).toEqual([]);
    expect((await checkinsOf(couple.submissive)).checkins).toEqual([]);
    await createTask(server, couple, { title: 'After' });
    await createPunishment(couple);
  });

  it('Red holds over Yellow: with both open the refusal is Red’s', async () => {
    const couple = await createCouple(server);
    await asked(ask(couple.dominant));
    expect((await couple.submissive.client.post('/api/stops', {})).status).toBe(200);
    await expectError(
      await couple.dominant.client.post('/api/tasks', taskBody(server, couple.submissive.id)),
      409,
      'PAIR_STOPPED',
      STOP_TEXT.stopped,
    );
    expect((await couple.submissive.client.post('/api/stops/lift', {})).status).toBe(200);
  });

  it('only the partner who was asked answers: not the asker, a stranger or a former partner', async () => {
    const couple = await createCouple(server);
    const stranger = await createUser(server, { role: 'dominant' });
    const { checkins } = await asked(ask(couple.submissive));
    const id = checkins[0]!.id;
    const before = await server.rowCounts();
    await expectError(await answer(couple.submissive, id), 403, 'FORBIDDEN', CHECKIN_TEXT.ownAsk);
    await expectError(await answer(stranger, id), 404, 'NOT_FOUND', CHECKIN_TEXT.notFound);
    await expectError(await answer(couple.dominant, MISSING), 404, 'NOT_FOUND', CHECKIN_TEXT.notFound);
    await expectError(await ask(stranger, { partnerId: couple.submissive.id }), 404, 'NOT_FOUND');
    expect((await checkinsOf(stranger)).checkins).toEqual([]);
    expect(await server.rowCounts()).toEqual(before);

    // Answered twice is answered once.
    await asked(answer(couple.dominant, id));
    await asked(answer(couple.dominant, id));

    // After the couple ends, neither can ask or answer in it.
    const again = await asked(ask(couple.dominant));
    expect((await couple.dominant.client.delete(`/api/partners/${couple.submissive.id}`)).status).toBe(200);
    const after = await server.rowCounts();
    await expectError(await answer(couple.submissive, again.checkins[0]!.id), 404, 'NOT_FOUND');
    await expectError(await ask(couple.submissive, { partnerId: couple.dominant.id }), 404, 'NOT_FOUND');
    expect((await checkinsOf(couple.submissive)).checkins).toEqual([]);
    expect(await server.rowCounts()).toEqual(after);
  });

  it('a Switch who has not chosen a role can ask; one partner can be named', async () => {
    const sw = await createUser(server, { role: 'switch', actAs: 'submissive' });
    const [first, second] = await Promise.all([
      createUser(server, { role: 'dominant' }),
      createUser(server, { role: 'dominant' }),
    ]);
    await connect(first, sw);
    await connect(second, sw);
    const undecided = await signIn(server, sw);
    const response = await undecided.post('/api/checkins', { partnerId: second.id });
    expect(response.status).toBe(200);
    expect((await checkinsOf(second)).checkins).toHaveLength(1);
    expect((await checkinsOf(first)).checkins).toEqual([]);
  });

  it('the ask reaches the partner’s phone at once, through their quiet hours, in its own words', async () => {
    const couple = await createCouple(server);
    await pushesSettled(server);
    const sub = peer.subscription();
    await registerDevice(couple.submissive, sub);
    const minutes = Math.floor(localTimeOfDay(server.clock.now().getTime(), 'UTC') / 60_000);
    const at = (m: number) => {
      const x = (m + 1440) % 1440;
      return `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
    };
    const quietHours = { start: at(minutes - 60), end: at(minutes + 60), timeZone: 'UTC' };
    await expectBody(
      await couple.submissive.api.push.preferences.$put({ json: { showDetails: false, quietHours } }),
      200,
    );
    await asked(ask(couple.dominant));
    await pushesSettled(server);
    const pushes = peer.pushesTo(sub);
    expect(pushes).toHaveLength(1);
    expect(pushMessageOf(sub, pushes[0]!)).toMatchObject({
      title: 'Yellow',
      body: 'Your partner asks you to check in',
    });
    expect(pushes[0]?.headers.urgency).toBe('high');
  });

  it('answers 401 to someone signed out, on every route', async () => {
    const anonymous = server.client();
    for (const response of [
      await anonymous.get('/api/checkins'),
      await anonymous.post('/api/checkins', {}),
      await anonymous.post(`/api/checkins/${MISSING}/answer`, {}),
    ]) {
      await expectError(response, 401, 'NOT_AUTHENTICATED');
    }
  });

  it('refuses bad input with 400 and a clear message, and changes nothing', async () => {
    const { dominant } = await createCouple(server);
    const before = await server.rowCounts();
    for (const body of [
      { partnerId: 42 },
      { partnerId: 'not-an-id' },
      { partnerId: 'a'.repeat(5000) },
      { partnerId: `3f0c7a8e-0000-4000-8000-00000000000${NUL}` },
      { partnerId: null },
      { other: true },
      [],
    ]) {
      const refused = await expectError(await ask(dominant, body), 400);
      expect(refused.error.message.length).toBeGreaterThan(0);
    }
    const raw = await dominant.client.fetch('/api/checkins', {
      ...jsonInit('POST', undefined),
      body: '{"partnerId":',
    });
    await expectError(raw, 400, 'MALFORMED_JSON');
    for (const id of ['not-an-id', 'a'.repeat(5000), `${MISSING.slice(0, 35)}${encodeURIComponent(NUL)}`]) {
      const refused = await expectError(await answer(dominant, id), 400);
      expect(refused.error.message.length).toBeGreaterThan(0);
    }
    expect(await server.rowCounts()).toEqual(before);
    expect((await checkinsOf(dominant)).checkins).toEqual([]);
  });
});

describe('asking for check-ins, at the production limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ requireEmailVerification: false, rateLimitScale: 1 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is limited to 10 an hour so that it cannot wake the partner all night; Red never is', async () => {
    const { dominant, submissive } = await createCouple(server);
    for (let i = 0; i < 10; i++) {
      const { checkins } = await asked(ask(submissive));
      await asked(answer(dominant, checkins[0]!.id));
    }
    await expectError(await ask(submissive), 429, 'RATE_LIMITED');
    expect((await submissive.client.post('/api/stops', {})).status).toBe(200);
  });
});
