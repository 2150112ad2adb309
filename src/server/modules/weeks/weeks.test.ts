import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKS_TEXT, type WeeksView } from '@/shared/schemas/weeks';
import { databases } from '../../test/database';
import { type Couple, createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { completeTask, createTask } from '../../test/tasks';
import { createUser, type TestUser } from '../../test/users';

const HOUR = 3_600_000;
const NUL = '\u0000';
const ZERO = { tasksOnTime: 0, tasksLate: 0, pointsEarned: 0, pointsSpent: 0, ritualsDone: 0 };

/**
 * How the weeks went (issue 24, part 6; decision 071): the last eight weeks of a pair, counted from Monday
 * in the dominant's time zone, the same for both partners and nobody else's to read.
 */
describe.each(databases())('weeks on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const weeksOf = async (who: TestUser, partnerId: string) =>
    (await expectBody(await who.client.get(`/api/weeks?partnerId=${partnerId}`), 200)) as WeeksView;
  const taskDone = async (couple: Couple, dueIn: number, doneAfter = 0) => {
    const task = await createTask(server, couple, { dueDate: server.clock.now().getTime() + dueIn });
    server.clock.advance(doneAfter);
    await completeTask(couple.submissive.client, task.id);
  };
  const award = async ({ dominant, submissive }: Couple, amount: number) =>
    expectBody(
      await dominant.client.post('/api/points/award', {
        partnerId: submissive.id,
        amount,
        reason: 'Well done',
      }),
      201,
    );
  const redeemAndDecide = async ({ dominant, submissive }: Couple, price: number, how: 'grant' | 'deny') => {
    const { reward } = (await expectBody(
      await dominant.client.post('/api/rewards', {
        partnerId: submissive.id,
        title: `Worth ${price}`,
        price,
      }),
      201,
    )) as { reward: { id: string } };
    const { redemption } = (await expectBody(
      await submissive.client.post(`/api/rewards/${reward.id}/redeem`, {}),
      201,
    )) as { redemption: { id: string } };
    await expectBody(await dominant.client.post(`/api/redemptions/${redemption.id}/${how}`, {}), 200);
  };

  it('counts each week’s tasks on time and late, points earned and spent, the same for both partners', async () => {
    const couple = await createCouple(server);
    // Two weeks before: one task on time, 5 points.
    server.clock.set(new Date('2030-02-27T10:00:00Z'));
    await taskDone(couple, 24 * HOUR);
    await award(couple, 5);
    // This week (Wednesday 13 March): one late, one on time, 30 points; a reward granted, one denied.
    server.clock.set(new Date('2030-03-13T10:00:00Z'));
    await taskDone(couple, HOUR, 2 * HOUR);
    await taskDone(couple, 24 * HOUR);
    await award(couple, 30);
    await redeemAndDecide(couple, 10, 'grant');
    await redeemAndDecide(couple, 7, 'deny');

    const seen = await weeksOf(couple.dominant, couple.submissive.id);
    expect(seen.timeZone).toBe('Europe/Berlin');
    expect(seen.weeks.map((w) => w.start)).toEqual([
      '2030-01-21',
      '2030-01-28',
      '2030-02-04',
      '2030-02-11',
      '2030-02-18',
      '2030-02-25',
      '2030-03-04',
      '2030-03-11',
    ]);
    expect(seen.weeks[5]).toEqual({ start: '2030-02-25', ...ZERO, tasksOnTime: 1, pointsEarned: 5 });
    expect(seen.weeks[6]).toEqual({ start: '2030-03-04', ...ZERO });
    expect(seen.weeks[7]).toEqual({
      start: '2030-03-11',
      tasksOnTime: 1,
      tasksLate: 1,
      pointsEarned: 30,
      pointsSpent: 10,
      ritualsDone: 0,
    });
    expect(await weeksOf(couple.submissive, couple.dominant.id)).toEqual(seen);

    // Nine weeks on, the first of those weeks has left the chart.
    server.clock.advance(9 * 7 * 24 * HOUR);
    const later = await weeksOf(couple.submissive, couple.dominant.id);
    expect(later.weeks).toHaveLength(8);
    expect(later.weeks.every((w) => w.tasksOnTime + w.tasksLate + w.pointsEarned + w.pointsSpent === 0)).toBe(
      true,
    );
  });

  it('draws the weeks in the dominant’s time zone, across a change of the clocks', async () => {
    const east = await createCouple(server, { dominantTimeZone: 'Europe/Berlin' });
    const west = await createCouple(server, { dominantTimeZone: 'America/New_York' });
    // Sunday 10 March 2030, 23:30 UTC: already Monday in Berlin, still Sunday evening in New York (whose
    // clocks went forward that morning, so its week has 167 hours).
    server.clock.set(new Date('2030-03-10T23:00:00Z'));
    for (const couple of [east, west]) {
      const task = await createTask(server, couple, { dueDate: server.clock.now().getTime() + HOUR });
      server.clock.set(new Date('2030-03-10T23:30:00Z'));
      await completeTask(couple.submissive.client, task.id);
      server.clock.set(new Date('2030-03-10T23:00:00Z'));
    }
    server.clock.set(new Date('2030-03-13T10:00:00Z'));
    const inBerlin = (await weeksOf(east.submissive, east.dominant.id)).weeks;
    const inNewYork = await weeksOf(west.submissive, west.dominant.id);
    expect(inNewYork.timeZone).toBe('America/New_York');
    expect(inBerlin.slice(-2).map((w) => w.tasksOnTime)).toEqual([0, 1]);
    expect(inNewYork.weeks.slice(-2)).toEqual([
      { start: '2030-03-04', ...ZERO, tasksOnTime: 1 },
      { start: '2030-03-11', ...ZERO },
    ]);
  });

  it('counts the ritual days kept (done or partly done) in the week of the day marked for', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const markDay = async (id: string, date: string, mark: string) =>
      expectBody(await submissive.client.put(`/api/rituals/${id}/days/${date}`, { mark }), 200);
    server.clock.set(new Date('2030-03-06T10:00:00Z')); // Wednesday
    const { ritual } = (await expectBody(
      await dominant.client.post('/api/rituals', {
        partnerId: submissive.id,
        name: 'Stretch',
        days: [1, 2, 3, 4, 5, 6, 7],
        time: '07:00',
      }),
      201,
    )) as { ritual: { id: string } };
    await markDay(ritual.id, '2030-03-06', 'done');
    server.clock.set(new Date('2030-03-08T10:00:00Z'));
    await markDay(ritual.id, '2030-03-07', 'partly');
    await markDay(ritual.id, '2030-03-08', 'skipped');
    // Tuesday of the next week: Sunday marked late still counts in its own week.
    server.clock.set(new Date('2030-03-12T10:00:00Z'));
    await markDay(ritual.id, '2030-03-10', 'done');
    await markDay(ritual.id, '2030-03-11', 'excused');
    await markDay(ritual.id, '2030-03-12', 'done');
    // A retired ritual's days were kept all the same.
    expect((await dominant.client.delete(`/api/rituals/${ritual.id}`)).status).toBe(200);
    const seen = (await weeksOf(submissive, dominant.id)).weeks;
    expect(seen.slice(-3)).toEqual([
      { start: '2030-02-25', ...ZERO },
      { start: '2030-03-04', ...ZERO, ritualsDone: 3 },
      { start: '2030-03-11', ...ZERO, ritualsDone: 1 },
    ]);
  });

  it('answers a stranger, a former partner and no session with nothing, and refuses bad input', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    const stranger = await createUser(server, { role: 'dominant' });
    await expectError(await stranger.client.get(`/api/weeks?partnerId=${submissive.id}`), 404, 'NOT_FOUND');
    await expectError(
      await server.client().get(`/api/weeks?partnerId=${submissive.id}`),
      401,
      'NOT_AUTHENTICATED',
    );
    for (const query of [
      '',
      '?partnerId=',
      '?partnerId=not-a-uuid',
      `?partnerId=${'a'.repeat(5000)}`,
      `?partnerId=${encodeURIComponent(`${submissive.id}${NUL}`)}`,
    ]) {
      await expectError(
        await dominant.client.get(`/api/weeks${query}`),
        400,
        'VALIDATION_ERROR',
        WEEKS_TEXT.partnerRequired,
      );
    }
    // Oneself is no partner.
    await expectError(await dominant.client.get(`/api/weeks?partnerId=${dominant.id}`), 404, 'NOT_FOUND');
    expect((await dominant.client.delete(`/api/partners/${submissive.id}`)).status).toBe(200);
    await expectError(await submissive.client.get(`/api/weeks?partnerId=${dominant.id}`), 404, 'NOT_FOUND');
    await expectError(await dominant.client.get(`/api/weeks?partnerId=${submissive.id}`), 404, 'NOT_FOUND');
  });
});
