import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonInit, sessionCookieOf } from '../../test/client';
import { databases, openTestDatabase, type TestDatabase } from '../../test/database';
import { expectBody } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, login, registrationBody, STRONG_PASSWORD } from '../../test/users';

/**
 * The operator may start Pact without e-mail verification and turn it on later (decision 040): the
 * accounts made meanwhile were signed in without ever being asked to confirm, and must not be locked out
 * behind a mail they never had to answer. Accounts made while it is on still confirm their address.
 */
describe.each(databases())('turning e-mail verification on later, on %s', (kind) => {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  let server: TestServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
    await database?.dispose();
    database = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  /** A server on the test's one database and data directory, as after a restart with new settings. */
  async function restartWith(requireEmailVerification: boolean) {
    await server?.close();
    database ??= await openTestDatabase(kind);
    dataDir ??= mkdtempSync(path.join(tmpdir(), 'pact-verify-'));
    server = await startTestServer({
      db: kind,
      database: database.database,
      dataDir,
      requireEmailVerification,
    });
    return server;
  }

  const register = (s: TestServer, body: Record<string, unknown>) =>
    s.request('/api/auth/register', jsonInit('POST', body));

  it('keeps an account made while it was off usable: it signs in, with no mail, once it is on', async () => {
    const off = await restartWith(false);
    const body = registrationBody({ role: 'dominant', displayName: 'Morgan Early' });
    const made = await register(off, body);
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({ status: 'signed_in' });

    const on = await restartWith(true);
    const response = await login(on, String(body.email), STRONG_PASSWORD);
    expect(response.status).toBe(200);
    expect(sessionCookieOf(response)).toBeTruthy();
    expect(on.smtp.mailsTo(String(body.email))).toEqual([]);

    // Findable by a partner's exact search, as any usable account is.
    const partner = await createUser(on, { role: 'submissive' });
    const found = await expectBody(
      await partner.api.users.search.$post({ json: { email: String(body.email) } }),
      200,
    );
    expect(found.users.map((u) => u.displayName)).toEqual(['Morgan Early']);
  });

  it('still asks an account made while it was on to confirm its address, after a period with it off', async () => {
    const on = await restartWith(true);
    const body = registrationBody();
    const made = await register(on, body);
    expect(await made.json()).toMatchObject({ status: 'verification_required' });

    await restartWith(false);
    const again = await restartWith(true);
    const response = await login(again, String(body.email), STRONG_PASSWORD);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: { code: 'EMAIL_NOT_CONFIRMED', message: 'Email not confirmed' },
    });
    expect(sessionCookieOf(response)).toBeUndefined();
  });
});
