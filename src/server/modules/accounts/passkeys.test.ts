import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_TEXT } from '@/shared/texts/passkeys';
import { passkeys, sessions } from '../../db/schema';
import { SESSION_COOKIE } from '../../test/client';
import { databases } from '../../test/database';
import { addPasskey, authenticatorFor, optionsOf, passkeySignIn } from '../../test/passkeys';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, type TestUser } from '../../test/users';

/** Passkeys (decision 077): registration, sign-in, management and the app lock's confirmation, for real. */
describe.each(databases())('passkeys on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const codes = async (user: TestUser) =>
    (await expectBody(await user.api.me.security.$get(), 200)).events.map((e) => `${e.type}:${e.code}`);
  const listOf = async (user: TestUser) =>
    (await expectBody(await user.api.me.passkeys.$get(), 200)).passkeys;

  it('registers a passkey, signs out, signs in with it, lists, renames and removes it; the log tells', async () => {
    const user = await createUser(server);
    const { authenticator, passkey } = await addPasskey(server, user.client, 'Phone');
    expect(passkey).toMatchObject({ name: 'Phone', lastUsedAt: null, backedUp: false });
    // No private key reaches the server: the row holds the public key and the counter.
    const [row] = await server.services.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row).toMatchObject({ userId: user.id, credentialID: authenticator.id, counter: 0 });

    await expectBody(await user.client.post('/api/auth/logout'), 200);
    expect(user.client.sessionCookie()).toBeUndefined();
    const { client, answer } = await passkeySignIn(server, authenticator, { client: user.client });
    const signedIn = await expectBody(answer, 200);
    expect(signedIn.user).toMatchObject({ id: user.id, email: user.email });
    expect(client.sessionCookie()).toBeTruthy();
    const me = await expectBody(await client.api.me.$get(), 200);
    expect(me.user?.id).toBe(user.id);
    user.client = client;
    user.api = client.api;

    const [listed] = await listOf(user);
    expect(listed).toMatchObject({ id: passkey.id, name: 'Phone', lastUsedAt: expect.any(Number) });
    const renamed = await expectBody(
      await user.api.me.passkeys[':id'].$patch({ param: { id: passkey.id }, json: { name: '  Laptop ' } }),
      200,
    );
    expect(renamed.passkey.name).toBe('Laptop');
    await expectBody(await user.api.me.passkeys[':id'].$delete({ param: { id: passkey.id } }), 200);
    expect(await listOf(user)).toEqual([]);
    expect(await codes(user)).toEqual([
      'other:passkey_removed',
      'other:passkey_sign_in',
      'other:passkey_added',
      'other:account_created',
    ]);
    // A removed passkey signs nobody in.
    const again = await passkeySignIn(server, authenticator);
    await expectError(again.answer, 401, 'INVALID_CREDENTIALS', PASSKEY_TEXT.notRecognised);
    expect(again.client.sessionCookie()).toBeUndefined();
  });

  it('refuses a wrong signature, another challenge, a spent challenge and an unverified user', async () => {
    const user = await createUser(server);
    const { authenticator } = await addPasskey(server, user.client);
    const sessionsBefore = await server.count(sessions);
    const forged = await passkeySignIn(server, authenticator, { forgeSignature: true });
    await expectError(forged.answer, 401, 'INVALID_CREDENTIALS', PASSKEY_TEXT.notRecognised);
    expect(forged.client.sessionCookie()).toBeUndefined();
    const otherChallenge = await passkeySignIn(server, authenticator, {
      challenge: 'bm90LXRoZS1jaGFsbGVuZ2U',
    });
    await expectError(otherChallenge.answer, 401, 'INVALID_CREDENTIALS');
    const unverified = await passkeySignIn(server, authenticator, { userVerified: false });
    await expectError(unverified.answer, 401, 'INVALID_CREDENTIALS');
    // The challenge is spent by the first answer, right or wrong.
    const client = server.client();
    const options = await optionsOf(client, '/api/auth/passkey/options');
    const response = authenticator.assert(options, { origin: server.url });
    await expectError(
      await client.post('/api/auth/passkey/login', {
        response: { ...response, rawId: response.id, response: { ...response.response, signature: 'AAAA' } },
      }),
      401,
    );
    await expectError(
      await client.post('/api/auth/passkey/login', { response }),
      400,
      'BAD_REQUEST',
      PASSKEY_TEXT.challengeExpired,
    );
    // Without the challenge cookie at all.
    await expectError(
      await server.request('/api/auth/passkey/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ response }),
      }),
      400,
      'BAD_REQUEST',
      PASSKEY_TEXT.challengeExpired,
    );
    expect(await server.count(sessions)).toBe(sessionsBefore);
    expect((await codes(user)).filter((c) => c === 'auth_failure:passkey_failed')).toHaveLength(4);
    // A registration whose authenticator did not verify its user is refused, and nothing is stored.
    const weak = authenticatorFor(server);
    const regOptions = await optionsOf(user.client, '/api/me/passkeys/register-options');
    await expectError(
      await user.client.post('/api/me/passkeys', {
        response: weak.register(regOptions, { origin: server.url, userVerified: false }),
      }),
      400,
      'BAD_REQUEST',
    );
    // Nor one made for another origin.
    const elsewhere = await optionsOf(user.client, '/api/me/passkeys/register-options');
    await expectError(
      await user.client.post('/api/me/passkeys', {
        response: weak.register(elsewhere, { origin: 'https://evil.example' }),
      }),
      400,
      'BAD_REQUEST',
      PASSKEY_TEXT.notVerified,
    );
    expect(await listOf(user)).toHaveLength(1);
  });

  it('a stranger can neither rename nor remove another one’s passkey, nor confirm with it', async () => {
    const owner = await createUser(server);
    const stranger = await createUser(server, { role: 'dominant' });
    const { authenticator, passkey } = await addPasskey(server, owner.client, 'Mine');
    const before = await server.rowCounts();
    await expectError(
      await stranger.client.patch(`/api/me/passkeys/${passkey.id}`, { name: 'Theirs' }),
      404,
      'NOT_FOUND',
      PASSKEY_TEXT.notFound,
    );
    await expectError(await stranger.client.delete(`/api/me/passkeys/${passkey.id}`), 404, 'NOT_FOUND');
    expect(await listOf(stranger)).toEqual([]);
    // The stranger has no passkey to confirm with; the owner's answers nothing for them.
    await expectError(
      await stranger.client.get('/api/me/passkeys/confirm-options'),
      404,
      'NOT_FOUND',
      PASSKEY_TEXT.noPasskey,
    );
    await addPasskey(server, stranger.client);
    const options = await optionsOf(stranger.client, '/api/me/passkeys/confirm-options');
    const response = authenticator.assert(options, { origin: server.url });
    await expectError(
      await stranger.client.post('/api/me/passkeys/confirm', { response }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect(await listOf(owner)).toMatchObject([{ id: passkey.id, name: 'Mine' }]);
    expect((await server.rowCounts()).passkeys).toBe(before.passkeys + 1);
  });

  it('confirms the signed-in user with a passkey without making a session (the app lock)', async () => {
    const user = await createUser(server);
    const { authenticator } = await addPasskey(server, user.client);
    const cookie = user.client.sessionCookie();
    const sessionsBefore = await server.count(sessions);
    const options = await optionsOf(user.client, '/api/me/passkeys/confirm-options');
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    const answer = await user.client.post('/api/me/passkeys/confirm', {
      response: authenticator.assert(options, { origin: server.url }),
    });
    expect(await expectBody(answer, 200)).toEqual({ confirmed: true });
    expect(answer.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    expect(user.client.sessionCookie()).toBe(cookie);
    expect(await server.count(sessions)).toBe(sessionsBefore);
    // The same answer again: its challenge is spent.
    await expectError(
      await user.client.post('/api/me/passkeys/confirm', {
        response: authenticator.assert(options, { origin: server.url }),
      }),
      400,
      'BAD_REQUEST',
      PASSKEY_TEXT.challengeExpired,
    );
    // A wrong signature is refused and logged.
    const next = await optionsOf(user.client, '/api/me/passkeys/confirm-options');
    await expectError(
      await user.client.post('/api/me/passkeys/confirm', {
        response: authenticator.assert(next, { origin: server.url, forgeSignature: true }),
      }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect(await codes(user)).toContain('auth_failure:passkey_confirm_failed');
  });

  it('unlocks a locked device with a passkey, as the right PIN does; without one, the lock holds', async () => {
    const user = await createUser(server);
    const proof = (pin: string) => createHmac('sha256', 'device secret').update(pin).digest('hex');
    await expectBody(await user.client.put('/api/me/lock', { proof: proof('123456'), idleMinutes: 5 }), 200);
    // Before a passkey exists, the lock says none unlocks it.
    expect(await expectBody(await user.client.get('/api/me/lock'), 200)).toMatchObject({ passkey: false });
    const { authenticator } = await addPasskey(server, user.client);
    await expectBody(await user.client.post('/api/me/lock/engage', {}), 200);
    // A wrong PIN counts; the passkey later starts the count again.
    await expectError(
      await user.client.post('/api/me/lock/unlock', { proof: proof('000000') }),
      403,
      'WRONG_PIN',
    );
    expect(await expectBody(await user.client.get('/api/me/lock'), 200)).toMatchObject({
      locked: true,
      passkey: true,
      attemptsLeft: 4,
    });
    await expectError(await user.client.get('/api/tasks'), 423, 'APP_LOCKED');
    // A forged answer leaves it locked.
    const forged = await optionsOf(user.client, '/api/me/passkeys/confirm-options');
    await expectError(
      await user.client.post('/api/me/passkeys/confirm', {
        response: authenticator.assert(forged, { origin: server.url, forgeSignature: true }),
      }),
      401,
    );
    await expectError(await user.client.get('/api/tasks'), 423, 'APP_LOCKED');
    const options = await optionsOf(user.client, '/api/me/passkeys/confirm-options');
    const answer = await user.client.post('/api/me/passkeys/confirm', {
      response: authenticator.assert(options, { origin: server.url }),
    });
    expect(await expectBody(answer, 200)).toEqual({ confirmed: true });
    expect(await expectBody(await user.client.get('/api/me/lock'), 200)).toMatchObject({
      locked: false,
      attemptsLeft: 5,
    });
    expect((await user.client.get('/api/tasks')).status).toBe(200);
  });
});
