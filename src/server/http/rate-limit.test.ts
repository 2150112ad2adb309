import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, rateLimits } from '../db/schema';
import { jsonInit } from '../test/client';
import { databases } from '../test/database';
import { createCouple } from '../test/partners';
import { expectError } from '../test/responses';
import { startTestServer, type TestServer } from '../test/server';
import { createUser, registerAndVerify, registrationBody, uniqueEmail } from '../test/users';
import { LIMITS } from './rate-limit';

const TOO_MANY = /^Too many requests\. Please try again in \d+ minutes?\.$/;

describe.each(databases())('limits on anonymous and probing requests on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, rateLimitScale: 1, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function expectLimited(response: Response, message: RegExp = TOO_MANY) {
    const body = await expectError(response, 429, 'RATE_LIMITED');
    expect(body.error.message).toMatch(message);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  it('forgot-password: at most five mails to one address an hour, however many are asked for', async () => {
    const { email } = await registerAndVerify(server);
    const forgot = () => server.request('/api/auth/forgot-password', jsonInit('POST', { email }));
    for (let i = 0; i < LIMITS.mailToAddress.max; i++) expect((await forgot()).status).toBe(200);
    await expectLimited(await forgot());
    await server.mailsSettled();
    expect(server.smtp.mailsTo(email).filter((m) => m.subject === 'Reset your Pact password')).toHaveLength(
      LIMITS.mailToAddress.max,
    );
    // The window passes; the owner can ask again.
    server.clock.advance(LIMITS.mailToAddress.windowMs + 1_000);
    expect((await forgot()).status).toBe(200);
  });

  it('one client asking for mails to many addresses is stopped too, and verification resends count', async () => {
    server.clock.advance(LIMITS.mailFromClient.windowMs + 1_000);
    const ask = (path: string) => server.request(path, jsonInit('POST', { email: uniqueEmail('probe') }));
    for (let i = 0; i < LIMITS.mailFromClient.max; i++) {
      const path = i % 2 ? '/api/auth/forgot-password' : '/api/auth/resend-verification';
      expect((await ask(path)).status).toBe(200);
    }
    await expectLimited(await ask('/api/auth/resend-verification'));
    await expectLimited(await ask('/api/auth/forgot-password'));
  });

  it('registration: ten accounts an hour from one client address', async () => {
    const before = await server.rowCounts();
    server.clock.advance(LIMITS.registerFromClient.windowMs + 1_000);
    let made = 0;
    for (let i = 0; i < LIMITS.registerFromClient.max; i++) {
      const response = await server.request('/api/auth/register', jsonInit('POST', registrationBody()));
      if (response.status === 201) made++;
    }
    expect(made).toBe(LIMITS.registerFromClient.max);
    const refused = await server.request('/api/auth/register', jsonInit('POST', registrationBody()));
    await expectLimited(refused);
    expect((await server.rowCounts()).users).toBe(before.users + made);
  });

  it('login: a client guessing across many addresses is stopped with the spec message', async () => {
    server.clock.advance(LIMITS.loginFromClient.windowMs + 1_000);
    const guess = () =>
      server.request(
        '/api/auth/login',
        jsonInit('POST', { email: uniqueEmail('guess'), password: 'Wrong1!pass' }),
      );
    for (let i = 0; i < LIMITS.loginFromClient.max; i++) expect((await guess()).status).toBe(401);
    await expectLimited(await guess(), /^Too many login attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('partner search: an account probing addresses is stopped before it can map who uses Pact', async () => {
    // Past the registration window too: the couple registers from this same address.
    server.clock.advance(LIMITS.registerFromClient.windowMs + 1_000);
    const { dominant } = await createCouple(server);
    const search = () => dominant.client.post('/api/users/search', { email: uniqueEmail('probe') });
    for (let i = 0; i < LIMITS.searchByAccount.max; i++) expect((await search()).status).toBe(200);
    await expectLimited(await search());
  });

  it('partner search: accounts taking turns from one client address share its limit, whatever it forwards', async () => {
    // Past the search and registration windows: the accounts register from this same address.
    server.clock.advance(LIMITS.registerFromClient.windowMs + 1_000);
    const perAccount = LIMITS.searchByAccount.max;
    const fromClient = LIMITS.searchFromClient.max;
    const accounts = await Promise.all(
      Array.from({ length: Math.ceil(fromClient / perAccount) + 1 }, () => createUser(server)),
    );
    // A spoofed X-Forwarded-For is not believed: the server is not behind a proxy (TRUST_PROXY unset).
    const search = (index: number) =>
      accounts[index]!.client.post(
        '/api/users/search',
        { email: uniqueEmail('probe') },
        { headers: { 'X-Forwarded-For': `203.0.113.${index + 1}` } },
      );
    let searched = 0;
    for (let index = 0; searched < fromClient; index++) {
      for (let i = 0; i < perAccount && searched < fromClient; i++, searched++) {
        expect((await search(index)).status).toBe(200);
      }
    }
    // The last account has not searched yet: its own count is fresh, the address's is spent.
    const fresh = accounts.length - 1;
    await expectLimited(await search(fresh));
    await expectLimited(await search(0));
    // The window passes; the same account searches again.
    server.clock.advance(LIMITS.searchFromClient.windowMs + 1_000);
    expect((await search(fresh)).status).toBe(200);
  });

  it('keeps no address or e-mail in the table of limits', async () => {
    const rows = (await server.database.db.execute('select key from rate_limits' as never)) as unknown as {
      rows: { key: string }[];
    };
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const { key } of rows.rows) {
      expect(key).not.toMatch(/@|127\.0\.0\.1|::1/);
    }
  });
});

describe('what the limits keep does not grow for ever', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('login counters for addresses that do not exist, and ended windows, are swept', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await server.request(
        '/api/auth/login',
        jsonInit('POST', { email: uniqueEmail('nobody'), password: 'Wrong1!pass' }),
      );
      expect(response.status).toBe(401);
    }
    expect(await server.count(loginAttempts)).toBe(5);
    expect(await server.count(rateLimits)).toBeGreaterThan(0);
    server.clock.advance(2 * 60 * 60 * 1000);
    await server.services.maintain();
    expect(await server.count(loginAttempts)).toBe(0);
    expect(await server.count(rateLimits)).toBe(0);
  });
});
