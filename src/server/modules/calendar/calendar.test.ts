import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_TEXT, type CalendarView } from '@/shared/schemas/calendar';
import { databases } from '../../test/database';
import { createCouple } from '../../test/partners';
import { createPunishment } from '../../test/punishments';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createTask } from '../../test/tasks';
import { createUser, type TestUser } from '../../test/users';
import { DAILY, ritualSet } from '../rituals/rituals.fixtures';

/**
 * The calendar (issue 26 part 4; decision 086): a pair's tasks due, ritual days and punishment timers over
 * at most 42 days, the same for both partners, each moment on its day in the viewer's time zone; nothing
 * for anyone else.
 */
describe.each(databases())('the calendar on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const at = (iso: string) => server.clock.set(new Date(iso));
  const calendarOf = async (who: TestUser, query: string) =>
    (await expectBody(await who.client.get(`/api/calendar?${query}`), 200)) as CalendarView;
  const WEEK = 'from=2030-03-11&to=2030-03-17';

  it('shows both partners the tasks due, the ritual days and the timers, each on its day', async () => {
    // The dominant reads in Berlin, the submissive in UTC; Monday 11 March 2030, 09:00 UTC.
    const couple = await createCouple(server);
    const { dominant, submissive, pairId } = couple;
    at('2030-03-11T09:00:00Z');
    const late = await createTask(server, couple, {
      title: 'Late letter',
      dueDate: Date.parse('2030-03-13T23:30:00Z'), // Thursday in Berlin, still Wednesday in UTC
    });
    const weekly = await createTask(server, couple, {
      title: 'Water the plants',
      dueDate: Date.parse('2030-03-12T10:00:00Z'),
      repeatConfig: { frequency: 'weekly' },
    });
    await createTask(server, couple, { title: 'Next month', dueDate: Date.parse('2030-04-20T10:00:00Z') });
    const ritual = await ritualSet(couple, { name: 'Morning tea', days: [1, 3], time: '07:30' });
    const timed = await createPunishment(couple, {
      title: 'Corner time',
      timerEnabled: true,
      timerDuration: 30,
    });
    await createPunishment(couple, { title: 'No timer started', timerEnabled: true, timerDuration: 10 });
    expect((await submissive.client.post(`/api/punishments/${timed.id}/timer`)).status).toBe(200);
    await expectBody(
      await submissive.client.put(`/api/rituals/${ritual.id}/days/2030-03-11`, { mark: 'done' }),
      200,
    );

    const mine = await calendarOf(dominant, `${WEEK}&partnerId=${submissive.id}`);
    expect(mine).toMatchObject({ pairId, from: '2030-03-11', to: '2030-03-17', timeZone: 'Europe/Berlin' });
    expect(mine.today).toBe('2030-03-11');
    expect(mine.items.map((i) => [i.kind, i.date, i.title])).toEqual([
      ['ritual', '2030-03-11', 'Morning tea'],
      ['punishment', '2030-03-11', 'Corner time'],
      ['task', '2030-03-12', 'Water the plants'],
      ['ritual', '2030-03-13', 'Morning tea'],
      ['task', '2030-03-14', 'Late letter'],
    ]);
    expect(mine.items[0]).toMatchObject({ id: ritual.id, mark: 'done', time: '07:30' });
    expect(mine.items[1]).toMatchObject({
      id: timed.id,
      status: 'running',
      at: Date.parse('2030-03-11T09:00:00Z'),
      endsAt: Date.parse('2030-03-11T09:30:00Z'),
    });
    expect(mine.items[2]).toMatchObject({ id: weekly.id, status: 'pending', repeats: true });
    expect(mine.items[4]).toMatchObject({ id: late.id, status: 'pending', repeats: false });

    // The partner reads the same items, the moments counted in their own zone (UTC): the late task on Wednesday.
    const theirs = await calendarOf(submissive, WEEK);
    expect(theirs.pairId).toBe(pairId);
    expect(theirs.items.map((i) => i.id).sort()).toEqual(mine.items.map((i) => i.id).sort());
    expect(theirs.items.find((i) => i.id === late.id)?.date).toBe('2030-03-13');

    // Done and run out: the task is done, the timer ended then done.
    at('2030-03-11T10:00:00Z');
    expect((await submissive.client.post(`/api/tasks/${late.id}/complete`, {})).status).toBe(200);
    let after = await calendarOf(dominant, WEEK);
    expect(after.items.find((i) => i.id === late.id)).toMatchObject({ status: 'done' });
    expect(after.items.find((i) => i.id === timed.id)).toMatchObject({ status: 'ended' });
    expect(
      (await dominant.client.put(`/api/punishments/${timed.id}/completion`, { completed: true })).status,
    ).toBe(200);
    after = await calendarOf(dominant, WEEK);
    expect(after.items.find((i) => i.id === timed.id)).toMatchObject({ status: 'done' });

    // A month's grid: the next month's task is there, ritual days from the day it began.
    const april = await calendarOf(dominant, 'from=2030-03-25&to=2030-05-05');
    expect(april.items.filter((i) => i.kind === 'task').map((i) => i.title)).toEqual(['Next month']);
    expect(april.items.filter((i) => i.kind === 'ritual')).toHaveLength(12);
    const before = await calendarOf(dominant, 'from=2030-03-01&to=2030-03-10');
    expect(before.items).toEqual([]);
  });

  it('is empty for someone without a pair, a stranger and a former partner', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    at('2030-03-11T09:00:00Z');
    await createTask(server, couple, { dueDate: Date.parse('2030-03-12T10:00:00Z') });
    await ritualSet(couple, { days: DAILY });
    expect((await calendarOf(dominant, WEEK)).items.length).toBeGreaterThan(0);

    const alone = await createUser(server, { role: 'dominant' });
    const empty = await calendarOf(alone, WEEK);
    expect(empty).toMatchObject({ pairId: null, items: [] });
    // A stranger naming someone else's partner finds no pair either.
    expect(await calendarOf(alone, `${WEEK}&partnerId=${submissive.id}`)).toMatchObject({
      pairId: null,
      items: [],
    });

    expect((await dominant.client.delete(`/api/partners/${submissive.id}`)).status).toBe(200);
    for (const [who, other] of [
      [dominant, submissive],
      [submissive, dominant],
    ] as const) {
      expect(await calendarOf(who, WEEK)).toMatchObject({ pairId: null, items: [] });
      expect(await calendarOf(who, `${WEEK}&partnerId=${other.id}`)).toMatchObject({
        pairId: null,
        items: [],
      });
    }
    // Signed out: refused.
    await expectError(await server.client().get(`/api/calendar?${WEEK}`), 401, 'NOT_AUTHENTICATED');
  });

  it('refuses a missing, malformed, backwards or too long range with 400 and a clear message', async () => {
    const couple = await createCouple(server);
    const before = await server.rowCounts();
    const refused = async (query: string, message: string) =>
      expectError(
        await couple.dominant.client.get(`/api/calendar?${query}`),
        400,
        'VALIDATION_ERROR',
        message,
      );
    await refused('', CALENDAR_TEXT.dateInvalid);
    await refused('from=2030-03-11', CALENDAR_TEXT.dateInvalid);
    await refused('from=2030-02-30&to=2030-03-01', CALENDAR_TEXT.dateInvalid);
    await refused('from=11.03.2030&to=2030-03-12', CALENDAR_TEXT.dateInvalid);
    await refused(`from=2030-03-11%00&to=2030-03-12`, CALENDAR_TEXT.dateInvalid);
    await refused(`from=${'2'.repeat(3000)}&to=2030-03-12`, CALENDAR_TEXT.dateInvalid);
    await refused('from=2030-03-12&to=2030-03-11', CALENDAR_TEXT.rangeBackwards);
    await refused('from=2030-03-01&to=2030-04-12', CALENDAR_TEXT.rangeTooLong);
    await refused('from=2030-03-01&to=2030-03-02&partnerId=nope', CALENDAR_TEXT.partnerInvalid);
    // 42 days is the most: a month's grid.
    await calendarOf(couple.dominant, 'from=2030-03-01&to=2030-04-11');
    expect(await server.rowCounts()).toEqual(before);
  });
});
