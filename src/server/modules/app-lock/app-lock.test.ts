import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_LOCK_TEXT, MAX_PIN_FAILURES } from '@/shared/schemas/app-lock';
import { securityEvents, sessionLocks } from '../../db/schema';
import { createClient, SESSION_COOKIE, type TestClient } from '../../test/client';
import { databases } from '../../test/database';
import { MALFORMED_BODIES } from '../../test/hostile';
import { createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, signIn, type TestUser } from '../../test/users';

/** What a browser sends for a PIN: HMAC-SHA256 under its own device secret, in hex (decision 078). */
const proofOf = (secret: Buffer, pin: string) => createHmac('sha256', secret).update(pin).digest('hex');

const setPin = (client: TestClient, proof: string, idleMinutes = 5) =>
  client.put('/api/me/lock', { proof, idleMinutes });
const engage = (client: TestClient) => client.post('/api/me/lock/engage', {});
const tryPin = (client: TestClient, proof: string) => client.post('/api/me/lock/unlock', { proof });

/** The app lock (decision 078): one device's PIN, its lock, and what a locked session may still do. */
describe.each(databases())('the app lock on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A user with a PIN set on their session, and that session's secret. */
  async function withPin(user?: TestUser) {
    const who = user ?? (await createUser(server, { role: 'submissive' }));
    const secret = randomBytes(32);
    const body = await expectBody(await setPin(who.client, proofOf(secret, '123456'), 1), 200);
    expect(body).toEqual({
      pinSet: true,
      locked: false,
      idleMinutes: 1,
      attemptsLeft: MAX_PIN_FAILURES,
      passkey: false,
    });
    return { who, secret, right: proofOf(secret, '123456'), wrong: proofOf(secret, '654321') };
  }

  it('keeps only a hash of the proof, never the PIN or the proof itself', async () => {
    const { who, right } = await withPin();
    const rows = await server.database.db.select().from(sessionLocks).where(eq(sessionLocks.userId, who.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.verifier).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.verifier).not.toBe(right);
    expect(JSON.stringify(rows)).not.toContain('123456');
  });

  it('locked, a device reads nothing but its lock; Red, the stream and signing out still work', async () => {
    const couple = await createCouple(server);
    const { right } = await withPin(couple.submissive);
    const client = couple.submissive.client;
    expect(await expectBody(await engage(client), 200)).toMatchObject({ locked: true, pinSet: true });
    for (const path of ['/api/me', '/api/tasks', '/api/journal/messages', '/api/me/sessions', '/api/stops']) {
      await expectError(await client.get(path), 423, 'APP_LOCKED');
    }
    await expectError(await setPin(client, right), 423, 'APP_LOCKED');
    await expectError(await client.delete('/api/me/lock'), 423, 'APP_LOCKED');
    expect(await expectBody(await client.get('/api/me/lock'), 200)).toMatchObject({ locked: true });
    // Engaging again changes nothing.
    expect((await engage(client)).status).toBe(200);
    // A safeword is never behind a PIN (decision 078).
    const red = await expectBody(await client.post('/api/stops', {}), 200);
    expect(red.stops).toHaveLength(1);
    // The stream keeps delivering to a locked device.
    const controller = new AbortController();
    const stream = await client.fetch('/api/events', { signal: controller.signal });
    expect(stream.status).toBe(200);
    controller.abort();
    await stream.body?.cancel().catch(() => {});
    // The partner's session is not locked.
    expect((await couple.dominant.client.get('/api/tasks')).status).toBe(200);
    // A right PIN unlocks.
    expect(await expectBody(await tryPin(client, right), 200)).toMatchObject({ locked: false });
    expect((await client.get('/api/tasks')).status).toBe(200);
    // Signing out works while locked.
    await expectBody(await engage(client), 200);
    expect((await client.post('/api/auth/logout', {})).status).toBe(200);
    await expectError(await client.get('/api/me/lock'), 401, 'NOT_AUTHENTICATED');
  });

  it('counts wrong PINs, a right one starts the count again, the fifth signs the device out', async () => {
    const { who, right, wrong } = await withPin();
    const client = who.client;
    await expectBody(await engage(client), 200);
    const first = await expectError(await tryPin(client, wrong), 403, 'WRONG_PIN', APP_LOCK_TEXT.wrongPin(4));
    expect(first.error.message).toContain('4 tries left');
    await expectError(await tryPin(client, wrong), 403, 'WRONG_PIN', APP_LOCK_TEXT.wrongPin(3));
    expect(await expectBody(await tryPin(client, right), 200)).toMatchObject({ attemptsLeft: 5 });
    await expectBody(await engage(client), 200);
    const cookie = client.sessionCookie();
    expect(cookie).toBeTruthy();
    for (let left = 4; left >= 1; left--) {
      await expectError(await tryPin(client, wrong), 403, 'WRONG_PIN', APP_LOCK_TEXT.wrongPin(left));
    }
    const eventsBefore = await server.count(securityEvents);
    const out = await tryPin(client, wrong);
    await expectError(out, 401, 'LOCK_SIGNED_OUT', APP_LOCK_TEXT.signedOut);
    expect(out.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect(client.sessionCookie()).toBeUndefined();
    // The old cookie, kept by someone, opens nothing any more, and the right PIN no longer matters.
    const kept = createClient(server.url, new Map([[SESSION_COOKIE, cookie ?? '']]));
    expect(await expectBody(await kept.get('/api/me'), 200)).toEqual({ user: null });
    await expectError(await tryPin(kept, right), 401, 'NOT_AUTHENTICATED');
    expect(
      await server.database.db.select().from(sessionLocks).where(eq(sessionLocks.userId, who.id)),
    ).toEqual([]);
    expect(await server.count(securityEvents)).toBe(eventsBefore + 1);
    // Signing in again with the password is the way back.
    const again = await signIn(server, who);
    expect((await again.get('/api/me')).status).toBe(200);
    expect(await expectBody(await again.get('/api/me/lock'), 200)).toMatchObject({ pinSet: false });
  });

  it('a lock is its own device’s: another session or a stranger can neither read it nor unlock it', async () => {
    const { who, right } = await withPin();
    await expectBody(await engage(who.client), 200);
    const otherDevice = await signIn(server, who);
    expect(await expectBody(await otherDevice.get('/api/me/lock'), 200)).toMatchObject({
      pinSet: false,
      locked: false,
    });
    expect((await otherDevice.get('/api/tasks')).status).toBe(200);
    await expectError(await tryPin(otherDevice, right), 409, 'CONFLICT', APP_LOCK_TEXT.noPin);
    const stranger = await createUser(server, { role: 'dominant' });
    await expectError(await tryPin(stranger.client, right), 409, 'CONFLICT');
    await expectError(await engage(stranger.client), 409, 'CONFLICT', APP_LOCK_TEXT.pinSetElsewhere);
    // Still locked: nobody else's answer unlocked it.
    expect(await expectBody(await who.client.get('/api/me/lock'), 200)).toMatchObject({ locked: true });
    const anonymous = server.client();
    for (const response of [
      await anonymous.get('/api/me/lock'),
      await setPin(anonymous, right),
      await anonymous.patch('/api/me/lock', { idleMinutes: 5 }),
      await anonymous.delete('/api/me/lock'),
      await engage(anonymous),
      await tryPin(anonymous, right),
    ]) {
      await expectError(response, 401, 'NOT_AUTHENTICATED');
    }
  });

  it('changes the idle time and removes the PIN; refuses bad input and changes nothing', async () => {
    const { who, secret } = await withPin();
    const client = who.client;
    expect(await expectBody(await client.patch('/api/me/lock', { idleMinutes: 15 }), 200)).toMatchObject({
      idleMinutes: 15,
    });
    const before = await server.rowCounts();
    const [row] = await server.database.db.select().from(sessionLocks).where(eq(sessionLocks.userId, who.id));
    const bad: unknown[] = [
      {},
      { proof: 12, idleMinutes: 5 },
      { proof: proofOf(secret, '1'), idleMinutes: 7 },
      { proof: '123456', idleMinutes: 5 },
      { proof: 'a'.repeat(65), idleMinutes: 5 },
      { proof: `${'a'.repeat(63)}\u0000`, idleMinutes: 5 },
      { proof: proofOf(secret, '1').toUpperCase(), idleMinutes: 5 },
      { proof: proofOf(secret, '1'), idleMinutes: '5' },
      { proof: proofOf(secret, '1'), idleMinutes: 5, pin: '123456' },
    ];
    for (const body of bad) await expectError(await setPin2(client, body), 400);
    for (const body of [{}, { idleMinutes: 0 }, { idleMinutes: null }, { idleMinutes: 5, x: 1 }]) {
      await expectError(await client.patch('/api/me/lock', body), 400);
    }
    for (const body of [{}, { proof: 'x'.repeat(10_000) }, { proof: null }, { proof: '\u0000' }]) {
      await expectError(await client.post('/api/me/lock/unlock', body), 400);
    }
    for (const text of MALFORMED_BODIES.slice(0, 6)) {
      for (const [method, path] of [
        ['PUT', '/api/me/lock'],
        ['PATCH', '/api/me/lock'],
        ['POST', '/api/me/lock/unlock'],
      ] as const) {
        const response = await client.fetch(path, {
          method,
          headers: { 'content-type': 'application/json' },
          body: text,
        });
        expect(response.status, `${method} ${path} ${text}`).toBe(400);
        await response.body?.cancel();
      }
    }
    expect(await server.rowCounts()).toEqual(before);
    const [same] = await server.database.db
      .select()
      .from(sessionLocks)
      .where(eq(sessionLocks.userId, who.id));
    expect(same).toEqual(row);
    // Removed, the device has no lock to engage or to answer.
    expect(await expectBody(await client.delete('/api/me/lock'), 200)).toMatchObject({ pinSet: false });
    await expectError(await client.delete('/api/me/lock'), 409, 'CONFLICT', APP_LOCK_TEXT.noPin);
    await expectError(await client.patch('/api/me/lock', { idleMinutes: 5 }), 409, 'CONFLICT');
    await expectError(await engage(client), 409, 'CONFLICT');
    expect((await client.get('/api/tasks')).status).toBe(200);
  });

  const setPin2 = (client: TestClient, body: unknown) => client.put('/api/me/lock', body);
});
