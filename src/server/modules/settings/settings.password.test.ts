import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyKeysView } from '@/shared/schemas/keys';
import { databases } from '../../test/database';
import { openEventStream } from '../../test/event-stream';
import { MALFORMED_BODIES } from '../../test/hostile';
import { expectBody, expectError } from '../../test/responses';
import { setUpKeysOf } from '../../test/sealed';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, login, signIn, type TestUser } from '../../test/users';

const NEW = 'Fresh8$meadow';
const b64 = (bytes: number) => randomBytes(bytes).toString('base64url');

describe.each(databases())('change password on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const change = (user: TestUser, body: unknown) => user.client.post('/api/me/password', body);
  const valid = (user: TestUser) => ({ currentPassword: user.password, password: NEW, confirmPassword: NEW });
  const securityCodes = async (user: TestUser) =>
    (await expectBody(await user.api.me.security.$get(), 200)).events.map((e) => e.code);

  it('changes it, signs every other session out at once, mails the owner and logs it', async () => {
    const user = await createUser(server);
    const other = await signIn(server, user);
    await expectBody(await other.api.me.sessions.$get(), 200);
    const stream = await openEventStream(other);
    const answer = await expectBody(await user.api.me.password.$post({ json: valid(user) }), 200);
    expect(answer).toEqual({ success: true, revoked: 1 });
    await stream.ended;
    await expectError(await other.api.me.sessions.$get(), 401);
    // This session goes on; the old password no longer works, the new one does.
    await expectBody(await user.api.me.sessions.$get(), 200);
    expect((await login(server, user.email, user.password)).status).toBe(401);
    await signIn(server, { email: user.email, password: NEW });
    const mail = await server.smtp.waitForMail(
      user.email,
      (m) => m.subject === 'Your Pact password was changed',
    );
    expect(mail.raw).not.toContain(NEW);
    expect(await securityCodes(user)).toContain('password_changed');
  });

  it('stores the key re-wrapped by the new password with the change; without one, or refused, the wrap stays', async () => {
    const user = await createUser(server);
    await setUpKeysOf(user);
    const wrapOf = async (who: TestUser) =>
      ((await expectBody(await who.client.get('/api/keys'), 200)) as MyKeysView).keys!.passwordWrap;
    const first = await wrapOf(user);
    const rewrapped = { ...first, salt: b64(16), iv: b64(12), ct: b64(154) };
    // A wrong current password: nothing is stored, the wrap neither.
    await expectError(
      await change(user, { ...valid(user), currentPassword: 'Not-the-one1!', passwordWrap: rewrapped }),
      400,
    );
    expect(await wrapOf(user)).toEqual(first);
    // A malformed wrap: refused before anything changes.
    await expectError(await change(user, { ...valid(user), passwordWrap: { ...rewrapped, m: 1 } }), 400);
    await signIn(server, user);
    expect(await wrapOf(user)).toEqual(first);
    await expectBody(await change(user, { ...valid(user), passwordWrap: rewrapped }), 200);
    expect(await wrapOf(user)).toEqual(rewrapped);
    // A change from a browser that could not open the key leaves the wrap as it was.
    const back = { currentPassword: NEW, password: 'Other8$meadow', confirmPassword: 'Other8$meadow' };
    await expectBody(await change(user, back), 200);
    expect(await wrapOf(user)).toEqual(rewrapped);
  });

  it('refuses a wrong current password, changes nothing and logs the failure', async () => {
    const user = await createUser(server);
    const other = await signIn(server, user);
    const before = await server.rowCounts();
    const body = await expectError(
      await change(user, { ...valid(user), currentPassword: 'Not-the-one1!' }),
      400,
      'VALIDATION_ERROR',
      'Current password is incorrect',
    );
    expect(body.error.fields).toEqual({ currentPassword: 'Current password is incorrect' });
    const after = await server.rowCounts();
    expect({ ...after, securityEvents: before.securityEvents }).toEqual(before);
    expect(after.securityEvents).toBe(before.securityEvents + 1);
    expect((await securityCodes(user))[0]).toBe('password_change_failed');
    await expectBody(await other.api.me.sessions.$get(), 200);
    await signIn(server, user);
  });

  it('applies the password rules and refuses bad input with nothing changed', async () => {
    const user = await createUser(server);
    const before = await server.rowCounts();
    const cases: [unknown, string][] = [
      [
        { ...valid(user), password: 'short', confirmPassword: 'short' },
        'Password must be at least 8 characters long',
      ],
      [{ ...valid(user), confirmPassword: 'Other8$meadow' }, 'Passwords do not match'],
      [{ password: NEW, confirmPassword: NEW }, 'Current password is required'],
      [{ ...valid(user), currentPassword: 42 }, 'Current password is required'],
      [{ ...valid(user), currentPassword: 'x'.repeat(10_000) }, 'Current password is incorrect'],
      [
        { ...valid(user), password: `${NEW}\u0000`, confirmPassword: `${NEW}\u0000` },
        'Text must not contain NUL characters',
      ],
      [[], 'Request body must be a JSON object'],
    ];
    for (const [body, message] of cases)
      await expectError(await change(user, body), 400, 'VALIDATION_ERROR', message);
    for (const text of MALFORMED_BODIES) {
      const response = await user.client.fetch('/api/me/password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: text,
      });
      expect(response.status, text.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await server.rowCounts()).toEqual(before);
    await expectError(await server.client().post('/api/me/password', valid(user)), 401, 'NOT_AUTHENTICATED');
  });

  it('is limited per account', async () => {
    const limited = await startTestServer({ db: kind, requireEmailVerification: false, rateLimitScale: 1 });
    try {
      const user = await createUser(limited);
      for (let i = 0; i < 5; i++) {
        await expectError(await change(user, { ...valid(user), currentPassword: `Guess${i}!aaA` }), 400);
      }
      await expectError(await change(user, valid(user)), 429, 'RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
