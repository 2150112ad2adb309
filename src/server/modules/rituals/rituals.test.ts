import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationTarget } from '@/shared/domain/notification-targets';
import { DISCREET_BODY, DISCREET_TITLE, notificationPush } from '@/shared/domain/push';
import type { PointsLedgerView } from '@/shared/schemas/points';
import type { RecordPageView } from '@/shared/schemas/record';
import { RITUALS_TEXT, type RitualView } from '@/shared/schemas/rituals';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { type Couple, createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { readZip } from '../../test/zip';
import { mark, marked, ritualSet, ritualsOf } from './rituals.fixtures';

/**
 * Rituals (issue 24 part 3; decisions 072, 074): the dominant sets them, the submissive marks their days;
 * streaks are gentle (an excused day, a failure of the app and a day Red held keep the run), an award is
 * made once per day kept and never taken back; marking is never held by Red.
 */
describe.each(databases())('rituals on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const at = (iso: string) => server.clock.set(new Date(iso));
  const dayOf = (r: RitualView, date: string) => [...r.earlier, ...r.week].find((d) => d.date === date);
  const ledgerOf = async ({ dominant, submissive }: Couple) =>
    (await expectBody(
      await dominant.client.get(`/api/points?partnerId=${submissive.id}`),
      200,
    )) as PointsLedgerView;

  it('sets a ritual in the dominant’s zone from today; both partners read it with its week', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive, pairId } = couple;
    // Wednesday 13 March 2030, 23:30 in UTC: already Thursday the 14th in Berlin.
    at('2030-03-13T23:30:00Z');
    const ritual = await ritualSet(couple, {
      name: '  Evening journal  ',
      steps: ['Write three lines', '  ', 'Read them aloud'],
      days: [5, 1, 3, 3],
      time: '21:00',
      award: 2,
    });
    expect(ritual).toMatchObject({
      pairId,
      name: 'Evening journal',
      steps: ['Write three lines', 'Read them aloud'],
      days: [1, 3, 5],
      time: '21:00',
      timeZone: 'Europe/Berlin',
      award: 2,
      since: '2030-03-14',
      streak: { current: 0, best: 0 },
      earlier: [],
    });
    expect(ritual.week.map((d) => [d.date, d.scheduled, d.markable])).toEqual([
      ['2030-03-11', false, false],
      ['2030-03-12', false, false],
      ['2030-03-13', false, false],
      ['2030-03-14', false, false],
      ['2030-03-15', true, false],
      ['2030-03-16', false, false],
      ['2030-03-17', false, false],
    ]);
    for (const [who, partner] of [
      [dominant, submissive],
      [submissive, dominant],
    ] as const) {
      const list = await ritualsOf(who, partner.id);
      expect(list).toMatchObject({
        pairId,
        dominantId: dominant.id,
        submissiveId: submissive.id,
        today: '2030-03-14',
        timeZone: 'Europe/Berlin',
      });
      expect(list.rituals.map((r) => r.id)).toEqual([ritual.id]);
    }
    // Changed: the marks stay, `since` stays; retired: no longer listed, changed or marked.
    at('2030-03-15T08:00:00Z');
    await marked(submissive, ritual.id, '2030-03-15', { mark: 'done', note: 'Three lines' });
    const changed = (await expectBody(
      await dominant.client.patch(`/api/rituals/${ritual.id}`, {
        name: 'Journal',
        days: [5, 6],
        time: '20:00',
      }),
      200,
    )) as { ritual: RitualView };
    expect(changed.ritual).toMatchObject({ name: 'Journal', days: [5, 6], award: 0, since: '2030-03-14' });
    expect(dayOf(changed.ritual, '2030-03-15')).toMatchObject({ mark: 'done', note: 'Three lines' });
    expect((await dominant.client.delete(`/api/rituals/${ritual.id}`)).status).toBe(200);
    expect((await ritualsOf(submissive, dominant.id)).rituals).toEqual([]);
    const before = await server.rowCounts();
    await expectError(
      await mark(submissive, ritual.id, '2030-03-15', { mark: 'skipped' }),
      404,
      'NOT_FOUND',
      RITUALS_TEXT.retired,
    );
    await expectError(
      await dominant.client.patch(`/api/rituals/${ritual.id}`, { name: 'X', days: [1], time: '20:00' }),
      404,
      'NOT_FOUND',
      RITUALS_TEXT.retired,
    );
    await expectError(await dominant.client.delete(`/api/rituals/${ritual.id}`), 404, 'NOT_FOUND');
    expect(await server.rowCounts()).toEqual(before);

    // Told: the submissive of each change, the dominant of the mark (discreet in a push).
    const toSubmissive = (await notificationsOf(submissive)).filter((n) => n.type.startsWith('ritual_'));
    expect(toSubmissive.map((n) => n.message)).toEqual([
      'Dana Dom retired the ritual "Journal"',
      'Dana Dom changed the ritual "Journal"',
      'Dana Dom set a ritual: "Evening journal"',
    ]);
    expect(notificationTarget(toSubmissive[2]!)).toEqual({
      kind: 'path',
      to: `/structure?partner=${dominant.id}&tab=rituals&highlight=${ritual.id}`,
    });
    const toDominant = (await notificationsOf(dominant)).filter((n) => n.type.startsWith('ritual_'));
    expect(toDominant.map((n) => n.message)).toEqual([
      'Sam Sub marked "Evening journal" for 2030-03-15: Done',
    ]);
    expect(JSON.stringify(toDominant)).not.toContain('Three lines');
    expect(notificationPush(toDominant[0]!, false)).toMatchObject({
      title: DISCREET_TITLE,
      body: DISCREET_BODY,
    });
    // Recorded in the group "Rituals", ids and facts only: never a name or a note.
    const record = (await expectBody(
      await dominant.client.get(`/api/record?pairId=${pairId}&kind=ritual`),
      200,
    )) as RecordPageView;
    expect(record.entries.map((e) => e.kind)).toEqual([
      'ritual.retired',
      'ritual.edited',
      'ritual.marked',
      'ritual.set',
    ]);
    expect(record.entries[2]!.facts).toEqual({
      ritualId: ritual.id,
      date: '2030-03-15',
      mark: 'done',
      entryId: expect.any(String),
    });
    expect(JSON.stringify(record.entries)).not.toMatch(/journal|Three lines/i);
  });

  it('an excused day, a failure of the app and a day Red held keep the run; a skipped day breaks it', async () => {
    const couple = await createCouple(server);
    const { dominant, submissive } = couple;
    at('2030-04-01T08:00:00Z'); // Monday
    const ritual = await ritualSet(couple);
    // Thursday: Red is called and holds; a new ritual is held, a mark is not.
    at('2030-04-04T10:00:00Z');
    expect((await submissive.client.post('/api/stops', {})).status).toBe(200);
    await expectError(
      await dominant.client.post('/api/rituals', {
        partnerId: submissive.id,
        name: 'X',
        days: [1],
        time: '08:00',
      }),
      409,
      'PAIR_STOPPED',
    );
    await expectError(
      await dominant.client.patch(`/api/rituals/${ritual.id}`, { name: 'X', days: [1], time: '08:00' }),
      409,
      'PAIR_STOPPED',
    );
    await marked(submissive, ritual.id, '2030-04-01', { mark: 'done' });
    at('2030-04-04T12:00:00Z');
    expect((await submissive.client.post('/api/stops/lift', {})).status).toBe(200);
    // Sunday: the rest of the week marked.
    at('2030-04-07T10:00:00Z');
    await marked(submissive, ritual.id, '2030-04-02', { mark: 'excused', note: 'Fever' });
    await marked(submissive, ritual.id, '2030-04-03', { mark: 'app_failed' });
    await marked(submissive, ritual.id, '2030-04-05', { mark: 'partly' });
    const saturday = await marked(submissive, ritual.id, '2030-04-06', { mark: 'done' });
    expect(saturday.streak).toEqual({ current: 3, best: 3 });
    expect(saturday.week.map((d) => [d.mark, d.stopped])).toEqual([
      ['done', false],
      ['excused', false],
      ['app_failed', false],
      [null, true],
      ['partly', false],
      ['done', false],
      [null, false],
    ]);
    const skipped = await marked(submissive, ritual.id, '2030-04-07', { mark: 'skipped' });
    expect(skipped.streak).toEqual({ current: 0, best: 3 });
    const kept = await marked(submissive, ritual.id, '2030-04-07', { mark: 'done' });
    expect(kept.streak).toEqual({ current: 4, best: 4 });
    // A week on, the days nobody marked break the run; the week before is still markable.
    at('2030-04-10T10:00:00Z');
    const later = (await ritualsOf(dominant, submissive.id)).rituals[0]!;
    expect(later.streak).toEqual({ current: 0, best: 4 });
    expect(later.earlier.map((d) => d.date)).toEqual([
      '2030-04-03',
      '2030-04-04',
      '2030-04-05',
      '2030-04-06',
      '2030-04-07',
    ]);
    expect(later.earlier.every((d) => d.markable)).toBe(true);
  });

  it('a day kept gives the award once, however often or at once it is marked; a skip takes nothing back', async () => {
    const couple = await createCouple(server);
    const { submissive } = couple;
    at('2030-05-06T08:00:00Z');
    const ritual = await ritualSet(couple, { name: 'Stretch', award: 5 });
    const answers = await Promise.all([
      mark(submissive, ritual.id, '2030-05-06', { mark: 'done' }),
      mark(submissive, ritual.id, '2030-05-06', { mark: 'partly' }),
      mark(submissive, ritual.id, '2030-05-06', { mark: 'done', note: 'Again' }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    await marked(submissive, ritual.id, '2030-05-06', { mark: 'skipped' });
    await marked(submissive, ritual.id, '2030-05-06', { mark: 'done' });
    const ledger = await ledgerOf(couple);
    expect(ledger.balance).toBe(5);
    expect(ledger.entries.map((e) => [e.amount, e.kind, e.reason, e.madeBy])).toEqual([
      [5, 'award', 'Ritual "Stretch"', couple.dominant.id],
    ]);
    // Marking the same way twice changes nothing: no entry, notification or record more.
    const before = await server.rowCounts();
    await marked(submissive, ritual.id, '2030-05-06', { mark: 'done' });
    expect(await server.rowCounts()).toEqual(before);
    // A day excused gives nothing.
    at('2030-05-07T08:00:00Z');
    await marked(submissive, ritual.id, '2030-05-07', { mark: 'excused' });
    expect((await ledgerOf(couple)).balance).toBe(5);
  });

  it('refuses a day not scheduled, before the start, not yet begun or too long ago', async () => {
    const couple = await createCouple(server);
    const { submissive } = couple;
    at('2030-06-05T10:00:00Z'); // Wednesday
    const ritual = await ritualSet(couple, { days: [1, 3] });
    at('2030-06-17T10:00:00Z'); // Monday, twelve days on
    const before = await server.rowCounts();
    for (const [date, message] of [
      ['2030-06-04', RITUALS_TEXT.beforeStart],
      ['2030-06-05', RITUALS_TEXT.tooOld],
      ['2030-06-18', RITUALS_TEXT.inFuture],
      ['2030-06-16', RITUALS_TEXT.notScheduled],
    ] as const)
      await expectError(await mark(submissive, ritual.id, date, { mark: 'done' }), 409, 'CONFLICT', message);
    expect(await server.rowCounts()).toEqual(before);
    // Seven days back is the oldest day still markable; today is markable.
    await marked(submissive, ritual.id, '2030-06-10', { mark: 'app_failed' });
    const today = await marked(submissive, ritual.id, '2030-06-17', { mark: 'done' });
    expect(today.streak).toEqual({ current: 1, best: 1 });
  });

  it("exports the pair's rituals, retired ones too, with each day's mark and note", async () => {
    const couple = await createCouple(server);
    at('2030-08-05T08:00:00Z');
    const ritual = await ritualSet(couple, { name: 'Exported ritual' });
    await marked(couple.submissive, ritual.id, '2030-08-05', { mark: 'partly', note: 'Half of it' });
    expect((await couple.dominant.client.delete(`/api/rituals/${ritual.id}`)).status).toBe(200);
    const response = await couple.submissive.client.get('/api/me/export');
    expect(response.status).toBe(200);
    const entries = await readZip(Buffer.from(await response.arrayBuffer()));
    const file = JSON.parse(entries.get(`pairs/${couple.pairId}/rituals.json`)!.toString('utf8'));
    expect(file.rituals).toEqual([
      expect.objectContaining({ id: ritual.id, name: 'Exported ritual', since: '2030-08-05' }),
    ]);
    expect(file.rituals[0].retiredAt).not.toBeNull();
    expect(file.marks).toEqual([
      expect.objectContaining({
        ritualId: ritual.id,
        date: '2030-08-05',
        mark: 'partly',
        note: 'Half of it',
      }),
    ]);
  });
});
