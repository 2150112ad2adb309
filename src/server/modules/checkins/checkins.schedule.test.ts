import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCREET_BODY, DISCREET_TITLE } from '@/shared/domain/push';
import { localTimeOfDay } from '@/shared/domain/schedule';
import { CHECKIN_TEXT, type CheckinHistoryView, type CheckinsView } from '@/shared/schemas/checkins';
import { pairCheckinCadences, pairCheckins } from '../../db/schema';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { type Couple, createCouple } from '../../test/partners';
import { PUSH_TEST_SERVER, pushesSettled, registerDevice } from '../../test/push';
import { type PushPeer, pushMessageOf, startPushPeer } from '../../test/push-peer';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, TestClock, type TestServer } from '../../test/server';
import { createTask } from '../../test/tasks';
import type { TestUser } from '../../test/users';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const open = async (who: TestUser): Promise<CheckinsView> =>
  expectBody(await who.client.get('/api/checkins'), 200);
const hhmm = (ms: number) => {
  const minutes = Math.floor(ms / MINUTE);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/**
 * The scheduled check-ins (decision 052): the job opens one for both partners at the cadence's time in
 * the setter's zone, once per slot across runs, with an ordinary (discreet, quiet-hours) push each;
 * nothing while Red holds the pair, nothing for a pair that ended; an unanswered one closes when the next
 * opens, leaving nothing behind.
 */
describe.each(databases())('scheduled check-ins on %s', (kind) => {
  let server: TestServer;
  let peer: PushPeer;
  const clock = new TestClock();

  beforeAll(async () => {
    peer = await startPushPeer();
    server = await startTestServer({ db: kind, clock, requireEmailVerification: false, ...PUSH_TEST_SERVER });
  });

  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  /** A daily cadence ten minutes from now (UTC), set by the submissive; answers when it is due. */
  async function daily(couple: Couple) {
    const at = Math.floor(clock.now().getTime() / MINUTE) * MINUTE + 10 * MINUTE;
    const time = hhmm(localTimeOfDay(at, 'UTC'));
    const put = await couple.submissive.client.put('/api/checkins/cadence', {
      partnerId: couple.dominant.id,
      frequency: 'daily',
      time,
      timeZone: 'UTC',
    });
    expect(put.status).toBe(200);
    return at;
  }

  /** The job's run for the minute the clock is in. */
  const run = () => server.services.openCheckins();

  const scheduledOf = async (who: TestUser) =>
    (await open(who)).checkins.filter((c) => c.kind === 'scheduled' && c.forMe);

  it('opens once per slot, for both partners, told by a discreet push each that waits out quiet hours', async () => {
    const couple = await createCouple(server);
    await pushesSettled(server);
    const devices = { dominant: peer.subscription(), submissive: peer.subscription() };
    await registerDevice(couple.dominant, devices.dominant);
    await registerDevice(couple.submissive, devices.submissive);
    const now = clock.now().getTime();
    const quiet = {
      start: hhmm(localTimeOfDay(now - 60 * MINUTE, 'UTC')),
      end: hhmm(localTimeOfDay(now + 120 * MINUTE, 'UTC')),
      timeZone: 'UTC',
    };
    await expectBody(
      await couple.submissive.api.push.preferences.$put({ json: { showDetails: false, quietHours: quiet } }),
      200,
    );
    const at = await daily(couple);
    clock.set(new Date(at - MINUTE));
    await run();
    expect(await scheduledOf(couple.dominant)).toEqual([]);
    clock.set(new Date(at + 1000));
    expect(await run()).toBeGreaterThanOrEqual(2);
    // A second run in the same minute, and the next minute's, open nothing more.
    expect(await run()).toBe(0);
    clock.advance(MINUTE);
    await run();
    for (const who of [couple.dominant, couple.submissive]) {
      expect(await scheduledOf(who)).toEqual([
        expect.objectContaining({ pairId: couple.pairId, kind: 'scheduled', forMe: true, askedByMe: false }),
      ]);
      const told = (await notificationsOf(who)).filter((n) => n.type === 'checkin_scheduled');
      expect(told).toHaveLength(1);
    }
    // A scheduled check-in holds nothing: assigning still works.
    await createTask(server, couple, { title: 'While a scheduled check-in is open' });
    await pushesSettled(server);
    const toDominant = peer.pushesTo(devices.dominant).map((p) => pushMessageOf(devices.dominant, p));
    expect(
      toDominant.filter((m) => m.body === DISCREET_BODY && m.title === DISCREET_TITLE).length,
    ).toBeGreaterThanOrEqual(1);
    // The submissive is in quiet hours: counted for the summary, not pushed.
    expect(peer.pushesTo(devices.submissive)).toEqual([]);
  });

  it('each partner answers their own; the partner’s is not theirs; an unanswered one closes when the next opens', async () => {
    const couple = await createCouple(server);
    const at = await daily(couple);
    clock.set(new Date(at + 1000));
    await run();
    const [dominants] = await scheduledOf(couple.dominant);
    const [submissives] = await scheduledOf(couple.submissive);
    await expectError(
      await couple.dominant.client.post(`/api/checkins/${submissives!.id}/answer`, { mood: 'green' }),
      403,
      'FORBIDDEN',
      CHECKIN_TEXT.partners,
    );
    await expectBody(
      await couple.dominant.client.post(`/api/checkins/${dominants!.id}/answer`, {
        mood: 'green',
        note: 'ok',
      }),
      200,
    );
    // The next day: the submissive's unanswered one is replaced, nothing of it kept.
    clock.set(new Date(at + DAY + 1000));
    await run();
    const next = await scheduledOf(couple.submissive);
    expect(next).toHaveLength(1);
    expect(next[0]?.id).not.toBe(submissives!.id);
    const rows = await server.database.db
      .select({ id: pairCheckins.id })
      .from(pairCheckins)
      .where(eq(pairCheckins.id, submissives!.id));
    expect(rows).toEqual([]);
    const history: CheckinHistoryView = await expectBody(
      await couple.submissive.client.get('/api/checkins/history'),
      200,
    );
    expect(history.entries.map((e) => [e.kind, e.answeredByMe, e.mood, e.note])).toEqual([
      ['scheduled', false, 'green', 'ok'],
    ]);
  });

  it('opens nothing while Red holds the pair, and nothing for a pair that ended', async () => {
    const stopped = await createCouple(server);
    const ended = await createCouple(server);
    const at = await daily(stopped);
    await daily(ended);
    expect((await stopped.dominant.client.post('/api/stops', {})).status).toBe(200);
    expect((await ended.dominant.client.delete(`/api/partners/${ended.submissive.id}`)).status).toBe(200);
    clock.set(new Date(at + 1000));
    await run();
    expect(await scheduledOf(stopped.submissive)).toEqual([]);
    expect((await notificationsOf(stopped.submissive)).filter((n) => n.type === 'checkin_scheduled')).toEqual(
      [],
    );
    expect((await notificationsOf(ended.submissive)).filter((n) => n.type === 'checkin_scheduled')).toEqual(
      [],
    );
    const endedRows = await server.database.db
      .select()
      .from(pairCheckins)
      .where(eq(pairCheckins.pairId, ended.pairId));
    expect(endedRows).toEqual([]);
    const [cadence] = await server.database.db
      .select({ nextAt: pairCheckinCadences.nextAt })
      .from(pairCheckinCadences)
      .where(eq(pairCheckinCadences.pairId, ended.pairId));
    // An ended pair's cadence is stopped (or went with the pair).
    expect(cadence?.nextAt ?? null).toBeNull();
    // Lifted, the next day's opens as usual.
    expect((await stopped.dominant.client.post('/api/stops/lift', {})).status).toBe(200);
    clock.set(new Date(at + DAY + 1000));
    await run();
    expect(await scheduledOf(stopped.submissive)).toHaveLength(1);
  });
});
