import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/errors';
import { accounts, sessions, users, verifications } from '../../db/schema';
import { jsonInit, SESSION_COOKIE, sessionCookieOf, type TestClient } from '../../test/client';
import { databases } from '../../test/database';
import { expectBody, type SuccessBody } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { extractLink } from '../../test/smtp-peer';
import {
  type Credentials,
  login,
  registerAndVerify,
  registrationBody,
  requestResetToken,
  STRONG_PASSWORD,
  signIn,
  uniqueEmail,
} from '../../test/users';

const MINUTE = 60_000;
const NEW_PASSWORD = 'Otter9#glacier';
const NOT_AUTHENTICATED = { error: { code: 'NOT_AUTHENTICATED', message: 'Not authenticated' } };
/** What /api/me answers a visitor: nobody is signed in, which is an answer, not a refusal. */
const SIGNED_OUT = { user: null };
const INVALID_CREDENTIALS = { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } };
const INVALID_RESET = { error: { code: 'INVALID_TOKEN', message: 'Reset link invalid or expired' } };

async function userRow(server: TestServer, email: string) {
  const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function sessionsOf(server: TestServer, email: string) {
  const user = await userRow(server, email);
  if (!user) return [];
  return server.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
}

const register = (server: TestServer, body: Record<string, unknown>) =>
  server.request('/api/auth/register', jsonInit('POST', body));

async function me(client: TestClient) {
  const response = await client.api.me.$get();
  return { status: response.status, body: await response.json() };
}

/** The signed-in user as /api/me shows it; fails when nobody is signed in. */
async function meUser(client: TestClient) {
  const { status, body } = await me(client);
  expect(status).toBe(200);
  if (!body.user) throw new Error('/api/me answered that nobody is signed in');
  return body.user;
}

const resetPassword = (
  server: TestServer,
  token: string,
  password = NEW_PASSWORD,
  confirmPassword = password,
) => server.request('/api/auth/reset-password', jsonInit('POST', { token, password, confirmPassword }));
const checkToken = (server: TestServer, token: unknown) =>
  server.request('/api/auth/recovery/check', jsonInit('POST', { token }));

describe.each(databases())('accounts API on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind });
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('registration', () => {
    it('answers 201 verification_required, signs nobody in, and mails a link to APP_URL/api/auth/verify-email', async () => {
      const body = registrationBody();
      const response = await register(server, body);
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ status: 'verification_required' });
      expect(sessionCookieOf(response)).toBeUndefined();

      const mail = await server.smtp.waitForMail(String(body.email));
      expect(mail.subject).toBe('Confirm your email for Pact');
      const link = new URL(extractLink(mail.raw));
      expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/api/auth/verify-email`);
      expect(link.searchParams.get('token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(link.searchParams.get('callbackURL')).toBe('/auth-callback?verified=1');
    });

    it('stores the e-mail normalised, the display name trimmed, the derived username and an argon2id hash', async () => {
      const email = uniqueEmail('MiXed');
      const response = await register(
        server,
        registrationBody({
          email: `  ${email.toUpperCase()}  `,
          displayName: "  Jane   O'Brien-Smith ",
          role: 'switch',
        }),
      );
      expect(response.status).toBe(201);
      const row = await userRow(server, email.toLowerCase());
      expect(row).toMatchObject({
        email: email.toLowerCase(),
        displayName: "Jane O'Brien-Smith",
        username: 'janeobriensmith',
        role: 'switch',
        emailVerified: false,
      });
      const [credential] = await server.database.db
        .select()
        .from(accounts)
        .where(eq(accounts.userId, row!.id));
      expect(credential?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(credential?.password).not.toContain(STRONG_PASSWORD);
      // The mail goes to the normalised address.
      await server.smtp.waitForMail(email.toLowerCase());
    });

    it('refuses a second account for the same e-mail, whatever its case or surrounding spaces', async () => {
      const body = registrationBody();
      const email = String(body.email);
      expect((await register(server, body)).status).toBe(201);
      const before = await server.rowCounts();

      for (const variant of [email, email.toUpperCase(), `  ${email}\t`]) {
        const response = await register(
          server,
          registrationBody({ email: variant, displayName: 'Intruder' }),
        );
        expect(response.status).toBe(409);
        expect(await response.json()).toEqual({
          error: { code: 'EMAIL_EXISTS', message: 'A user with this email already exists' },
        });
      }
      expect(await server.rowCounts()).toEqual(before);
      expect((await userRow(server, email))?.displayName).toBe('Test User');
      // Mails leave in the background: wait for the first, then for any other under way.
      await server.smtp.waitForMail(email);
      await server.mailsSettled();
      expect(server.smtp.mailsTo(email)).toHaveLength(1);
    });

    it('lets only one of three simultaneous registrations for one e-mail through', async () => {
      const body = registrationBody();
      const responses = await Promise.all([
        register(server, body),
        register(server, body),
        register(server, body),
      ]);
      expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect(await server.count(users)).toBeGreaterThan(0);
      const rows = await server.database.db
        .select()
        .from(users)
        .where(eq(users.email, String(body.email)));
      expect(rows).toHaveLength(1);
    });

    const long = 'x'.repeat(51);
    it.each([
      ['a short password', { password: 'Ze7!q' }, 'password', 'Password must be at least 8 characters long'],
      [
        'no uppercase letter',
        { password: 'zebra7!quartz' },
        'password',
        'Password must contain at least one uppercase letter',
      ],
      [
        'no lowercase letter',
        { password: 'ZEBRA7!QUARTZ' },
        'password',
        'Password must contain at least one lowercase letter',
      ],
      ['no number', { password: 'Zebra!!quartz' }, 'password', 'Password must contain at least one number'],
      [
        'no special character',
        { password: 'Zebra7quartz' },
        'password',
        'Password must contain at least one special character',
      ],
      [
        'a common password',
        { password: 'Password7!x' },
        'password',
        'Password contains common words that are easily guessed',
      ],
      [
        'a common word inside',
        { password: 'Xy7!qWeRtYz' },
        'password',
        'Password contains common words that are easily guessed',
      ],
      ['an empty password', { password: '' }, 'password', 'Password is required'],
      [
        'a missing password',
        { password: undefined, confirmPassword: 'x' },
        'password',
        'Password is required',
      ],
      ['a mismatch', { confirmPassword: 'Zebra7!quartZ' }, 'confirmPassword', 'Passwords do not match'],
      [
        'a short display name',
        { displayName: 'J' },
        'displayName',
        'Display name must be at least 2 characters long',
      ],
      [
        'a blank display name',
        { displayName: '      ' },
        'displayName',
        'Display name must be at least 2 characters long',
      ],
      [
        'a long display name',
        { displayName: long },
        'displayName',
        'Display name must be less than 50 characters',
      ],
      [
        'a 10 kB display name',
        { displayName: 'x'.repeat(10_000) },
        'displayName',
        'Display name must be less than 50 characters',
      ],
      ['an e-mail without @', { email: 'jane.example.com' }, 'email', 'Please enter a valid email address'],
      [
        'an e-mail without domain dot',
        { email: 'jane@example' },
        'email',
        'Please enter a valid email address',
      ],
      [
        'a 10 kB e-mail',
        { email: `${'a'.repeat(10_000)}@example.com` },
        'email',
        'Please enter a valid email address',
      ],
      ['an e-mail with < >', { email: '<jane@example.com>' }, 'email', 'Email contains invalid characters'],
      [
        'an e-mail with a quote',
        { email: 'ja"ne@example.com' },
        'email',
        'Email contains invalid characters',
      ],
      [
        'an e-mail with an apostrophe',
        { email: "ja'ne@example.com" },
        'email',
        'Email contains invalid characters',
      ],
      ['an empty e-mail', { email: '' }, 'email', 'Email is required'],
      ['an unknown role', { role: 'boss' }, 'role', 'Please choose a role: dominant, switch or submissive'],
      ['a missing role', { role: undefined }, 'role', 'Please choose a role: dominant, switch or submissive'],
      [
        'a missing ageConfirmed',
        { ageConfirmed: undefined },
        'ageConfirmed',
        'You must confirm that you are 18 or older',
      ],
      [
        'ageConfirmed false',
        { ageConfirmed: false },
        'ageConfirmed',
        'You must confirm that you are 18 or older',
      ],
      [
        'ageConfirmed "true"',
        { ageConfirmed: 'true' },
        'ageConfirmed',
        'You must confirm that you are 18 or older',
      ],
      ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'timeZone', 'Unknown time zone'],
    ])('refuses %s with its message, and creates nothing', async (_, overrides, field, message) => {
      const body = registrationBody(overrides);
      const before = await server.rowCounts();
      const response = await register(server, body);
      expect(response.status).toBe(400);
      const answer: ApiErrorBody = await response.json();
      expect(answer.error).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(answer.error.fields).toEqual({ [field]: message });
      expect(await server.rowCounts()).toEqual(before);
      if (typeof body.email === 'string' && body.email.includes('@')) {
        expect(server.smtp.mailsTo(body.email.trim().toLowerCase())).toEqual([]);
      }
    });

    it('ignores fields a client must not set (a pre-verified address, an id, a session role)', async () => {
      const body = {
        ...registrationBody({ role: 'switch' }),
        emailVerified: true,
        id: '00000000-0000-4000-8000-000000000000',
        sessionRole: 'dominant',
        username: 'admin',
      };
      expect((await register(server, body)).status).toBe(201);
      const row = await userRow(server, String(body.email));
      expect(row).toMatchObject({ emailVerified: false, username: 'testuser' });
      expect(row?.id).not.toBe(body.id);
      const response = await login(server, String(body.email), STRONG_PASSWORD);
      expect(response.status).toBe(403);
    });
  });

  describe('e-mail verification', () => {
    it('refuses login before the address is confirmed, and sends a fresh link', async () => {
      const body = registrationBody();
      const email = String(body.email);
      await register(server, body);
      await server.smtp.waitForMail(email);

      const response = await login(server, email, STRONG_PASSWORD);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: { code: 'EMAIL_NOT_CONFIRMED', message: 'Email not confirmed' },
      });
      expect(sessionCookieOf(response)).toBeUndefined();
      const fresh = await server.smtp.waitForMail(email);
      expect(fresh.subject).toBe('Confirm your email for Pact');

      // The fresh link confirms the address and lands on the same page as the first one.
      const verified = await fetch(extractLink(fresh.raw), { redirect: 'manual' });
      expect(verified.status).toBe(302);
      const location = new URL(verified.headers.get('location')!, server.url);
      expect(`${location.pathname}${location.search}`).toBe('/auth-callback?verified=1');
      expect((await login(server, email, STRONG_PASSWORD)).status).toBe(200);
    });

    it('does not reveal an unconfirmed account to a wrong password', async () => {
      const body = registrationBody();
      await register(server, body);
      const response = await login(server, String(body.email), 'Wrong7!password');
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(INVALID_CREDENTIALS);
    });

    it('confirms the address through the link, redirecting to /auth-callback?verified=1; then login works', async () => {
      const body = registrationBody();
      const email = String(body.email);
      await register(server, body);
      const mail = await server.smtp.waitForMail(email);

      const response = await fetch(extractLink(mail.raw), { redirect: 'manual' });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!, server.url);
      expect(`${location.pathname}${location.search}`).toBe('/auth-callback?verified=1');
      expect((await userRow(server, email))?.emailVerified).toBe(true);

      const signedIn = await server.api.auth.login.$post({ json: { email, password: STRONG_PASSWORD } });
      expect((await expectBody(signedIn, 200)).user.email).toBe(email);
    });

    it.each([
      ['garbage', () => 'garbage'],
      [
        'a tampered signature',
        (real: string) => `${real.slice(0, -4)}${real.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`,
      ],
      [
        'a token signed with another secret',
        () =>
          'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6InhAZXhhbXBsZS5jb20iLCJpYXQiOjE3MDAwMDAwMDAsImV4cCI6NDEwMjQ0NDgwMH0.bm90LWEtcmVhbC1zaWduYXR1cmUtYXQtYWxsLWF0LWFsbA',
      ],
    ])('refuses %s: redirects with error=... and leaves the address unconfirmed', async (_, forge) => {
      const body = registrationBody();
      const email = String(body.email);
      await register(server, body);
      const real = new URL(extractLink((await server.smtp.waitForMail(email)).raw));
      const forged = new URL(real);
      forged.searchParams.set('token', forge(real.searchParams.get('token')!));

      const response = await fetch(forged, { redirect: 'manual' });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!, server.url);
      expect(location.pathname).toBe('/auth-callback');
      expect(location.searchParams.get('error')).toMatch(/^[A-Z_]+$/);
      expect((await userRow(server, email))?.emailVerified).toBe(false);
      expect((await login(server, email, STRONG_PASSWORD)).status).toBe(403);
    });

    it('resends a link on request to an unconfirmed address only, and answers the same for everyone', async () => {
      const body = registrationBody();
      const email = String(body.email);
      await register(server, body);
      await server.smtp.waitForMail(email);
      const verifiedUser = await registerAndVerify(server);
      const unknown = uniqueEmail('nobody');

      for (const address of [email, verifiedUser.email, unknown]) {
        const response = await server.request(
          '/api/auth/resend-verification',
          jsonInit('POST', { email: address }),
        );
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ success: true });
      }
      const resent = await server.smtp.waitForMail(email);
      expect(resent.subject).toBe('Confirm your email for Pact');
      const verified = await fetch(extractLink(resent.raw), { redirect: 'manual' });
      const location = new URL(verified.headers.get('location')!, server.url);
      expect(`${location.pathname}${location.search}`).toBe('/auth-callback?verified=1');
      expect((await login(server, email, STRONG_PASSWORD)).status).toBe(200);
      expect(server.smtp.mailsTo(verifiedUser.email)).toHaveLength(1); // only the sign-up mail
      expect(server.smtp.mailsTo(unknown)).toEqual([]);
    });
  });

  describe('login', () => {
    let user: Credentials;
    beforeAll(async () => {
      user = await registerAndVerify(server, { role: 'dominant', displayName: 'Dana Dom' });
    });

    it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
      const before = await server.rowCounts();
      const wrong = await login(server, user.email, `${user.password}x`);
      const unknown = await login(server, uniqueEmail('ghost'), user.password);
      for (const response of [wrong, unknown]) {
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual(INVALID_CREDENTIALS);
        expect(sessionCookieOf(response)).toBeUndefined();
      }
      const after = await server.rowCounts();
      expect(after.sessions).toBe(before.sessions);
      await signIn(server, user); // clears the failures this test recorded
    });

    it('signs in with an HttpOnly, SameSite=Lax session cookie (not Secure on http) and presents the user', async () => {
      const response = await server.api.auth.login.$post({
        json: { email: user.email, password: user.password },
      });
      expect(response.status).toBe(200);
      const cookie = sessionCookieOf(response)!;
      expect(cookie).toBeDefined();
      const attributes = cookie.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes).toContain('httponly');
      expect(attributes).toContain('samesite=lax');
      expect(attributes).toContain('path=/');
      expect(attributes.some((a) => a.startsWith('secure'))).toBe(false);

      const text = await response.text();
      expect(text).not.toMatch(/argon2|password/i);
      const body: SuccessBody<typeof response> = JSON.parse(text);
      expect(body.user).toMatchObject({
        email: user.email,
        displayName: 'Dana Dom',
        username: 'danadom',
        role: 'dominant',
        sessionRole: 'dominant',
        partners: [],
      });
      expect(Object.keys(body.user).sort()).toEqual(
        [
          'displayName',
          'email',
          'id',
          'lastVisitAt',
          'partners',
          'photoURL',
          'role',
          'sessionRole',
          'timeZone',
          'username',
        ].sort(),
      );
    });

    it('accepts the e-mail in any case and with surrounding spaces', async () => {
      const response = await login(server, `  ${user.email.toUpperCase()} `, user.password);
      expect(response.status).toBe(200);
    });

    it('creates a new session on each login; each works until its own logout', async () => {
      const first = await signIn(server, user);
      const second = await signIn(server, user);
      expect(first.sessionCookie()).not.toBe(second.sessionCookie());
      expect((await me(first)).status).toBe(200);
      expect((await me(second)).status).toBe(200);

      expect((await first.post('/api/auth/logout')).status).toBe(200);
      expect(await me(first)).toEqual({ status: 200, body: SIGNED_OUT });
      expect(await meUser(second)).toMatchObject({ email: user.email });
    });
  });

  describe('logout', () => {
    it('ends the session: /api/me answers that nobody is signed in and the old cookie replayed is refused', async () => {
      const user = await registerAndVerify(server);
      const client = await signIn(server, user);
      const oldCookie = client.sessionCookie()!;
      expect((await me(client)).status).toBe(200);
      expect(await sessionsOf(server, user.email)).toHaveLength(1);

      const response = await client.post('/api/auth/logout');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });
      const cleared = sessionCookieOf(response);
      expect(cleared).toMatch(/Max-Age=0/i);
      expect(client.sessionCookie()).toBeUndefined();

      const after = await client.get('/api/me');
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual(SIGNED_OUT);

      const cookie = { headers: { cookie: `${SESSION_COOKIE}=${oldCookie}` } };
      const replayed = await server.request('/api/me', cookie);
      expect(replayed.status).toBe(200);
      expect(await replayed.json()).toEqual(SIGNED_OUT);
      const partners = await server.request('/api/partners', cookie);
      expect(partners.status).toBe(401);
      expect(await partners.json()).toEqual(NOT_AUTHENTICATED);
      expect(await sessionsOf(server, user.email)).toHaveLength(0);
    });

    it('answers 200 without a session, and changes nothing', async () => {
      const before = await server.rowCounts();
      const response = await server.client().post('/api/auth/logout');
      expect(response.status).toBe(200);
      expect(await server.rowCounts()).toEqual(before);
    });
  });

  describe('password reset', () => {
    it('answers 200 for an unknown e-mail too, and sends nothing', async () => {
      const unknown = uniqueEmail('nobody');
      const before = await server.rowCounts();
      const response = await server.request(
        '/api/auth/forgot-password',
        jsonInit('POST', { email: unknown }),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });
      expect(server.smtp.mailsTo(unknown)).toEqual([]);
      expect(await server.rowCounts()).toEqual(before);
    });

    it('mails a link to APP_URL/auth?type=recovery&token=...&email=... that the check accepts', async () => {
      const user = await registerAndVerify(server);
      const response = await server.request(
        '/api/auth/forgot-password',
        jsonInit('POST', { email: `  ${user.email.toUpperCase()} ` }),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });
      const mail = await server.smtp.waitForMail(user.email, (m) => m.subject === 'Reset your Pact password');
      const link = new URL(extractLink(mail.raw));
      expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/auth`);
      expect(link.searchParams.get('type')).toBe('recovery');
      expect(link.searchParams.get('email')).toBe(user.email);
      const token = link.searchParams.get('token')!;
      expect(token.length).toBeGreaterThanOrEqual(20);

      const check = await checkToken(server, token);
      expect(check.status).toBe(200);
      expect(await check.json()).toEqual({ valid: true });
    });

    it.each([
      ['a made-up token', 'x'.repeat(24)],
      ['a verification JWT', 'eyJhbGciOiJIUzI1NiJ9.e30.abc'],
      ['a SQL-looking token', "' or 1=1 --"],
    ])('refuses %s with 400 "Reset link invalid or expired"', async (_, token) => {
      const check = await checkToken(server, token);
      expect(check.status).toBe(400);
      expect(await check.json()).toEqual(INVALID_RESET);
      const before = await server.rowCounts();
      const reset = await resetPassword(server, token);
      expect(reset.status).toBe(400);
      expect(await reset.json()).toEqual(INVALID_RESET);
      expect(await server.rowCounts()).toEqual(before);
    });

    it('refuses a weak or mismatched new password with the policy message, and the token still works', async () => {
      const user = await registerAndVerify(server);
      const token = await requestResetToken(server, user.email);
      for (const [password, confirm, message] of [
        ['Otter#glacier', 'Otter#glacier', 'Password must contain at least one number'],
        ['Short7!', 'Short7!', 'Password must be at least 8 characters long'],
        ['Password7!x', 'Password7!x', 'Password contains common words that are easily guessed'],
        [NEW_PASSWORD, `${NEW_PASSWORD}x`, 'Passwords do not match'],
      ] as const) {
        const response = await resetPassword(server, token, password, confirm);
        expect(response.status).toBe(400);
        expect((await response.json()).error).toMatchObject({
          code: 'VALIDATION_ERROR',
          message,
        });
      }
      expect((await checkToken(server, token)).status).toBe(200);
      expect((await login(server, user.email, user.password)).status).toBe(200);
    });

    it('sets the new password, revokes every earlier session and uses the token up', async () => {
      const user = await registerAndVerify(server);
      const earlier = await signIn(server, user);
      const another = await signIn(server, user);
      const token = await requestResetToken(server, user.email);

      const response = await resetPassword(server, token);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });

      for (const client of [earlier, another]) {
        const answer = await client.get('/api/me');
        expect(answer.status).toBe(200);
        expect(await answer.json()).toEqual(SIGNED_OUT);
        expect((await client.get('/api/partners')).status).toBe(401);
      }
      expect(await sessionsOf(server, user.email)).toHaveLength(0);

      const old = await login(server, user.email, user.password);
      expect(old.status).toBe(401);
      expect(await old.json()).toEqual(INVALID_CREDENTIALS);
      expect((await login(server, user.email, NEW_PASSWORD)).status).toBe(200);

      // Used once: neither the check nor a second reset accepts it.
      expect(await (await checkToken(server, token)).json()).toEqual(INVALID_RESET);
      const again = await resetPassword(server, token, 'Another8$sparrow');
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual(INVALID_RESET);
      expect((await login(server, user.email, NEW_PASSWORD)).status).toBe(200);
    });

    it('refuses a token after its hour has passed on the clock', async () => {
      const user = await registerAndVerify(server);
      const token = await requestResetToken(server, user.email);
      // The library stamps the expiry with the real time: the clock starts from it, however long the
      // tests before took.
      server.clock.set(new Date());
      server.clock.advance(59 * MINUTE);
      try {
        expect((await checkToken(server, token)).status).toBe(200);
        server.clock.advance(2 * MINUTE);
        const check = await checkToken(server, token);
        expect(check.status).toBe(400);
        expect(await check.json()).toEqual(INVALID_RESET);
        const reset = await resetPassword(server, token);
        expect(reset.status).toBe(400);
        expect(await reset.json()).toEqual(INVALID_RESET);
      } finally {
        server.clock.advance(-61 * MINUTE);
      }
      expect((await login(server, user.email, user.password)).status).toBe(200);
    });

    it('refuses a token whose stored expiry has passed', async () => {
      const user = await registerAndVerify(server);
      const token = await requestResetToken(server, user.email);
      const row = await userRow(server, user.email);
      await server.database.db
        .update(verifications)
        .set({ expiresAt: new Date(Date.now() - MINUTE) })
        .where(eq(verifications.value, row!.id));
      server.clock.set(new Date());

      expect(await (await checkToken(server, token)).json()).toEqual(INVALID_RESET);
      const reset = await resetPassword(server, token);
      expect(reset.status).toBe(400);
      expect(await reset.json()).toEqual(INVALID_RESET);
      expect((await login(server, user.email, user.password)).status).toBe(200);
    });
  });

  describe('session role of a Switch', () => {
    let switchUser: Credentials | undefined;

    it('starts null, is kept on the server session, and is per session', async () => {
      const user = await registerAndVerify(server, { role: 'switch' });
      const client = await signIn(server, user);
      expect(await meUser(client)).toMatchObject({ role: 'switch', sessionRole: null });

      const chosen = await client.api.me['session-role'].$put({ json: { role: 'dominant' } });
      expect((await expectBody(chosen, 200)).user).toMatchObject({
        role: 'switch',
        sessionRole: 'dominant',
      });
      expect((await meUser(client)).sessionRole).toBe('dominant');
      const stored = await server.database.db
        .select({ role: sessions.sessionRole })
        .from(sessions)
        .where(eq(sessions.userId, (await userRow(server, user.email))!.id));
      expect(stored).toEqual([{ role: 'dominant' }]);

      // Fixed for the session: the same choice again is harmless (a double tap), another is refused.
      expect((await client.put('/api/me/session-role', { role: 'dominant' })).status).toBe(200);
      const changed = await client.put('/api/me/session-role', { role: 'submissive' });
      expect(changed.status).toBe(409);
      expect(await changed.json()).toEqual({
        error: {
          code: 'ROLE_ALREADY_CHOSEN',
          message: 'Your role for this session is already chosen. Sign out and in again to change it.',
        },
      });
      expect((await meUser(client)).sessionRole).toBe('dominant');

      const other = await signIn(server, user);
      expect((await meUser(other)).sessionRole).toBeNull();
      expect((await other.put('/api/me/session-role', { role: 'submissive' })).status).toBe(200);
      expect((await meUser(other)).sessionRole).toBe('submissive');
      expect((await meUser(client)).sessionRole).toBe('dominant');

      await client.post('/api/auth/logout');
      const again = await signIn(server, user);
      expect((await meUser(again)).sessionRole).toBeNull();
    });

    it('two different choices racing: one wins, the other is refused, the session keeps the winner', async () => {
      const user = await registerAndVerify(server, { role: 'switch' });
      const client = await signIn(server, user);
      const answers = await Promise.all(
        (['dominant', 'submissive', 'dominant', 'submissive'] as const).map((role) =>
          client.put('/api/me/session-role', { role }),
        ),
      );
      const kept = (await meUser(client)).sessionRole;
      expect(kept === 'dominant' || kept === 'submissive').toBe(true);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 200, 409, 409]);
      const stored = await sessionsOf(server, user.email);
      expect(stored.map((s) => s.sessionRole)).toEqual([kept]);
    });

    it.each(['dominant', 'submissive'] as const)(
      'refuses a %s user with 403 ROLE_NOT_SWITCH',
      async (role) => {
        const user = await registerAndVerify(server, { role });
        const client = await signIn(server, user);
        const other = role === 'dominant' ? 'submissive' : 'dominant';
        const response = await client.put('/api/me/session-role', { role: other });
        expect(response.status).toBe(403);
        expect((await response.json()).error).toMatchObject({
          code: 'ROLE_NOT_SWITCH',
        });
        expect(await meUser(client)).toMatchObject({ role, sessionRole: role });
        const stored = await sessionsOf(server, user.email);
        expect(stored.map((s) => s.sessionRole)).toEqual([null]);
      },
    );

    it.each(['switch', 'boss', '', null, 1, ['dominant']])(
      'refuses the session role %j with 400',
      async (role) => {
        switchUser ??= await registerAndVerify(server, { role: 'switch' });
        const client = await signIn(server, switchUser);
        const response = await client.put('/api/me/session-role', { role });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({
          error: { code: 'VALIDATION_ERROR', message: 'Session role must be dominant or submissive' },
        });
        expect((await meUser(client)).sessionRole).toBeNull();
      },
    );
  });

  describe('access', () => {
    it('GET /api/me without a session answers 200 with no user: a visitor is not an error', async () => {
      const response = await server.request('/api/me');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(SIGNED_OUT);
      expect(sessionCookieOf(response)).toBeUndefined();
    });

    it.each([
      ['PUT', '/api/me/session-role'],
      ['POST', '/api/me/visit'],
    ])('%s %s without a session answers 401 "Not authenticated"', async (method, path) => {
      const response = await server.request(
        path,
        jsonInit(method, method === 'GET' ? undefined : { role: 'dominant' }),
      );
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(NOT_AUTHENTICATED);
    });

    it('refuses a forged, garbled or foreign session cookie', async () => {
      const user = await registerAndVerify(server);
      const client = await signIn(server, user);
      const real = client.sessionCookie()!;
      const [token, signature] = decodeURIComponent(real).split('.');
      for (const value of [
        'garbage',
        `${token}.${'A'.repeat(signature!.length)}`,
        `${'B'.repeat(token!.length)}.${signature}`,
        token!,
        '',
        '%E0%A4%A',
        'a'.repeat(5_000),
      ]) {
        const cookie = { headers: { cookie: `${SESSION_COOKIE}=${value}` } };
        const response = await server.request('/api/me', cookie);
        expect(response.status, value).toBe(200);
        expect(await response.json()).toEqual(SIGNED_OUT);
        const partners = await server.request('/api/partners', cookie);
        expect(partners.status, value).toBe(401);
        expect(await partners.json()).toEqual(NOT_AUTHENTICATED);
      }
    });

    it.each([
      ['GET', '/api/whatever'],
      ['POST', '/api/whatever'],
      ['GET', '/api/auth/unknown'],
      // The library's own endpoints are not mounted: they would bypass the shared validation and the limit.
      ['POST', '/api/auth/sign-up/email'],
      ['POST', '/api/auth/sign-in/email'],
      ['GET', '/api/auth/get-session'],
      ['POST', '/api/auth/request-password-reset'],
      ['GET', '/api/auth/list-sessions'],
    ])('%s %s answers 404 JSON', async (method, path) => {
      const before = await server.rowCounts();
      const body = { email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Mallory', role: 'dominant' };
      const response = await server.request(path, jsonInit(method, method === 'GET' ? undefined : body));
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      expect(await server.rowCounts()).toEqual(before);
    });
  });

  describe('bad input on every route', () => {
    let switchClient: TestClient;
    let switchUser: Credentials;
    beforeAll(async () => {
      switchUser = await registerAndVerify(server, { role: 'switch' });
      switchClient = await signIn(server, switchUser);
    });

    const routes = [
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/forgot-password'],
      ['POST', '/api/auth/resend-verification'],
      ['POST', '/api/auth/recovery/check'],
      ['POST', '/api/auth/reset-password'],
      ['PUT', '/api/me/session-role'],
    ] as const;

    /** Sends as the signed-in Switch, so that /api/me routes reach their validation. */
    async function send(method: string, path: string, init: RequestInit) {
      const before = await server.rowCounts();
      const response = await switchClient.fetch(path, { method, ...init });
      const text = await response.text();
      expect(response.status, text).toBeGreaterThanOrEqual(400);
      expect(response.status, text).toBeLessThan(500);
      const body: ApiErrorBody = JSON.parse(text);
      expect(body.error.code).toMatch(/^[A-Z_]+$/);
      expect(typeof body.error.message).toBe('string');
      expect(await server.rowCounts()).toEqual(before);
      expect((await meUser(switchClient)).sessionRole).toBeNull();
      return { status: response.status, body };
    }

    describe.each(routes)('%s %s', (method, path) => {
      it.each([
        ['{}', '{}'],
        ['null', 'null'],
        ['an array', '[]'],
        ['a number', '42'],
        ['a string', '"hello"'],
        ['an array of fields', '[{"email":"a@b.co"}]'],
        [
          'numbers for every field',
          JSON.stringify({ email: 1, password: 2, confirmPassword: 2, displayName: 3, token: 4, role: 5 }),
        ],
        [
          'arrays for every field',
          JSON.stringify({
            email: ['a@b.co'],
            password: ['x'],
            displayName: ['xx'],
            token: ['t'],
            role: ['dominant'],
          }),
        ],
        [
          'null for every field',
          JSON.stringify({ email: null, password: null, displayName: null, token: null, role: null }),
        ],
        [
          'objects for every field',
          JSON.stringify({
            email: {},
            password: {},
            displayName: {},
            token: { $ne: '' },
            role: {},
            ageConfirmed: {},
          }),
        ],
        [
          '10 kB strings',
          JSON.stringify({
            email: `${'e'.repeat(10_000)}@example.com`,
            password: 'P'.repeat(10_000),
            confirmPassword: 'P'.repeat(10_000),
            displayName: 'D'.repeat(10_000),
            token: 'T'.repeat(10_000),
            role: 'R'.repeat(10_000),
            ageConfirmed: true,
          }),
        ],
      ])('refuses %s with 400 VALIDATION_ERROR', async (_, body) => {
        const { status, body: answer } = await send(method, path, {
          headers: { 'content-type': 'application/json' },
          body,
        });
        expect(status).toBe(400);
        expect(answer.error.code).toBe('VALIDATION_ERROR');
      });

      it.each(['{"email":', '{email: "a@b.co"}', "{'a':1}", '{"a":1,}', '\u0000'])(
        'refuses the malformed JSON %j with 400 MALFORMED_JSON',
        async (body) => {
          const { status, body: answer } = await send(method, path, {
            headers: { 'content-type': 'application/json' },
            body,
          });
          expect(status).toBe(400);
          expect(answer.error.code).toBe('MALFORMED_JSON');
        },
      );

      it.each([
        ['text/plain', '{"email":"a@b.co"}'],
        ['application/x-www-form-urlencoded', 'email=a%40b.co&password=x'],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--',
        ],
        ['', '{"email":"a@b.co"}'],
      ])('refuses the Content-Type %j with 415', async (type, body) => {
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        const { status, body: answer } = await send(method, path, {
          headers,
          body: type ? body : new TextEncoder().encode(body),
        });
        expect(status).toBe(415);
        expect(answer.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      });

      it('refuses a 100 kB body with 413', async () => {
        const { status, body } = await send(method, path, {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'a@b.co', padding: 'x'.repeat(100_000) }),
        });
        expect(status).toBe(413);
        expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
      });

      it.each(['https://evil.example', 'null', 'http://127.0.0.1', 'http://localhost:3000'])(
        'refuses the cross-origin Origin %j with 403',
        async (origin) => {
          const { status, body } = await send(method, path, {
            headers: { 'content-type': 'application/json', origin },
            body: JSON.stringify({
              email: switchUser.email,
              password: switchUser.password,
              role: 'dominant',
            }),
          });
          expect(status).toBe(403);
          expect(body.error.code).toBe('CROSS_ORIGIN');
        },
      );
    });

    it('POST /api/auth/logout from another origin is refused and the session survives', async () => {
      for (const origin of ['https://evil.example', 'null']) {
        const response = await switchClient.fetch('/api/auth/logout', {
          method: 'POST',
          headers: { origin },
        });
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({ error: { code: 'CROSS_ORIGIN' } });
      }
      const form = await switchClient.fetch('/api/auth/logout', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      });
      expect(form.status).toBe(415);
      const huge = await switchClient.fetch('/api/auth/logout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ padding: 'x'.repeat(100_000) }),
      });
      expect(huge.status).toBe(413);
      expect((await me(switchClient)).status).toBe(200);
    });

    it('a cross-origin login with the right password signs nobody in', async () => {
      const before = await server.rowCounts();
      const response = await server.request(
        '/api/auth/login',
        jsonInit(
          'POST',
          { email: switchUser.email, password: switchUser.password },
          { origin: 'https://evil.example' },
        ),
      );
      expect(response.status).toBe(403);
      expect(sessionCookieOf(response)).toBeUndefined();
      expect(await server.rowCounts()).toEqual(before);
    });

    it('GET /api/me ignores a query and odd headers, and never fails', async () => {
      const inits: RequestInit[] = [
        { headers: { cookie: 'a=b; =; ;;; pact.session_token' } },
        { headers: { cookie: `${SESSION_COOKIE}=${'%'.repeat(100)}` } },
        { headers: { accept: 'text/html' } },
      ];
      for (const init of inits) {
        const response = await server.request('/api/me?x=%00&y[]=1', init);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual(SIGNED_OUT);
      }
    });
  });
});

describe.each(databases())('registration without e-mail verification on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 201 signed_in with a session cookie and the user; /api/me works; no mail is sent', async () => {
    const client = server.client();
    const body = registrationBody({ role: 'switch', displayName: 'Sam Switch', timeZone: 'Europe/Paris' });
    const response = await client.api.auth.register.$post({ json: body });
    const result = await expectBody(response, 201);
    expect(result.status).toBe('signed_in');
    const user = result.status === 'signed_in' ? result.user : undefined;
    expect(user).toMatchObject({
      email: body.email,
      displayName: 'Sam Switch',
      username: 'samswitch',
      role: 'switch',
      sessionRole: null,
      timeZone: 'Europe/Paris',
    });
    const cookie = sessionCookieOf(response);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    expect((await meUser(client)).id).toBe(user?.id);
    expect(server.smtp.mailsTo(String(body.email))).toEqual([]);

    expect((await login(server, String(body.email), STRONG_PASSWORD)).status).toBe(200);
  });

  it('still refuses a duplicate and bad input', async () => {
    const body = registrationBody();
    expect((await register(server, body)).status).toBe(201);
    expect((await register(server, body)).status).toBe(409);
    const weak = await register(server, registrationBody({ password: 'weakpass' }));
    expect(weak.status).toBe(400);
    expect(sessionCookieOf(weak)).toBeUndefined();
  });
});
