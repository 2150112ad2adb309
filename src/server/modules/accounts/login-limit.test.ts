import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonInit, SESSION_COOKIE } from '../../test/client';
import { databases } from '../../test/database';
import { startTestServer, type TestServer } from '../../test/server';
import {
  login,
  registerAndVerify,
  registrationBody,
  requestResetToken,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../../test/users';

const MINUTE = 60_000;
const NEW_PASSWORD = 'Otter9#glacier';
const INVALID_CREDENTIALS = { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } };
const lockMessage = (minutes: number) => ({
  error: {
    code: 'TOO_MANY_ATTEMPTS',
    message: `Too many login attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  },
});

const hasSessionCookie = (response: Response) =>
  response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`));

describe.each(databases())('login rate limit on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function fail(email: string, times: number) {
    for (let i = 0; i < times; i++) {
      const response = await login(server, email, `Wrong${i}!password`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(INVALID_CREDENTIALS);
    }
  }

  it('locks after 5 failures: the 6th attempt, even with the right password, answers 429', async () => {
    const user = await registerAndVerify(server);
    await fail(user.email, 5);
    const response = await login(server, user.email, user.password);
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual(lockMessage(15));
    expect(hasSessionCookie(response)).toBe(false);
  });

  it('counts down in whole minutes and opens 15 minutes after the last failure', async () => {
    const user = await registerAndVerify(server);
    await fail(user.email, 5);
    server.clock.advance(14 * MINUTE);
    expect(await (await login(server, user.email, user.password)).json()).toEqual(lockMessage(1));
    server.clock.advance(MINUTE - 1_000);
    expect((await login(server, user.email, user.password)).status).toBe(429);
    server.clock.advance(1_000);
    expect((await login(server, user.email, user.password)).status).toBe(200);
  });

  it('starts counting afresh once the window has passed', async () => {
    const user = await registerAndVerify(server);
    await fail(user.email, 5);
    server.clock.advance(15 * MINUTE);
    await fail(user.email, 4);
    expect((await login(server, user.email, user.password)).status).toBe(200);
  });

  it('forgets failures older than the window', async () => {
    const user = await registerAndVerify(server);
    await fail(user.email, 4);
    server.clock.advance(16 * MINUTE);
    await fail(user.email, 1);
    const response = await login(server, user.email, user.password);
    expect(response.status).toBe(200);
  });

  it('resets the counter on a success (4 failures, success, 4 failures: not locked)', async () => {
    const user = await registerAndVerify(server);
    await fail(user.email, 4);
    expect((await login(server, user.email, user.password)).status).toBe(200);
    await fail(user.email, 4);
    expect((await login(server, user.email, user.password)).status).toBe(200);
  });

  it('locks one e-mail only: another account signs in and fails normally', async () => {
    const locked = await registerAndVerify(server);
    const other = await registerAndVerify(server);
    await fail(locked.email, 5);
    expect((await login(server, locked.email, locked.password)).status).toBe(429);
    await fail(other.email, 1);
    expect((await login(server, other.email, other.password)).status).toBe(200);
  });

  it('cannot be dodged by changing the case or spacing of the e-mail', async () => {
    const user = await registerAndVerify(server);
    const variants = [
      user.email,
      user.email.toUpperCase(),
      ` ${user.email}`,
      `${user.email} `,
      `\t${user.email}`,
    ];
    for (const variant of variants) {
      expect((await login(server, variant, 'Wrong1!password')).status).toBe(401);
    }
    const response = await login(server, `  ${user.email.toUpperCase()}`, user.password);
    expect(response.status).toBe(429);
  });

  it('does not count the right password on an unconfirmed address as a failure', async () => {
    const body = registrationBody();
    const email = String(body.email);
    await server.request('/api/auth/register', jsonInit('POST', body));
    await fail(email, 4);
    for (let i = 0; i < 3; i++) {
      const response = await login(server, email, STRONG_PASSWORD);
      expect(response.status).toBe(403);
    }
    await fail(email, 1);
    expect(await (await login(server, email, STRONG_PASSWORD)).json()).toEqual(lockMessage(15));
  });

  it('locks an unknown e-mail the same way, so that the lock reveals no account', async () => {
    const ghost = uniqueEmail('ghost');
    await fail(ghost, 5);
    const response = await login(server, ghost, STRONG_PASSWORD);
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual(lockMessage(15));
  });

  it('holds against a burst of simultaneous guesses', async () => {
    const user = await registerAndVerify(server);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(server, user.email, `Guess${i}!password`)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect((await login(server, user.email, user.password)).status).toBe(429);
  });

  it('survives a new server instance on the same database', async () => {
    const user = await registerAndVerify(server);
    await fail(user.email, 5);
    const second = await startTestServer({ db: kind, database: server.database, clock: server.clock });
    try {
      const response = await login(second, user.email, user.password);
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual(lockMessage(15));
    } finally {
      await second.close();
    }
    expect(await server.services.database.ping()).toBe(true);
  });

  it('is lifted by a password reset', async () => {
    const user = await registerAndVerify(server);
    await fail(user.email, 5);
    const token = await requestResetToken(server, user.email);
    const reset = { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect((await server.request('/api/auth/reset-password', jsonInit('POST', reset))).status).toBe(200);
    expect((await login(server, user.email, NEW_PASSWORD)).status).toBe(200);
  });
});
