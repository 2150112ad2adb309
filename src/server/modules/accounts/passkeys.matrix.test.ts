import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_NAME_MAX, PASSKEY_TEXT } from '@/shared/texts/passkeys';
import { databases } from '../../test/database';
import { MALFORMED_BODIES } from '../../test/hostile';
import { connect } from '../../test/partners';
import { addPasskey, optionsOf } from '../../test/passkeys';
import { expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser } from '../../test/users';

const NUL = '\u0000';
const MISSING = '00000000-0000-4000-8000-000000000000';

/** Passkeys (decision 077): bad input changes nothing; only the owner reaches a passkey; sign-in is limited. */
describe.each(databases())('passkeys, bad input and access, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses missing, mistyped, too long, NUL and malformed bodies with a clear message, changing nothing', async () => {
    const user = await createUser(server);
    const { authenticator, passkey } = await addPasskey(server, user.client, 'Phone');
    const regOptions = await optionsOf(user.client, '/api/me/passkeys/register-options');
    const good = authenticator.register(regOptions, { origin: server.url });
    const before = await server.rowCounts();
    const bad: [string, string, unknown, string?][] = [
      ['POST', '/api/me/passkeys', {}, PASSKEY_TEXT.responseRequired],
      ['POST', '/api/me/passkeys', { response: 'yes' }, PASSKEY_TEXT.responseRequired],
      ['POST', '/api/me/passkeys', { response: { ...good, id: 42 } }],
      ['POST', '/api/me/passkeys', { response: { ...good, type: 'password' } }, PASSKEY_TEXT.notVerified],
      ['POST', '/api/me/passkeys', { response: { ...good, id: 'a'.repeat(2000) } }, PASSKEY_TEXT.notVerified],
      ['POST', '/api/me/passkeys', { response: { ...good, id: `ab${NUL}` } }],
      [
        'POST',
        '/api/me/passkeys',
        { response: good, name: 'x'.repeat(PASSKEY_NAME_MAX + 1) },
        PASSKEY_TEXT.nameTooLong,
      ],
      ['POST', '/api/me/passkeys', { response: good, name: `Phone${NUL}` }],
      ['POST', '/api/me/passkeys', { response: good, name: 7 }, PASSKEY_TEXT.nameRequired],
      ['PATCH', `/api/me/passkeys/${passkey.id}`, {}, PASSKEY_TEXT.nameRequired],
      ['PATCH', `/api/me/passkeys/${passkey.id}`, { name: '   ' }, PASSKEY_TEXT.nameRequired],
      ['PATCH', `/api/me/passkeys/${passkey.id}`, { name: 'x'.repeat(500) }, PASSKEY_TEXT.nameTooLong],
      ['PATCH', `/api/me/passkeys/${passkey.id}`, { name: `a${NUL}b` }],
      ['PATCH', `/api/me/passkeys/${passkey.id}`, { name: 'a\nb' }],
      ['PATCH', '/api/me/passkeys/not-a-uuid', { name: 'Laptop' }, 'Invalid id'],
      ['POST', '/api/me/passkeys/confirm', {}, PASSKEY_TEXT.responseRequired],
      ['POST', '/api/me/passkeys/confirm', { response: [] }, PASSKEY_TEXT.responseRequired],
      ['POST', '/api/auth/passkey/login', {}, PASSKEY_TEXT.responseRequired],
      ['POST', '/api/auth/passkey/login', { response: { ...good, response: { signature: 'x' } } }],
      ['POST', '/api/auth/passkey/login', { response: { id: NUL } }],
    ];
    for (const [method, path, body, message] of bad) {
      const answer = await user.client.fetch(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const error = await expectError(answer, 400, 'VALIDATION_ERROR');
      if (message) expect(error.error.message, `${method} ${path} ${JSON.stringify(body)}`).toBe(message);
    }
    for (const path of [
      '/api/me/passkeys',
      `/api/me/passkeys/${passkey.id}`,
      '/api/me/passkeys/confirm',
      '/api/auth/passkey/login',
    ]) {
      for (const raw of MALFORMED_BODIES) {
        const method = path.endsWith(passkey.id) ? 'PATCH' : 'POST';
        const answer = await user.client.fetch(path, {
          method,
          headers: { 'content-type': 'application/json' },
          body: raw,
        });
        expect(answer.status, `${method} ${path} ${raw.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
      }
    }
    await expectError(
      await user.client.patch(`/api/me/passkeys/${MISSING}`, { name: 'x' }),
      404,
      'NOT_FOUND',
    );
    await expectError(await user.client.delete(`/api/me/passkeys/${MISSING}`), 404, 'NOT_FOUND');
    await expectError(await user.client.delete('/api/me/passkeys/nope'), 400, 'VALIDATION_ERROR');
    const after = await server.rowCounts();
    // Rate-limit windows and the spent challenges' rows aside, nothing changed.
    expect({ ...after, verifications: 0 }).toEqual({ ...before, verifications: 0 });
  });

  it('no session, a partner and a former partner reach no passkey; a partner’s passkey signs in only its owner', async () => {
    const owner = await createUser(server, { role: 'submissive' });
    const partner = await createUser(server, { role: 'dominant' });
    const former = await createUser(server, { role: 'dominant' });
    await connect(former, owner);
    expect((await former.client.delete(`/api/partners/${owner.id}`)).status).toBe(200);
    await connect(partner, owner);
    const { passkey } = await addPasskey(server, owner.client, 'Mine');
    const anonymous = server.client();
    for (const answer of [
      await anonymous.get('/api/me/passkeys'),
      await anonymous.get('/api/me/passkeys/register-options'),
      await anonymous.post('/api/me/passkeys', { response: {} }),
      await anonymous.patch(`/api/me/passkeys/${passkey.id}`, { name: 'x' }),
      await anonymous.delete(`/api/me/passkeys/${passkey.id}`),
      await anonymous.get('/api/me/passkeys/confirm-options'),
      await anonymous.post('/api/me/passkeys/confirm', { response: {} }),
    ]) {
      await expectError(answer, 401, 'NOT_AUTHENTICATED');
    }
    for (const who of [partner, former]) {
      await expectError(
        await who.client.patch(`/api/me/passkeys/${passkey.id}`, { name: 'x' }),
        404,
        'NOT_FOUND',
      );
      await expectError(await who.client.delete(`/api/me/passkeys/${passkey.id}`), 404, 'NOT_FOUND');
    }
    // A registration answer needs the challenge cookie of the one who asked: another's is refused.
    const options = await optionsOf(partner.client, '/api/me/passkeys/register-options');
    const { authenticator } = await addPasskey(server, former.client);
    const stolen = authenticator.register(options, { origin: server.url });
    await expectError(await owner.client.post('/api/me/passkeys', { response: stolen }), 400, 'BAD_REQUEST');
  });
});

describe.each(databases())('passkey sign-in rate limit on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false, rateLimitScale: 1 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts passkey attempts with password sign-ins from the client: wrong signatures end in 429', async () => {
    const user = await createUser(server);
    const { authenticator } = await addPasskey(server, user.client);
    let limited: Response | null = null;
    // Each attempt is two requests (options, answer); the window holds 30 per client.
    for (let i = 0; i < 16 && !limited; i++) {
      const client = server.client();
      const options = await client.get('/api/auth/passkey/options');
      if (options.status === 429) {
        limited = options;
        break;
      }
      const response = authenticator.assert(await options.json(), {
        origin: server.url,
        forgeSignature: true,
      });
      const answer = await client.post('/api/auth/passkey/login', { response });
      if (answer.status === 429) limited = answer;
      else expect(answer.status).toBe(401);
    }
    expect(limited).not.toBeNull();
    await expectError(limited!, 429, 'RATE_LIMITED');
    // The right passkey too, and the password, until the window ends.
    expect((await server.client().get('/api/auth/passkey/options')).status).toBe(429);
    expect(
      (await server.client().post('/api/auth/login', { email: user.email, password: user.password })).status,
    ).toBe(429);
  });
});
