import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timerState } from '@/shared/domain/punishments';
import { dueStatus } from '@/shared/domain/tasks';
import type { StopsView } from '@/shared/schemas/stops';
import { databases } from '../../test/database';
import { createCouple } from '../../test/partners';
import { createPunishment, findPunishment } from '../../test/punishments';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, TestClock, type TestServer } from '../../test/server';
import { completeTask, createTask, findTask, listHistory } from '../../test/tasks';
import type { TestUser } from '../../test/users';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const callRed = async (who: TestUser, body: unknown = {}): Promise<StopsView> =>
  expectBody(await who.client.post('/api/stops', body), 200);
const lift = async (who: TestUser, body: unknown = {}): Promise<StopsView> =>
  expectBody(await who.client.post('/api/stops/lift', body), 200);
const startTimer = async (who: TestUser, id: string) =>
  (await expectBody(await who.client.post(`/api/punishments/${id}/timer`, {}), 200)).punishment;

/**
 * Time stopped never counts (decision 049): Red pauses the pair's running timers, which keep what they had
 * left and wait for the submissive; when the last stop is lifted, due times move on by the stretch the
 * pair was stopped, so that nothing due during it is late.
 */
describe.each(databases())('time while Red holds a pair, on %s', (kind) => {
  let server: TestServer;
  const clock = new TestClock();
  beforeAll(async () => {
    server = await startTestServer({ db: kind, clock, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('a punishment timer', () => {
    it('stops with Red and keeps what it had left; the lift does not start it again, the submissive does', async () => {
      const couple = await createCouple(server);
      const punishment = await createPunishment(couple, { timerEnabled: true, timerDuration: 15 });
      await startTimer(couple.submissive, punishment.id);
      clock.advance(5 * MINUTE);
      await callRed(couple.dominant);

      for (const who of [couple.submissive, couple.dominant]) {
        const seen = await findPunishment(who, punishment.id);
        expect(seen).toMatchObject({ timerStartTime: null, timerRemainingMs: 10 * MINUTE });
        expect(timerState(seen!, clock.now().getTime())).toEqual({
          kind: 'paused',
          remainingMs: 10 * MINUTE,
        });
      }
      // Time spent stopped does not run it down, and the lift leaves it paused.
      clock.advance(2 * HOUR);
      await lift(couple.dominant);
      clock.advance(HOUR);
      const waiting = await findPunishment(couple.submissive, punishment.id);
      expect(waiting).toMatchObject({ timerStartTime: null, timerRemainingMs: 10 * MINUTE });

      // Started again, it runs on from where it stopped, the same on both screens.
      const resumed = await startTimer(couple.submissive, punishment.id);
      expect(resumed.timerRemainingMs).toBeNull();
      const now = clock.now().getTime();
      expect(timerState(resumed, now)).toEqual({
        kind: 'running',
        remainingMs: 10 * MINUTE,
        endsAt: now + 10 * MINUTE,
      });
      expect(await findPunishment(couple.dominant, punishment.id)).toMatchObject({
        timerStartTime: resumed.timerStartTime,
        timerRemainingMs: null,
      });
      clock.advance(10 * MINUTE);
      expect(timerState(resumed, clock.now().getTime())).toEqual({ kind: 'done' });
    });

    it('a paused timer cannot be started while Red holds the pair, nor by the dominant after it', async () => {
      const couple = await createCouple(server);
      const punishment = await createPunishment(couple, { timerEnabled: true, timerDuration: 3 });
      await startTimer(couple.submissive, punishment.id);
      clock.advance(MINUTE);
      await callRed(couple.submissive);
      await expectError(
        await couple.submissive.client.post(`/api/punishments/${punishment.id}/timer`, {}),
        409,
        'PAIR_STOPPED',
      );
      await lift(couple.submissive);
      await expectError(
        await couple.dominant.client.post(`/api/punishments/${punishment.id}/timer`, {}),
        403,
        'FORBIDDEN',
      );
      expect(await findPunishment(couple.submissive, punishment.id)).toMatchObject({
        timerStartTime: null,
        timerRemainingMs: 2 * MINUTE,
      });
    });

    it('a timer that had already run out, and one never started, are left as they were', async () => {
      const couple = await createCouple(server);
      const ranOut = await createPunishment(couple, { timerEnabled: true, timerDuration: 1 });
      const idle = await createPunishment(couple, { timerEnabled: true, timerDuration: 5 });
      const started = await startTimer(couple.submissive, ranOut.id);
      clock.advance(2 * MINUTE);
      await callRed(couple.submissive);
      expect(await findPunishment(couple.submissive, ranOut.id)).toMatchObject({
        timerStartTime: started.timerStartTime,
        timerRemainingMs: null,
      });
      expect(await findPunishment(couple.submissive, idle.id)).toMatchObject({
        timerStartTime: null,
        timerRemainingMs: null,
      });
      await lift(couple.submissive);
    });

    it('a second stop by the partner leaves the paused time as it was', async () => {
      const couple = await createCouple(server);
      const punishment = await createPunishment(couple, { timerEnabled: true, timerDuration: 10 });
      await startTimer(couple.submissive, punishment.id);
      clock.advance(4 * MINUTE);
      await callRed(couple.submissive);
      clock.advance(MINUTE);
      await callRed(couple.dominant);
      await lift(couple.submissive);
      await lift(couple.dominant);
      expect(await findPunishment(couple.submissive, punishment.id)).toMatchObject({
        timerRemainingMs: 6 * MINUTE,
      });
    });
  });

  describe('due times', () => {
    it('a task due during the stop is not late after the lift: it and a later one move on by the stop', async () => {
      const couple = await createCouple(server);
      const other = await createCouple(server);
      const t0 = clock.now().getTime();
      const during = await createTask(server, couple, { dueDate: t0 + 30 * MINUTE });
      const later = await createTask(server, couple, { dueDate: t0 + 3 * DAY });
      const elsewhere = await createTask(server, other, { dueDate: t0 + 30 * MINUTE });
      clock.advance(10 * MINUTE);
      await callRed(couple.submissive);
      const STOP = 2 * HOUR;
      clock.advance(STOP);
      await lift(couple.submissive);

      const moved = await findTask(couple.submissive, during.id);
      expect(moved?.dueDate).toBe(during.dueDate + STOP);
      expect(dueStatus(moved!.dueDate, clock.now().getTime(), 'UTC')).not.toBe('past-due');
      expect((await findTask(couple.dominant, later.id))?.dueDate).toBe(later.dueDate + STOP);
      // Another couple's time ran on.
      expect((await findTask(other.submissive, elsewhere.id))?.dueDate).toBe(elsewhere.dueDate);

      // Completed at its time plus the stop's length, it is on time.
      clock.set(new Date(moved!.dueDate));
      const done = await completeTask(couple.submissive.client, during.id);
      expect(done).toMatchObject({ onTime: true, latenessSeconds: 0 });
      const [entry] = (await listHistory(couple.dominant)).filter((c) => c.taskId === during.id);
      expect(entry).toMatchObject({ onTime: true, latenessSeconds: 0 });
    });

    it('overlapping stops of both partners give back their union, once', async () => {
      const couple = await createCouple(server);
      const task = await createTask(server, couple, { dueDate: clock.now().getTime() + DAY });
      await callRed(couple.submissive);
      clock.advance(20 * MINUTE);
      await callRed(couple.dominant);
      clock.advance(20 * MINUTE);
      await lift(couple.submissive);
      // Still held by the dominant's stop: nothing is given back yet.
      expect((await findTask(couple.submissive, task.id))?.dueDate).toBe(task.dueDate);
      clock.advance(20 * MINUTE);
      await lift(couple.dominant);
      expect((await findTask(couple.submissive, task.id))?.dueDate).toBe(task.dueDate + HOUR);
      // A later, separate stop adds its own length.
      clock.advance(HOUR);
      await callRed(couple.dominant);
      clock.advance(15 * MINUTE);
      await lift(couple.dominant);
      expect((await findTask(couple.submissive, task.id))?.dueDate).toBe(task.dueDate + HOUR + 15 * MINUTE);
    });

    it('completed during the stop, a task is judged by the time before it: the stop never counts', async () => {
      const couple = await createCouple(server);
      const t0 = clock.now().getTime();
      const onTime = await createTask(server, couple, { dueDate: t0 + 30 * MINUTE });
      const alreadyLate = await createTask(server, couple, { dueDate: t0 + 5 * MINUTE });
      clock.advance(10 * MINUTE);
      await callRed(couple.submissive);
      clock.advance(HOUR);
      expect(await completeTask(couple.submissive.client, onTime.id)).toMatchObject({
        onTime: true,
        latenessSeconds: 0,
      });
      // Five minutes late when Red was called, and no later for the hour stopped.
      expect(await completeTask(couple.submissive.client, alreadyLate.id)).toMatchObject({
        onTime: false,
        latenessSeconds: 5 * 60,
      });
      await lift(couple.submissive);
    });

    it('a repeat moves on by the stop and then keeps its own time of day', async () => {
      const couple = await createCouple(server);
      // 06:05 UTC tomorrow: the task at 08:00 and its moved times stay inside their own UTC days.
      clock.set(new Date(Math.ceil(clock.now().getTime() / DAY) * DAY + 6 * HOUR + 5 * MINUTE));
      const due = Math.ceil(clock.now().getTime() / HOUR) * HOUR + HOUR;
      const daily = await createTask(server, couple, { dueDate: due, repeatConfig: { frequency: 'daily' } });
      const ahead = await createTask(server, couple, { dueDate: due, repeatConfig: { frequency: 'daily' } });
      // Done early: its next occurrence, tomorrow, is what the stop moves.
      const rolled = await completeTask(couple.submissive.client, ahead.id);
      expect(rolled.dueDate).toBe(due + DAY);

      await callRed(couple.submissive);
      clock.advance(3 * HOUR);
      await lift(couple.submissive);
      const moved = await findTask(couple.submissive, daily.id);
      expect(moved).toMatchObject({ dueDate: due + 3 * HOUR, nextDueDate: due + DAY });
      expect((await findTask(couple.submissive, ahead.id))?.dueDate).toBe(due + DAY + 3 * HOUR);

      // Completed on its moved time, it comes back at the schedule's own hour tomorrow, not three later.
      const next = await completeTask(couple.submissive.client, daily.id);
      expect(next).toMatchObject({ onTime: true, dueDate: due + DAY });
      clock.set(new Date(due + DAY + 2 * HOUR));
      // Its next cycle has opened (a read opens it).
      expect(await findTask(couple.submissive, ahead.id)).toMatchObject({ isCompleted: false });
      const again = await completeTask(couple.submissive.client, ahead.id);
      expect(again).toMatchObject({ onTime: true, dueDate: due + 2 * DAY });
    });
  });
});
