import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_TAKEN_MESSAGE, PUSH_MESSAGES } from '@/shared/schemas/push';
import { databases } from '../../test/database';
import { MALFORMED_BODIES } from '../../test/hostile';
import { createCouple } from '../../test/partners';
import { devicesOf, PUSH_TEST_SERVER, registerDevice } from '../../test/push';
import { type PushPeer, startPushPeer } from '../../test/push-peer';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, type TestUser } from '../../test/users';

const ROUTES = [
  ['GET', '/api/push/config'],
  ['POST', '/api/push/subscriptions'],
  ['DELETE', '/api/push/subscriptions'],
  ['GET', '/api/push/preferences'],
  ['PUT', '/api/push/preferences'],
  ['POST', '/api/push/test'],
] as const;

/** A point that is 65 bytes and starts 0x04, but lies on no curve: (0, 0). */
const OFF_CURVE = `B${'A'.repeat(86)}`;

describe.each(databases())('push routes refuse bad input and other people on %s', (kind) => {
  let server: TestServer;
  let peer: PushPeer;
  let user: TestUser;
  beforeAll(async () => {
    peer = await startPushPeer();
    server = await startTestServer({ db: kind, requireEmailVerification: false, ...PUSH_TEST_SERVER });
    user = await createUser(server);
  });
  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  const send = (who: TestUser, method: string, path: string, body: string, type = 'application/json') =>
    who.client.fetch(path, { method, headers: { 'content-type': type }, body });

  it.each(ROUTES)('%s %s answers 401 without a session', async (method, path) => {
    const response = await server.request(path, {
      method,
      headers: { 'content-type': 'application/json', origin: server.url },
      body: method === 'GET' ? undefined : '{}',
    });
    await expectError(response, 401, 'NOT_AUTHENTICATED');
  });

  it('refuses a malformed subscription with 400 and the reason, and stores nothing', async () => {
    const sub = peer.subscription();
    const good = { endpoint: 'https://push.example.com/send/abc', keys: sub.keys };
    const cases: [unknown, string][] = [
      [{ keys: sub.keys }, PUSH_MESSAGES.endpointRequired],
      [{ ...good, endpoint: 42 }, PUSH_MESSAGES.endpointRequired],
      [{ ...good, endpoint: '' }, PUSH_MESSAGES.endpointRequired],
      [{ ...good, endpoint: 'not a url' }, PUSH_MESSAGES.endpointHttps],
      [{ ...good, endpoint: 'http://push.example.com/send/abc' }, PUSH_MESSAGES.endpointHttps],
      [{ ...good, endpoint: 'ftp://push.example.com/abc' }, PUSH_MESSAGES.endpointHttps],
      [{ ...good, endpoint: 'javascript:alert(1)' }, PUSH_MESSAGES.endpointHttps],
      [{ ...good, endpoint: 'https://10.0.0.1/push' }, PUSH_MESSAGES.endpointHost],
      [{ ...good, endpoint: 'https://[fd00::1]/push' }, PUSH_MESSAGES.endpointHost],
      [{ ...good, endpoint: 'https://printer.local/push' }, PUSH_MESSAGES.endpointHost],
      [{ ...good, endpoint: 'https://pushserver/push' }, PUSH_MESSAGES.endpointHost],
      [{ ...good, endpoint: 'https://db.internal/push' }, PUSH_MESSAGES.endpointHost],
      [{ ...good, endpoint: 'https://user:pw@push.example.com/x' }, PUSH_MESSAGES.endpointHost],
      [{ ...good, endpoint: `https://push.example.com/${'a'.repeat(2030)}` }, PUSH_MESSAGES.endpointTooLong],
      [{ ...good, endpoint: 'https://push.example.com/a\u0000b' }, 'Text must not contain NUL characters'],
      [{ endpoint: good.endpoint }, 'Subscription keys are required'],
      [{ ...good, keys: { auth: sub.keys.auth } }, PUSH_MESSAGES.p256dh],
      [{ ...good, keys: { ...sub.keys, p256dh: sub.keys.p256dh.slice(1) } }, PUSH_MESSAGES.p256dh],
      [{ ...good, keys: { ...sub.keys, p256dh: `A${sub.keys.p256dh.slice(1)}` } }, PUSH_MESSAGES.p256dh],
      [{ ...good, keys: { ...sub.keys, p256dh: `${sub.keys.p256dh.slice(0, -1)}+` } }, PUSH_MESSAGES.p256dh],
      [{ ...good, keys: { ...sub.keys, p256dh: OFF_CURVE } }, PUSH_MESSAGES.p256dh],
      [{ ...good, keys: { ...sub.keys, auth: 'short' } }, PUSH_MESSAGES.auth],
      [{ ...good, keys: { ...sub.keys, auth: `${sub.keys.auth}AAAA` } }, PUSH_MESSAGES.auth],
      [{ ...good, keys: { ...sub.keys, auth: 16 } }, PUSH_MESSAGES.auth],
      [{ ...good, deviceInfo: 'x'.repeat(201) }, PUSH_MESSAGES.deviceInfoTooLong],
      [{ ...good, deviceInfo: 7 }, 'Device info must be text'],
      [{ ...good, deviceInfo: 'Pixel\u0000' }, 'Text must not contain NUL characters'],
      [[good], 'Request body must be a JSON object'],
    ];
    const before = await server.rowCounts();
    for (const [body, message] of cases) {
      const response = await send(user, 'POST', '/api/push/subscriptions', JSON.stringify(body));
      const error = await expectError(response, 400);
      expect(error.error.message, JSON.stringify(body).slice(0, 120)).toBe(message);
    }
    for (const text of MALFORMED_BODIES) {
      const response = await send(user, 'POST', '/api/push/subscriptions', text);
      expect(response.status, text.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const typed = await send(user, 'POST', '/api/push/subscriptions', JSON.stringify(good), 'text/plain');
    expect(typed.status).toBe(415);
    expect(await server.rowCounts()).toEqual(before);
  });

  it('accepts an https push service and, under the test flag only, http on 127.0.0.1', async () => {
    const sub = peer.subscription();
    const https = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', keys: sub.keys };
    expect((await user.api.push.subscriptions.$post({ json: https })).status).toBe(201);
    expect((await registerDevice(user, sub)).endpoint).toBe(sub.endpoint);
    const plain = await startTestServer({ db: kind, database: server.database });
    try {
      const other = await createUser(plain);
      const local = await other.api.push.subscriptions.$post({
        json: { endpoint: peer.subscription().endpoint, keys: sub.keys },
      });
      await expectError(local, 400, 'VALIDATION_ERROR', PUSH_MESSAGES.endpointHttps);
    } finally {
      await plain.close();
    }
  });

  it('refuses an endpoint another account registered (409), and changes nothing', async () => {
    const [owner, other] = await Promise.all([createUser(server), createUser(server)]);
    const sub = peer.subscription();
    await registerDevice(owner, sub);
    const before = await server.rowCounts();
    const response = await other.api.push.subscriptions.$post({
      json: { endpoint: sub.endpoint, keys: peer.subscription().keys },
    });
    await expectError(response, 409, 'CONFLICT', ENDPOINT_TAKEN_MESSAGE);
    expect(await server.rowCounts()).toEqual(before);
    const [row] = await devicesOf(server, owner);
    expect(row).toMatchObject({ endpoint: sub.endpoint, p256dh: sub.keys.p256dh });
    expect(await devicesOf(server, other)).toEqual([]);
  });

  it('removes only the caller’s own device: a partner or a stranger removes nothing', async () => {
    const couple = await createCouple(server);
    const stranger = await createUser(server);
    const sub = peer.subscription();
    await registerDevice(couple.submissive, sub);
    for (const intruder of [couple.dominant, stranger]) {
      const response = await intruder.api.push.subscriptions.$delete({ json: { endpoint: sub.endpoint } });
      expect(await expectBody(response, 200)).toEqual({ removed: false });
    }
    expect(await devicesOf(server, couple.submissive)).toHaveLength(1);
    const own = await couple.submissive.api.push.subscriptions.$delete({ json: { endpoint: sub.endpoint } });
    expect(await expectBody(own, 200)).toEqual({ removed: true });
    expect(await devicesOf(server, couple.submissive)).toHaveLength(0);
    const again = await couple.submissive.api.push.subscriptions.$delete({
      json: { endpoint: sub.endpoint },
    });
    expect(await expectBody(again, 200)).toEqual({ removed: false });
    const bad = await send(couple.submissive, 'DELETE', '/api/push/subscriptions', '{"endpoint":');
    expect(bad.status).toBe(400);
  });

  it('keeps preferences per user, and refuses bad ones with 400 and nothing changed', async () => {
    const [a, b] = await Promise.all([createUser(server), createUser(server)]);
    const fresh = await expectBody(await a.api.push.preferences.$get(), 200);
    expect(fresh).toEqual({ preferences: { showDetails: false, quietHours: null } });
    const quietHours = { start: '22:00', end: '07:00', timeZone: 'europe/berlin' };
    const put = await a.api.push.preferences.$put({ json: { showDetails: true, quietHours } });
    const saved = { showDetails: true, quietHours: { ...quietHours, timeZone: 'Europe/Berlin' } };
    expect(await expectBody(put, 200)).toEqual({ preferences: saved });
    expect(await expectBody(await a.api.push.preferences.$get(), 200)).toEqual({ preferences: saved });
    expect(await expectBody(await b.api.push.preferences.$get(), 200)).toEqual(fresh);

    const q = (over: Record<string, unknown>) => ({
      showDetails: false,
      quietHours: { ...quietHours, ...over },
    });
    const cases: [unknown, string][] = [
      [{ quietHours: null }, 'showDetails must be true or false'],
      [{ showDetails: 'yes', quietHours: null }, 'showDetails must be true or false'],
      [q({ start: '24:00' }), PUSH_MESSAGES.time],
      [q({ start: '7:00' }), PUSH_MESSAGES.time],
      [q({ end: '07:60' }), PUSH_MESSAGES.time],
      [q({ end: 700 }), PUSH_MESSAGES.time],
      [q({ end: '22:00' }), PUSH_MESSAGES.sameTimes],
      [q({ timeZone: 'Mars/Olympus_Mons' }), PUSH_MESSAGES.timeZone],
      [q({ timeZone: '+05:00' }), PUSH_MESSAGES.timeZone],
      [q({ timeZone: '' }), PUSH_MESSAGES.timeZone],
      [q({ timeZone: 'Europe/Berlin\u0000' }), 'Text must not contain NUL characters'],
      [q({ timeZone: 'x'.repeat(65) }), PUSH_MESSAGES.timeZone],
    ];
    const before = await server.rowCounts();
    for (const [body, message] of cases) {
      const response = await send(b, 'PUT', '/api/push/preferences', JSON.stringify(body));
      const error = await expectError(response, 400);
      expect(error.error.message, JSON.stringify(body)).toBe(message);
    }
    for (const text of MALFORMED_BODIES) {
      const response = await send(b, 'PUT', '/api/push/preferences', text);
      expect(response.status, text.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await server.rowCounts()).toEqual(before);
    expect(await expectBody(await b.api.push.preferences.$get(), 200)).toEqual(fresh);
  });

  it('limits test pushes and device registrations per account', async () => {
    const limited = await startTestServer({
      db: kind,
      database: server.database,
      rateLimitScale: 1,
      ...PUSH_TEST_SERVER,
    });
    try {
      const someone = await createUser(limited);
      for (let i = 0; i < 5; i++) expect((await someone.api.push.test.$post()).status).toBe(202);
      await expectError(await someone.api.push.test.$post(), 429, 'RATE_LIMITED');
      const sub = peer.subscription();
      for (let i = 0; i < 60; i++) await registerDevice(someone, sub);
      const response = await someone.api.push.subscriptions.$post({
        json: { endpoint: sub.endpoint, keys: sub.keys },
      });
      await expectError(response, 429, 'RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
