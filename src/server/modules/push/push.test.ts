import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCREET_BODY, DISCREET_TITLE, TEST_PUSH } from '@/shared/domain/push';
import { localTimeOfDay } from '@/shared/domain/schedule';
import { pushPreferences, pushTokens } from '../../db/schema';
import { vapidPublicKeyOf } from '../../secrets';
import { databases } from '../../test/database';
import { inbox } from '../../test/notifications';
import { createCouple, sendRequest } from '../../test/partners';
import { devicesOf, PUSH_TEST_SERVER, pushesSettled, registerDevice } from '../../test/push';
import { type PushPeer, pushMessageOf, startPushPeer, verifyVapid } from '../../test/push-peer';
import { expectBody } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createTask } from '../../test/tasks';
import { createUser } from '../../test/users';
import { median, until } from '../../test/wait';
import { DISCREET_TOPIC, flushHeldPushes, NOTIFICATION_TTL_S, SUMMARY_TOPIC, topicOf } from './push.deliver';

const HOUR = 3_600_000;

describe.each(databases())('Web Push to a local push service on %s', (kind) => {
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

  it('answers the VAPID public key: the public half of the key generated into the data directory', async () => {
    const user = await createUser(server);
    const { publicKey } = await expectBody(await user.api.push.config.$get(), 200);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const file = path.join(server.services.config.dataDir, 'secrets.json');
    const { vapidPrivateKey } = JSON.parse(readFileSync(file, 'utf8'));
    expect(publicKey).toBe(vapidPublicKeyOf(vapidPrivateKey));
    expect(publicKey).toBe(server.services.push.publicKey);
  });

  it('registers a device (201), then updates it in place (200): one row per user and endpoint', async () => {
    const user = await createUser(server);
    const sub = peer.subscription();
    const json = { endpoint: sub.endpoint, keys: sub.keys, deviceInfo: 'Firefox on Android' };
    const first = await expectBody(await user.api.push.subscriptions.$post({ json }), 201);
    expect(first.subscription).toMatchObject({ endpoint: sub.endpoint, deviceInfo: 'Firefox on Android' });
    expect(first.subscription.createdAt).toBe(server.clock.now().getTime());
    const again = await user.api.push.subscriptions.$post({ json: { ...json, deviceInfo: 'Firefox 130' } });
    const second = await expectBody(again, 200);
    expect(second.subscription).toMatchObject({ id: first.subscription.id, deviceInfo: 'Firefox 130' });
    const rows = await devicesOf(server, user);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ platform: 'web', p256dh: sub.keys.p256dh, auth: sub.keys.auth });
  });

  it('pushes a discreet notification by default, encrypted for the device, with TTL, urgency and topic', async () => {
    const [receiver, sender] = await Promise.all([
      createUser(server),
      createUser(server, { role: 'dominant' }),
    ]);
    const sub = peer.subscription();
    await registerDevice(receiver, sub);
    const { id: requestId } = await sendRequest(sender, receiver);
    const push = await peer.waitFor(sub);
    expect(pushMessageOf(sub, push)).toEqual({
      title: DISCREET_TITLE,
      body: DISCREET_BODY,
      url: `/dashboard?request=${requestId}`,
      tag: 'pact',
    });
    expect(push.headers).toMatchObject({
      ttl: String(NOTIFICATION_TTL_S),
      urgency: 'high',
      topic: DISCREET_TOPIC,
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
    });
    // Signed with the installation's VAPID key, for this push service, with the configured contact.
    const claims = verifyVapid(push.headers.authorization);
    expect(claims).toMatchObject({ aud: peer.url, sub: 'mailto:no-reply@pact.local' });
    expect(claims.k).toBe(server.services.push.publicKey);
    // Nothing of the request reaches the push service in clear.
    expect(push.body.toString('latin1')).not.toContain(sender.displayName);
  });

  it('pushes the title and message of the bell when the user chose details, one topic per subject', async () => {
    const couple = await createCouple(server);
    const sub = peer.subscription();
    await registerDevice(couple.submissive, sub);
    const put = await couple.submissive.api.push.preferences.$put({
      json: { showDetails: true, quietHours: null },
    });
    expect((await expectBody(put, 200)).preferences).toEqual({ showDetails: true, quietHours: null });
    const task = await createTask(server, couple, { title: 'Water the plants' });
    const push = await peer.waitFor(sub);
    const [bell] = (await inbox(couple.submissive)).notifications;
    expect(pushMessageOf(sub, push)).toEqual({
      title: 'New task assigned',
      body: bell!.message,
      url: `/tasks?highlight=${task.id}`,
      tag: `pact:task:${task.id}`,
    });
    expect(bell!.message).toContain('Water the plants');
    expect(push.headers.urgency).toBe('normal');
    expect(push.headers.topic).toBe(topicOf(`task:${task.id}`));
    expect(push.headers.topic).toMatch(/^[\w-]{22}$/);
  });

  it('reaches every device of the user, and nobody without devices', async () => {
    const couple = await createCouple(server);
    const [phone, laptop] = [peer.subscription(), peer.subscription()];
    await registerDevice(couple.submissive, phone);
    await registerDevice(couple.submissive, laptop);
    await createTask(server, couple);
    await Promise.all([peer.waitFor(phone), peer.waitFor(laptop)]);

    // The dominant has no device: their notification (the completion) is in the bell, and pushes nothing.
    await pushesSettled(server);
    const before = peer.received.length;
    const other = await createCouple(server);
    await createTask(server, other);
    await pushesSettled(server);
    expect(peer.received.length).toBe(before);
    expect((await inbox(other.submissive)).unreadCount).toBeGreaterThan(0);
  });

  it('forgets a device the push service reports gone (410, 404)', async () => {
    for (const status of [410, 404]) {
      const couple = await createCouple(server);
      const [gone, kept] = [peer.subscription(), peer.subscription()];
      await registerDevice(couple.submissive, gone);
      await registerDevice(couple.submissive, kept);
      peer.answer(gone, status);
      await createTask(server, couple);
      await pushesSettled(server);
      expect(peer.pushesTo(gone)).toHaveLength(1);
      expect((await devicesOf(server, couple.submissive)).map((d) => d.endpoint)).toEqual([kept.endpoint]);
    }
  });

  it('retries a failing push service seconds later, doubling the pause, and gives up on a refusal', async () => {
    const couple = await createCouple(server);
    const [flaky, down, refusing] = [peer.subscription(), peer.subscription(), peer.subscription()];
    for (const sub of [flaky, down, refusing]) await registerDevice(couple.submissive, sub);
    peer.answer(flaky, 500, 503);
    peer.answer(down, 503, 503, 503);
    peer.answer(refusing, 400);
    await createTask(server, couple);
    await pushesSettled(server);
    // Tried again 2 s and then 4 s after a failure (PUSH_BACKOFF), on the server's clock.
    for (const pause of [2_000, 4_000]) {
      server.clock.advance(pause);
      await pushesSettled(server);
    }
    // Two failures, then delivered: the same payload each time.
    expect(peer.pushesTo(flaky)).toHaveLength(3);
    expect(pushMessageOf(flaky, peer.pushesTo(flaky)[2]!)).toMatchObject({ title: DISCREET_TITLE });
    // Still failing: tried again later; the device is kept (it may work tomorrow).
    expect(peer.pushesTo(down)).toHaveLength(3);
    // A refusal is not tried again.
    expect(peer.pushesTo(refusing)).toHaveLength(1);
    expect(await devicesOf(server, couple.submissive)).toHaveLength(3);
    // The service is back: the next attempt delivers.
    server.clock.advance(8_000);
    await pushesSettled(server);
    expect(peer.pushesTo(down)).toHaveLength(4);
    expect(peer.pushesTo(refusing)).toHaveLength(1);
  });

  it('never makes the action wait for a push service that does not answer', async () => {
    // The same action by two couples, in turns: one without a device, one whose device's service hangs.
    const [plain, held] = await Promise.all([createCouple(server), createCouple(server)]);
    const hanging = peer.subscription();
    peer.answer(hanging, ...Array.from({ length: 30 }, () => 'never' as const));
    await registerDevice(held.submissive, hanging);
    const time = async (couple: typeof plain) => {
      const started = performance.now();
      await createTask(server, couple);
      return performance.now() - started;
    };
    await time(plain);
    const baseline: number[] = [];
    const slow: number[] = [];
    for (let i = 0; i < 5; i++) {
      baseline.push(await time(plain));
      slow.push(await time(held));
    }
    // The pushes were sent (the service holds them) while every action had answered already.
    await until(() => peer.hanging() >= 1, 'a push to the hanging service');
    // Waiting for a push would have held each action for the whole timeout (3 s, about a hundred
    // actions); they took about as long as without a device.
    expect(median(slow)).toBeLessThan(median(baseline) * 3);
    // Let the queue go: the device is gone and the service drops the requests it held.
    await server.database.db.delete(pushTokens).where(eq(pushTokens.endpoint, hanging.endpoint));
    peer.release();
    await pushesSettled(server);
  });

  it('holds pushes during quiet hours (in the user’s zone) and sends one discreet summary when they end', async () => {
    const couple = await createCouple(server);
    const sub = peer.subscription();
    await registerDevice(couple.submissive, sub);
    // Quiet from an hour ago to an hour from now, on the clocks of New York.
    const timeZone = 'America/New_York';
    const minutes = Math.floor(localTimeOfDay(server.clock.now().getTime(), timeZone) / 60_000);
    const hhmm = (m: number) => {
      const x = (m + 1440) % 1440;
      return `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
    };
    const quietHours = { start: hhmm(minutes - 60), end: hhmm(minutes + 60), timeZone };
    const put = await couple.submissive.api.push.preferences.$put({
      json: { showDetails: true, quietHours },
    });
    expect((await expectBody(put, 200)).preferences).toEqual({ showDetails: true, quietHours });

    const unreadBefore = (await inbox(couple.submissive)).unreadCount;
    for (let i = 0; i < 3; i++) await createTask(server, couple, { title: `Quiet ${i}` });
    await pushesSettled(server);
    expect(peer.pushesTo(sub)).toHaveLength(0);
    // The bell is not quiet.
    expect((await inbox(couple.submissive)).unreadCount).toBe(unreadBefore + 3);
    const [held] = await server.database.db
      .select()
      .from(pushPreferences)
      .where(eq(pushPreferences.userId, couple.submissive.id));
    expect(held?.heldCount).toBe(3);

    // Still quiet: nothing yet.
    server.clock.advance(HOUR / 2);
    expect(await flushHeldPushes(server.services)).toBe(0);
    // The hours are over: one summary, discreet even with details on.
    server.clock.advance(HOUR);
    expect(await flushHeldPushes(server.services)).toBe(1);
    const summary = await peer.waitFor(sub);
    expect(pushMessageOf(sub, summary)).toEqual({
      title: 'Pact',
      body: '3 new notifications in Pact',
      url: '/dashboard',
      tag: 'pact-summary',
    });
    expect(summary.headers.topic).toBe(SUMMARY_TOPIC);
    expect(await flushHeldPushes(server.services)).toBe(0);
    await pushesSettled(server);
    expect(peer.pushesTo(sub)).toHaveLength(1);

    // Afterwards, pushes go out at once again.
    await createTask(server, couple, { title: 'Awake' });
    expect(pushMessageOf(sub, await peer.waitFor(sub, 2)).body).toContain('Awake');
  });

  it('Red reaches the partner at once through quiet hours, in its own words on a discreet device', async () => {
    const couple = await createCouple(server);
    const sub = peer.subscription();
    await registerDevice(couple.dominant, sub);
    const minutes = Math.floor(localTimeOfDay(server.clock.now().getTime(), 'UTC') / 60_000);
    const at = (m: number) => {
      const x = (m + 1440) % 1440;
      return `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
    };
    const quietHours = { start: at(minutes - 60), end: at(minutes + 60), timeZone: 'UTC' };
    await expectBody(
      await couple.dominant.api.push.preferences.$put({ json: { showDetails: false, quietHours } }),
      200,
    );
    // Something else during the quiet hours is held...
    await createTask(server, couple, { title: 'Held' });
    expect((await couple.submissive.client.post('/api/stops', {})).status).toBe(200);
    // ...Red is not, and says what it is without naming anyone or a reason.
    const push = await peer.waitFor(sub);
    expect(pushMessageOf(sub, push)).toEqual({
      title: 'Red',
      body: 'Your partner has called Red',
      url: '/dashboard',
      tag: expect.stringMatching(/^pact:red:/),
    });
    expect(push.headers.urgency).toBe('high');
    expect(push.headers.topic).not.toBe(DISCREET_TOPIC);
    await pushesSettled(server);
    expect(peer.pushesTo(sub)).toHaveLength(1);
  });

  it('sends what was held at the next round when the user ends their quiet hours early', async () => {
    const couple = await createCouple(server);
    const sub = peer.subscription();
    await registerDevice(couple.submissive, sub);
    const now = localTimeOfDay(server.clock.now().getTime(), 'UTC') / 60_000;
    const at = (m: number) => {
      const x = (Math.floor(m) + 1440) % 1440;
      return `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
    };
    const quietHours = { start: at(now - 10), end: at(now + 120), timeZone: 'UTC' };
    await couple.submissive.api.push.preferences.$put({ json: { showDetails: false, quietHours } });
    await createTask(server, couple);
    await pushesSettled(server);
    expect(await flushHeldPushes(server.services)).toBe(0);
    await couple.submissive.api.push.preferences.$put({ json: { showDetails: false, quietHours: null } });
    expect(await flushHeldPushes(server.services)).toBe(1);
    expect(pushMessageOf(sub, await peer.waitFor(sub)).body).toBe('1 new notification in Pact');
  });

  it('sends a test push to each of the caller’s devices at once, and says how many', async () => {
    const user = await createUser(server);
    const none = await expectBody(await user.api.push.test.$post(), 202);
    expect(none).toEqual({ devices: 0 });
    const [a, b] = [peer.subscription(), peer.subscription()];
    await registerDevice(user, a);
    await registerDevice(user, b);
    expect(await expectBody(await user.api.push.test.$post(), 202)).toEqual({ devices: 2 });
    for (const sub of [a, b]) {
      const push = await peer.waitFor(sub);
      expect(pushMessageOf(sub, push)).toEqual(TEST_PUSH);
      expect(push.headers.urgency).toBe('high');
    }
  });

  it('keeps the devices at sign-out (the browser unregisters) and deletes them with the account', async () => {
    const user = await createUser(server);
    const sub = peer.subscription();
    await registerDevice(user, sub);
    await user.api.push.preferences.$put({ json: { showDetails: true, quietHours: null } });
    expect((await user.client.post('/api/auth/logout')).status).toBe(200);
    expect(await devicesOf(server, user)).toHaveLength(1);

    const again = await createUser(server);
    await registerDevice(again, peer.subscription());
    await again.api.push.preferences.$put({ json: { showDetails: true, quietHours: null } });
    const deleted = await again.client.fetch('/api/me', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: 'DELETE' }),
    });
    expect(deleted.status).toBe(200);
    expect(await devicesOf(server, again)).toHaveLength(0);
    const prefs = await server.database.db
      .select()
      .from(pushPreferences)
      .where(eq(pushPreferences.userId, again.id));
    expect(prefs).toHaveLength(0);
  });
});
