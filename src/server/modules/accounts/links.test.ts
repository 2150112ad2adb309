import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonInit } from '../../test/client';
import { databases } from '../../test/database';
import { expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { extractLink } from '../../test/smtp-peer';
import { login, registerAndVerify, registrationBody, requestResetToken } from '../../test/users';

const NEW_PASSWORD = 'Quartz9!zebra';

describe.each(databases())('one-time links on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db: kind });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a successful reset ends every other reset link of the user, older ones included', async () => {
    const { email } = await registerAndVerify(server);
    const older = await requestResetToken(server, email);
    const newer = await requestResetToken(server, email);
    const reset = await server.request(
      '/api/auth/reset-password',
      jsonInit('POST', { token: newer, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    );
    expect(reset.status, await reset.clone().text()).toBe(200);
    const check = await server.request('/api/auth/recovery/check', jsonInit('POST', { token: older }));
    await expectError(check, 400, 'INVALID_TOKEN', 'Reset link invalid or expired');
    const replay = await server.request(
      '/api/auth/reset-password',
      jsonInit('POST', { token: older, password: 'Other8!lemons', confirmPassword: 'Other8!lemons' }),
    );
    await expectError(replay, 400, 'INVALID_TOKEN', 'Reset link invalid or expired');
    // The password is the one of the newer link.
    expect((await login(server, email, NEW_PASSWORD)).status).toBe(200);
  });

  it('an e-mail verification link works once; a second use redirects with an error', async () => {
    const body = registrationBody();
    const email = String(body.email);
    expect((await server.request('/api/auth/register', jsonInit('POST', body))).status).toBe(201);
    const mail = await server.smtp.waitForMail(email, (m) => m.subject === 'Confirm your email for Pact');
    const link = extractLink(mail.raw);
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(new URL(first.headers.get('location')!, server.url).searchParams.get('error')).toBeNull();
    const second = await fetch(link, { redirect: 'manual' });
    expect(second.status).toBe(302);
    const location = new URL(second.headers.get('location')!, server.url);
    expect(location.pathname).toBe('/auth-callback');
    expect(location.searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('a made-up verification link changes nothing: it is refused as a bad one, and nothing is stored', async () => {
    const header = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url');
    const claims = Buffer.from('{"email":"someone@example.com","exp":9999999999}').toString('base64url');
    const body = registrationBody();
    expect((await server.request('/api/auth/register', jsonInit('POST', body))).status).toBe(201);
    const mail = await server.smtp.waitForMail(
      String(body.email),
      (m) => m.subject === 'Confirm your email for Pact',
    );
    const before = await server.rowCounts();
    for (const token of ['made-up', `${header}.${claims}.${'A'.repeat(43)}`, 'a.b.c', 'x'.repeat(2_000)]) {
      // The mailed link with its token replaced.
      const link = new URL(extractLink(mail.raw));
      link.searchParams.set('token', token);
      const response = await fetch(link, { redirect: 'manual' });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!, server.url);
      expect(location.searchParams.get('error')).toBe('INVALID_TOKEN');
    }
    expect(await server.rowCounts()).toEqual(before);
  });
});
