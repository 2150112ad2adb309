import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { SESSION_COOKIE, type TestClient } from '../test/client';
import { databases } from '../test/database';
import { expectBody, expectError } from '../test/responses';
import { startTestServer, type TestServer } from '../test/server';
import { createUser, requestResetToken, signIn, type TestUser } from '../test/users';

/** The same request a stolen cookie would make: nothing but the cookie. */
const withCookie = (server: TestServer, cookie: string, path = '/api/tasks') =>
  server.request(path, { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });

/** A request that warms the cache for this client's session. */
async function warm(client: TestClient) {
  await expectBody(await client.api.me.$get(), 200);
}

describe.each(databases())('the session cache (%s)', (db) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a warm session from memory, and asks the database again once told to forget it', async () => {
    const user = await createUser(server);
    await warm(user.client);
    // Behind Pact's back: only the cache can still know this session.
    await server.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    await expectBody(await user.api.tasks.$get({ query: {} }), 200);
    await server.services.sessions.forget({ userIds: [user.id] });
    await expectError(await user.api.tasks.$get({ query: {} }), 401, 'NOT_AUTHENTICATED');
  });

  it('refuses a warm cookie at once after sign-out', async () => {
    const user = await createUser(server);
    await warm(user.client);
    const cookie = user.client.sessionCookie()!;
    expect((await withCookie(server, cookie)).status).toBe(200);
    expect((await user.client.post('/api/auth/logout')).status).toBe(200);
    await expectError(await withCookie(server, cookie), 401, 'NOT_AUTHENTICATED');
  });

  it('refuses every warm session of a user at once after a password reset', async () => {
    const user = await createUser(server);
    const other = await signIn(server, user);
    await warm(user.client);
    await warm(other);
    const token = await requestResetToken(server, user.email);
    const reset = await server.api.auth['reset-password'].$post({
      json: { token, password: 'Otter9#glacier', confirmPassword: 'Otter9#glacier' },
    });
    expect(reset.status).toBe(200);
    await expectError(await user.api.tasks.$get({ query: {} }), 401, 'NOT_AUTHENTICATED');
    await expectError(await other.api.tasks.$get({ query: {} }), 401, 'NOT_AUTHENTICATED');
  });

  it("applies a Switch's choice of role to the very next request of a warm session", async () => {
    const user = await createUser(server, { role: 'switch' });
    for (const role of ['dominant', 'submissive'] as const) {
      const client = await signIn(server, user);
      await warm(client);
      expect((await expectBody(await client.api.me.$get(), 200)).user?.sessionRole).toBeNull();
      await expectBody(await client.api.me['session-role'].$put({ json: { role } }), 200);
      const me = await expectBody(await client.api.me.$get(), 200);
      expect(me.user?.sessionRole).toBe(role);
    }
  });

  it('refuses a cookie whose signature was tampered with, warm or not', async () => {
    const user = await createUser(server);
    await warm(user.client);
    const cookie = decodeURIComponent(user.client.sessionCookie()!);
    const dot = cookie.lastIndexOf('.');
    const token = cookie.slice(0, dot);
    const signature = cookie.slice(dot + 1);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const forged of [
      `${token}.${flipped}`,
      token,
      `${token}.`,
      `.${signature}`,
      `${token}x.${signature}`,
    ]) {
      await expectError(await withCookie(server, encodeURIComponent(forged)), 401, 'NOT_AUTHENTICATED');
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the session cache across two instances', () => {
  let first: TestServer;
  let second: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    first = await startTestServer({ db: 'postgres', requireEmailVerification: false });
    // The same database and data directory (so the same secret): another instance behind the balancer.
    second = await startTestServer({
      database: first.database,
      dataDir: first.services.config.dataDir,
      requireEmailVerification: false,
    });
    user = await createUser(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a sign-out on one instance ends the warm session on the other', async () => {
    const cookie = user.client.sessionCookie()!;
    expect((await withCookie(second, cookie)).status).toBe(200);
    expect((await withCookie(second, cookie)).status).toBe(200);
    expect((await user.client.post('/api/auth/logout')).status).toBe(200);
    // The order travels through PostgreSQL's NOTIFY: the next request after it arrives is refused.
    await expect.poll(async () => (await withCookie(second, cookie)).status, { timeout: 5_000 }).toBe(401);
  });
});
