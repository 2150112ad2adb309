import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_BODY, reminderPush } from '@/shared/domain/push';
import { localTimeOfDay } from '@/shared/domain/schedule';
import { pushPreferences } from '../../db/schema';
import { databases } from '../../test/database';
import { createCouple } from '../../test/partners';
import { createPunishment } from '../../test/punishments';
import { PUSH_TEST_SERVER, pushesSettled, registerDevice } from '../../test/push';
import { type PushPeer, pushMessageOf, startPushPeer, type TestSubscription } from '../../test/push-peer';
import { expectBody } from '../../test/responses';
import { startTestServer, TestClock, type TestServer } from '../../test/server';
import { completeTask, createTask } from '../../test/tasks';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Reminders from the server (decision 047): a task due in two hours and a punishment timer that ran out
 * reach the devices of the one they concern, with the app closed: one discreet push each, once, whichever
 * instance runs the minute's job; held during quiet hours; never for a couple that has ended.
 */
describe.each(databases())('reminders pushed by the server on %s', (kind) => {
  let first: TestServer;
  let second: TestServer;
  let peer: PushPeer;
  const clock = new TestClock();
  beforeAll(async () => {
    peer = await startPushPeer();
    first = await startTestServer({ db: kind, clock, requireEmailVerification: false, ...PUSH_TEST_SERVER });
    second = await startTestServer({
      db: kind,
      clock,
      database: first.database,
      requireEmailVerification: false,
      ...PUSH_TEST_SERVER,
    });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await peer?.close();
  });

  /**
   * The next minute comes (the job runs once a minute, claimed per minute) and both instances run its job
   * at the same moment; answers how many reminders went out.
   */
  async function runOnBoth() {
    clock.set(new Date((Math.floor(clock.now().getTime() / MINUTE) + 1) * MINUTE + 1000));
    const [a, b] = await Promise.all([first.services.sendReminders(), second.services.sendReminders()]);
    await Promise.all([pushesSettled(first), pushesSettled(second)]);
    return a + b;
  }

  /** A couple whose submissive has a device, its pushes so far all arrived. */
  async function coupleWithDevice() {
    const couple = await createCouple(first);
    const sub = peer.subscription();
    await registerDevice(couple.submissive, sub);
    return { couple, sub };
  }

  const settledCount = async (sub: TestSubscription) => {
    await Promise.all([pushesSettled(first), pushesSettled(second)]);
    return peer.pushesTo(sub).length;
  };

  it('a task due in two hours: one discreet push to its assignee, once, though two instances run the job', async () => {
    const { couple, sub } = await coupleWithDevice();
    await createTask(first, couple, {
      title: 'Secret chore',
      dueDate: clock.now().getTime() + 2 * HOUR + 20_000,
    });
    const before = await settledCount(sub);
    expect(await runOnBoth()).toBe(1);
    const pushes = peer.pushesTo(sub);
    expect(pushes).toHaveLength(before + 1);
    const message = pushMessageOf(sub, pushes.at(-1)!);
    expect(message).toEqual(reminderPush('task'));
    expect(message.body).toBe(REMINDER_BODY);
    expect(JSON.stringify(message)).not.toContain('Secret chore');
    // The next minute is still inside the reminder's window: it is not sent again.
    clock.advance(MINUTE);
    expect(await runOnBoth()).toBe(0);
    expect(peer.pushesTo(sub)).toHaveLength(before + 1);
  });

  it('nothing for a task due later, nor for one already completed', async () => {
    const { couple, sub } = await coupleWithDevice();
    await createTask(first, couple, { dueDate: clock.now().getTime() + 3 * HOUR });
    const done = await createTask(first, couple, { dueDate: clock.now().getTime() + 2 * HOUR + 20_000 });
    await completeTask(couple.submissive.client, done.id);
    const before = await settledCount(sub);
    expect(await runOnBoth()).toBe(0);
    expect(peer.pushesTo(sub)).toHaveLength(before);
  });

  it('a punishment timer that has run out: one discreet push to the submissive who ran it', async () => {
    const { couple, sub } = await coupleWithDevice();
    const punishment = await createPunishment(couple, {
      title: 'Corner time',
      timerEnabled: true,
      timerDuration: 15,
    });
    await expectBody(await couple.submissive.client.post(`/api/punishments/${punishment.id}/timer`), 200);
    expect(await runOnBoth()).toBe(0);
    const before = await settledCount(sub);
    clock.advance(15 * MINUTE + 5_000);
    expect(await runOnBoth()).toBe(1);
    const message = pushMessageOf(sub, peer.pushesTo(sub).at(-1)!);
    expect(message).toEqual(reminderPush('timer'));
    expect(JSON.stringify(message)).not.toContain('Corner time');
    expect(peer.pushesTo(sub)).toHaveLength(before + 1);
    clock.advance(MINUTE);
    expect(await runOnBoth()).toBe(0);
  });

  it('during quiet hours a reminder is held and counted for the summary, not pushed', async () => {
    const { couple, sub } = await coupleWithDevice();
    const timeZone = 'UTC';
    const minutes = Math.floor(localTimeOfDay(clock.now().getTime(), timeZone) / MINUTE);
    const hhmm = (m: number) => {
      const x = (m + 1440) % 1440;
      return `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
    };
    // The task first (its own notification is pushed), then quiet hours.
    await createTask(first, couple, { dueDate: clock.now().getTime() + 2 * HOUR + 20_000 });
    const before = await settledCount(sub);
    const quietHours = { start: hhmm(minutes - 30), end: hhmm(minutes + 30), timeZone };
    await expectBody(
      await couple.submissive.api.push.preferences.$put({ json: { showDetails: false, quietHours } }),
      200,
    );
    expect(await runOnBoth()).toBe(1);
    expect(peer.pushesTo(sub)).toHaveLength(before);
    const [held] = await first.database.db
      .select()
      .from(pushPreferences)
      .where(eq(pushPreferences.userId, couple.submissive.id));
    expect(held?.heldCount).toBe(1);
  });

  it('nothing once the couple has ended: a former partner gets no reminder', async () => {
    const { couple, sub } = await coupleWithDevice();
    await createTask(first, couple, { dueDate: clock.now().getTime() + 2 * HOUR + 20_000 });
    const punishment = await createPunishment(couple, { timerEnabled: true, timerDuration: 1 });
    await expectBody(await couple.submissive.client.post(`/api/punishments/${punishment.id}/timer`), 200);
    const ended = await couple.dominant.client.delete(`/api/partners/${couple.submissive.id}`);
    expect(ended.status).toBeLessThan(300);
    const before = await settledCount(sub);
    clock.advance(MINUTE + 5_000);
    expect(await runOnBoth()).toBe(0);
    expect(peer.pushesTo(sub)).toHaveLength(before);
  });

  it('nothing while Red holds the pair (decision 049)', async () => {
    const { couple, sub } = await coupleWithDevice();
    await createTask(first, couple, { dueDate: clock.now().getTime() + 2 * HOUR + 20_000 });
    expect((await couple.submissive.client.post('/api/stops', {})).status).toBe(200);
    const before = await settledCount(sub);
    expect(await runOnBoth()).toBe(0);
    expect(peer.pushesTo(sub)).toHaveLength(before);
  });

  it('nothing for a kind whose pushes the user quieted (decision 085): a task reminder follows Tasks', async () => {
    const { couple, sub } = await coupleWithDevice();
    const quiet = { tasks: { inApp: true, push: false } };
    await expectBody(await couple.submissive.client.put('/api/notifications/preferences', quiet), 200);
    await createTask(first, couple, { dueDate: clock.now().getTime() + 2 * HOUR + 20_000 });
    const before = await settledCount(sub);
    // Claimed (it is not sent later either), but no push leaves.
    expect(await runOnBoth()).toBe(1);
    expect(await settledCount(sub)).toBe(before);
  });
});
