import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCREET_BODY, DISCREET_TITLE, REMINDER_BODY } from '@/shared/domain/push';
import { outbox } from '../../db/schema';
import { databases } from '../../test/database';
import { notificationsOf } from '../../test/notifications';
import { createCouple } from '../../test/partners';
import { PUSH_TEST_SERVER, pushesSettled, registerDevice } from '../../test/push';
import { type PushPeer, pushMessageOf, startPushPeer, type TestSubscription } from '../../test/push-peer';
import { expectBody } from '../../test/responses';
import { startTestServer, TestClock, type TestServer } from '../../test/server';
import { completeTask, createTask } from '../../test/tasks';
import type { TestUser } from '../../test/users';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const callRed = async (who: TestUser) => expectBody(await who.client.post('/api/stops', {}), 200);
const lift = async (who: TestUser) => expectBody(await who.client.post('/api/stops/lift', {}), 200);

/**
 * Pushes while Red holds a pair (decision 049), through a real push service: the safety pushes go at once;
 * every other push waits and leaves when Red is lifted, except a reminder, whose moment has passed.
 */
describe.each(databases())('pushes while Red holds a pair, on %s', (kind) => {
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

  /** A couple whose members each have a device with details shown, so that each push says what it is. */
  async function coupleWithDevices() {
    const couple = await createCouple(server);
    // What forming the couple told them has gone before the devices are there.
    await pushesSettled(server);
    const devices = { dominant: peer.subscription(), submissive: peer.subscription() };
    for (const role of ['dominant', 'submissive'] as const) {
      await registerDevice(couple[role], devices[role]);
      const put = await couple[role].api.push.preferences.$put({
        json: { showDetails: true, quietHours: null },
      });
      await expectBody(put, 200);
    }
    await pushesSettled(server);
    return { couple, devices };
  }

  /** What arrived on the device (the pushes its service accepted), once every push has settled. */
  const arrived = async (sub: TestSubscription) => {
    await pushesSettled(server);
    return peer
      .pushesTo(sub)
      .filter((push) => push.status < 300)
      .map((push) => pushMessageOf(sub, push));
  };
  const titlesTo = async (sub: TestSubscription) => (await arrived(sub)).map((message) => message.title);

  it('a safety push arrives during the stop; a push held during it arrives after the lift', async () => {
    const { couple, devices } = await coupleWithDevices();
    const task = await createTask(server, couple);
    expect(await titlesTo(devices.submissive)).toEqual(['New task assigned']);

    await callRed(couple.submissive);
    expect(await titlesTo(devices.dominant)).toEqual(['Red']);

    // Completing is never refused: the dominant's bell has it at once, their phone not yet.
    await completeTask(couple.submissive.client, task.id);
    const [told] = await notificationsOf(couple.dominant);
    expect(told).toMatchObject({ type: 'task_completed' });
    expect(await titlesTo(devices.dominant)).toEqual(['Red']);

    await lift(couple.submissive);
    const after = await titlesTo(devices.dominant);
    expect(after.slice(0, 1)).toEqual(['Red']);
    // The lift also asks both for aftercare: a discreet push whatever the details (decision 054).
    expect(after.slice(1).sort()).toEqual([DISCREET_TITLE, 'Red lifted', 'Task completed']);
    expect(await server.database.db.select().from(outbox).where(eq(outbox.pairId, couple.pairId))).toEqual(
      [],
    );
  });

  it('the other partner’s stop holds the pushes until it is lifted too', async () => {
    const { couple, devices } = await coupleWithDevices();
    const task = await createTask(server, couple);
    // Sent before the stop (a push still waiting when Red is called would be held too).
    expect(await titlesTo(devices.submissive)).toEqual(['New task assigned']);
    await callRed(couple.submissive);
    await callRed(couple.dominant);
    await completeTask(couple.submissive.client, task.id);
    await lift(couple.submissive);
    expect(await titlesTo(devices.dominant)).toEqual(['Red', 'Red lifted']);
    await lift(couple.dominant);
    // Then what was held: the completion and the aftercare asked by each lift (decision 054).
    const after = await titlesTo(devices.dominant);
    expect(after.slice(0, 2)).toEqual(['Red', 'Red lifted']);
    expect(after.slice(2).sort()).toEqual([DISCREET_TITLE, DISCREET_TITLE, 'Task completed']);
    // Each saw the other's Red and its lifting, whatever the stop.
    const theirs = await titlesTo(devices.submissive);
    expect(theirs.slice(0, 2)).toEqual(['New task assigned', 'Red']);
    // The lifting of Red and the aftercare asked by the two lifts leave together, in no set order.
    expect(theirs.slice(2).sort()).toEqual([DISCREET_TITLE, DISCREET_TITLE, 'Red lifted'].sort());
  });

  it('a reminder waiting to be sent when Red is called never arrives: the lift drops it', async () => {
    const { couple, devices } = await coupleWithDevices();
    await createTask(server, couple, { dueDate: clock.now().getTime() + 2 * HOUR + 20_000 });
    expect(await titlesTo(devices.submissive)).toEqual(['New task assigned']);
    // The push service is down for a moment: the reminder's one attempt fails, and its push waits in the
    // outbox for its next try.
    peer.answer(devices.submissive, 503);
    clock.set(new Date((Math.floor(clock.now().getTime() / MINUTE) + 1) * MINUTE + 1000));
    expect(await server.services.sendReminders()).toBe(1);
    expect(await titlesTo(devices.submissive)).toEqual(['New task assigned']);
    const waiting = await server.database.db.select().from(outbox).where(eq(outbox.pairId, couple.pairId));
    expect(waiting).toMatchObject([{ kind: 'push', lapsesWhenHeld: true }]);

    await callRed(couple.dominant);
    // Its next try would come during the stop: it is held.
    clock.advance(MINUTE);
    expect(await titlesTo(devices.submissive)).toEqual(['New task assigned', 'Red']);
    clock.advance(3 * HOUR);
    await lift(couple.dominant);
    clock.advance(MINUTE);
    const bodies = (await arrived(devices.submissive)).map((message) => message.body);
    expect(bodies).not.toContain(REMINDER_BODY);
    // What arrived after the lift: its notice and the aftercare it asks (decision 054).
    expect(bodies.slice(-2).sort()).toEqual([DISCREET_BODY, 'Your partner has lifted Red'].sort());
    expect(
      await server.database.db.select().from(outbox).where(eq(outbox.userId, couple.submissive.id)),
    ).toEqual([]);
  });

  it('the pushes held for a pair that ends are dropped: a former partner is told nothing more', async () => {
    const { couple, devices } = await coupleWithDevices();
    const task = await createTask(server, couple);
    await pushesSettled(server);
    await callRed(couple.submissive);
    await completeTask(couple.submissive.client, task.id);
    expect((await couple.submissive.client.delete(`/api/partners/${couple.dominant.id}`)).status).toBe(200);
    expect(await server.database.db.select().from(outbox).where(eq(outbox.pairId, couple.pairId))).toEqual(
      [],
    );
    expect(await titlesTo(devices.dominant)).toEqual(['Red']);
  });
});
