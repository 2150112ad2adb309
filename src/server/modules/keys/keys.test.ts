import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS_TEXT, type MyKeysView, type PairKeysView } from '@/shared/schemas/keys';
import { securityEvents } from '../../db/schema';
import { databases } from '../../test/database';
import { MALFORMED_BODIES } from '../../test/hostile';
import { type Couple, createCouple } from '../../test/partners';
import { expectBody, expectError } from '../../test/responses';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser, type TestUser } from '../../test/users';

const b64 = (bytes: number) => randomBytes(bytes).toString('base64url');
const NUL = '\u0000';

/** What a browser sends at set-up: a P-256 public key and its private key wrapped twice (opaque here). */
function keyBundle() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const sealed = () => ({ v: 1, salt: b64(16), iv: b64(12), ct: b64(154) });
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    passwordWrap: { ...sealed(), kdf: 'argon2id', m: 65_536, t: 3, p: 1 },
    recoveryWrap: { ...sealed(), kdf: 'recovery' },
  };
}
type Bundle = ReturnType<typeof keyBundle>;

const myKeys = async (who: TestUser) =>
  (await expectBody(await who.client.get('/api/keys'), 200)) as MyKeysView;
const setUp = (who: TestUser, body: Record<string, unknown>) =>
  who.client.put('/api/keys', { password: who.password, ...body });
const pairKeys = async (who: TestUser, pairId: string) =>
  (await expectBody(await who.client.get(`/api/keys/pairs/${pairId}`), 200)) as PairKeysView;
const wrapFor = (keyId: number, to: string, toPublicKey: string) => ({
  keyId,
  to,
  toPublicKey,
  iv: b64(12),
  ct: b64(48),
});
const postWraps = (who: TestUser, pairId: string, wraps: unknown[]) =>
  who.client.post(`/api/keys/pairs/${pairId}/wraps`, { wraps });

/** End-to-end encryption's keys on the server (decision 100): stored wrapped, read by their owners only. */
describe.each(databases())('encryption keys on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind, requireEmailVerification: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function keyedCouple(): Promise<Couple & { dom: Bundle; sub: Bundle }> {
    const couple = await createCouple(server);
    const [dom, sub] = [keyBundle(), keyBundle()];
    await expectBody(await setUp(couple.dominant, dom), 200);
    await expectBody(await setUp(couple.submissive, sub), 200);
    return { ...couple, dom, sub };
  }

  const events = async (who: TestUser, code: string) =>
    server.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, who.id), eq(securityEvents.code, code)));

  it('sets up once, answers the owner only, and replaces the key only with the password', async () => {
    const who = await createUser(server, { role: 'dominant' });
    expect(await myKeys(who)).toEqual({ keys: null });
    const first = keyBundle();
    const body = (await expectBody(await setUp(who, first), 200)) as MyKeysView;
    expect(body.keys).toMatchObject({ ...first, generation: 1 });
    expect(await myKeys(who)).toEqual(body);
    expect(await events(who, 'keys_set_up')).toHaveLength(1);

    // Set up again without `replace`: refused, nothing changes.
    const second = keyBundle();
    await expectError(await setUp(who, second), 409, 'CONFLICT', KEYS_TEXT.alreadySetUp);
    await expectError(
      await setUp(who, { ...second, replace: true, password: undefined }),
      400,
      'VALIDATION_ERROR',
      KEYS_TEXT.passwordRequired,
    );
    const wrong = await expectError(
      await setUp(who, { ...second, replace: true, password: 'not the password' }),
      400,
      'VALIDATION_ERROR',
      KEYS_TEXT.wrongPassword,
    );
    expect(wrong.error.fields).toEqual({ password: KEYS_TEXT.wrongPassword });
    expect(await events(who, 'key_setup_failed')).toHaveLength(1);
    expect(await myKeys(who)).toEqual(body);

    const replaced = (await expectBody(await setUp(who, { ...second, replace: true }), 200)) as MyKeysView;
    expect(replaced.keys).toMatchObject({ ...second, generation: 2 });
    expect(await events(who, 'keys_replaced')).toHaveLength(1);
    // Nobody else reads it: another account sees its own (none).
    const other = await createUser(server);
    expect(await myKeys(other)).toEqual({ keys: null });
  });

  it('re-wraps by a new password only with the current one, keeping the public key', async () => {
    const who = await createUser(server);
    await expectError(
      await who.client.put('/api/keys/password', {
        password: who.password,
        passwordWrap: keyBundle().passwordWrap,
      }),
      409,
      'CONFLICT',
      KEYS_TEXT.notSetUp,
    );
    const bundle = keyBundle();
    await expectBody(await setUp(who, bundle), 200);
    const next = keyBundle().passwordWrap;
    await expectError(
      await who.client.put('/api/keys/password', { password: 'wrong', passwordWrap: next }),
      400,
      'VALIDATION_ERROR',
      KEYS_TEXT.wrongPassword,
    );
    expect((await myKeys(who)).keys?.passwordWrap).toEqual(bundle.passwordWrap);
    const done = (await expectBody(
      await who.client.put('/api/keys/password', { password: who.password, passwordWrap: next }),
      200,
    )) as MyKeysView;
    expect(done.keys).toMatchObject({
      publicKey: bundle.publicKey,
      passwordWrap: next,
      recoveryWrap: bundle.recoveryWrap,
      generation: 1,
    });
  });

  it('pair keys go between the two partners, each wrap to a key the recipient holds now', async () => {
    const couple = await createCouple(server);
    const dom = keyBundle();
    await expectBody(await setUp(couple.dominant, dom), 200);
    // The partner has no key yet: a wrap for them is refused, one for oneself is kept.
    await expectError(
      await postWraps(couple.dominant, couple.pairId, [wrapFor(1, couple.submissive.id, dom.publicKey)]),
      409,
      'CONFLICT',
      KEYS_TEXT.partnerNotSetUp,
    );
    const own = wrapFor(1, couple.dominant.id, dom.publicKey);
    let view = (await expectBody(
      await postWraps(couple.dominant, couple.pairId, [own]),
      200,
    )) as PairKeysView;
    expect(view).toMatchObject({
      pairId: couple.pairId,
      partner: { id: couple.submissive.id, publicKey: null, generation: null },
      mine: { publicKey: dom.publicKey, generation: 1 },
      keys: [{ keyId: 1, partnerHasIt: false }],
    });
    expect(view.wraps).toEqual([
      {
        keyId: 1,
        from: couple.dominant.id,
        fromPublicKey: dom.publicKey,
        iv: own.iv,
        ct: own.ct,
        createdAt: expect.any(Number),
      },
    ]);

    const sub = keyBundle();
    await expectBody(await setUp(couple.submissive, sub), 200);
    // A wrap made to a key that is not theirs (stale, or another's) is refused.
    await expectError(
      await postWraps(couple.dominant, couple.pairId, [
        wrapFor(1, couple.submissive.id, keyBundle().publicKey),
      ]),
      409,
      'CONFLICT',
      KEYS_TEXT.keyChanged,
    );
    const toSub = wrapFor(1, couple.submissive.id, sub.publicKey);
    await expectBody(await postWraps(couple.dominant, couple.pairId, [toSub]), 200);
    const subView = await pairKeys(couple.submissive, couple.pairId);
    expect(subView.partner).toMatchObject({
      id: couple.dominant.id,
      publicKey: dom.publicKey,
      generation: 1,
    });
    expect(subView.wraps).toEqual([
      {
        keyId: 1,
        from: couple.dominant.id,
        fromPublicKey: dom.publicKey,
        iv: toSub.iv,
        ct: toSub.ct,
        createdAt: expect.any(Number),
      },
    ]);
    expect((await pairKeys(couple.dominant, couple.pairId)).keys).toEqual([{ keyId: 1, partnerHasIt: true }]);

    // The partner cannot swap a wrap the dominant can open; the dominant's own stays.
    await expectError(
      await postWraps(couple.submissive, couple.pairId, [wrapFor(1, couple.dominant.id, dom.publicKey)]),
      409,
      'CONFLICT',
      KEYS_TEXT.keyExists,
    );
    expect((await pairKeys(couple.dominant, couple.pairId)).wraps[0]).toMatchObject({
      iv: own.iv,
      ct: own.ct,
    });

    // The submissive makes a new key (a reset without the recovery key): the old wrap opens no more, the
    // dominant sees the new key and that the partner lacks key 1, and wraps it again.
    const renewed = keyBundle();
    await expectBody(
      await setUp(couple.submissive, { ...renewed, replace: true, password: couple.submissive.password }),
      200,
    );
    expect((await pairKeys(couple.submissive, couple.pairId)).wraps).toEqual([]);
    view = await pairKeys(couple.dominant, couple.pairId);
    expect(view.partner).toMatchObject({ publicKey: renewed.publicKey, generation: 2 });
    expect(view.keys).toEqual([{ keyId: 1, partnerHasIt: false }]);
    const again = wrapFor(1, couple.submissive.id, renewed.publicKey);
    await expectBody(await postWraps(couple.dominant, couple.pairId, [again]), 200);
    expect((await pairKeys(couple.submissive, couple.pairId)).wraps).toMatchObject([
      { keyId: 1, iv: again.iv, ct: again.ct },
    ]);
    expect((await pairKeys(couple.dominant, couple.pairId)).keys).toEqual([{ keyId: 1, partnerHasIt: true }]);
  });

  it('a pair key is made once: the next id, wrapped for its maker; a key the writer does not hold is not re-wrapped', async () => {
    const couple = await keyedCouple();
    const { dominant: dom, submissive: sub, pairId } = couple;
    // Two devices make "the first key" at once: one wins, the other is told to read again.
    const [first, second] = await Promise.all([
      postWraps(dom, pairId, [
        wrapFor(1, dom.id, couple.dom.publicKey),
        wrapFor(1, sub.id, couple.sub.publicKey),
      ]),
      postWraps(sub, pairId, [
        wrapFor(1, sub.id, couple.sub.publicKey),
        wrapFor(1, dom.id, couple.dom.publicKey),
      ]),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect((await loser.json()).error.message).toBe(KEYS_TEXT.keyExists);
    const view = await pairKeys(dom, pairId);
    expect(view.keys).toEqual([{ keyId: 1, partnerHasIt: true }]);
    const winner = first.status === 200 ? dom : sub;
    const other = winner === dom ? sub : dom;
    const before = await server.rowCounts();
    // The other holds key 1 (the winner wrapped it for them): a wrap of their own would be another key.
    await expectError(
      await postWraps(other, pairId, [
        wrapFor(1, other.id, other === dom ? couple.dom.publicKey : couple.sub.publicKey),
      ]),
      409,
      'CONFLICT',
      KEYS_TEXT.keyExists,
    );
    // A new key skips no id, and its maker holds it.
    await expectError(
      await postWraps(dom, pairId, [wrapFor(3, dom.id, couple.dom.publicKey)]),
      409,
      'CONFLICT',
      KEYS_TEXT.keyExists,
    );
    await expectError(
      await postWraps(dom, pairId, [wrapFor(2, sub.id, couple.sub.publicKey)]),
      400,
      'VALIDATION_ERROR',
      KEYS_TEXT.makerHoldsIt,
    );
    expect(await server.rowCounts()).toEqual(before);
    await expectBody(await postWraps(dom, pairId, [wrapFor(2, dom.id, couple.dom.publicKey)]), 200);
    // The submissive does not hold key 2 yet: they cannot wrap it for anyone.
    await expectError(
      await postWraps(sub, pairId, [wrapFor(2, sub.id, couple.sub.publicKey)]),
      409,
      'CONFLICT',
      KEYS_TEXT.keyExists,
    );
    expect((await pairKeys(dom, pairId)).keys).toEqual([
      { keyId: 2, partnerHasIt: false },
      { keyId: 1, partnerHasIt: true },
    ]);
  });

  it('a stranger, a former partner and an unknown pair get the same 404; nothing is written', async () => {
    const couple = await keyedCouple();
    const stranger = await createUser(server, { role: 'dominant' });
    await expectBody(await setUp(stranger, keyBundle()), 200);
    const missing = await expectError(
      await stranger.client.get(`/api/keys/pairs/${randomUUID()}`),
      404,
      'NOT_FOUND',
    );
    const before = await server.rowCounts();
    expect(await expectError(await stranger.client.get(`/api/keys/pairs/${couple.pairId}`), 404)).toEqual(
      missing,
    );
    expect(
      await expectError(
        await postWraps(stranger, couple.pairId, [wrapFor(1, stranger.id, keyBundle().publicKey)]),
        404,
      ),
    ).toEqual(missing);
    // A wrap for someone outside the pair is refused.
    await expectError(
      await postWraps(couple.dominant, couple.pairId, [wrapFor(1, stranger.id, couple.dom.publicKey)]),
      400,
      'VALIDATION_ERROR',
      KEYS_TEXT.recipientRule,
    );
    expect(await server.rowCounts()).toEqual(before);

    // The pair ends: its keys are no longer read or written by either.
    expect((await couple.dominant.client.delete(`/api/partners/${couple.submissive.id}`)).status).toBe(200);
    for (const who of [couple.dominant, couple.submissive]) {
      await expectError(await who.client.get(`/api/keys/pairs/${couple.pairId}`), 404, 'NOT_FOUND');
      await expectError(
        await postWraps(who, couple.pairId, [wrapFor(1, who.id, couple.dom.publicKey)]),
        404,
        'NOT_FOUND',
      );
    }
  });

  it('answers 401 signed out and 400 to bad input, changing nothing', async () => {
    const couple = await keyedCouple();
    const before = await server.rowCounts();
    for (const [method, path] of [
      ['GET', '/api/keys'],
      ['PUT', '/api/keys'],
      ['PUT', '/api/keys/password'],
      ['GET', `/api/keys/pairs/${couple.pairId}`],
      ['POST', `/api/keys/pairs/${couple.pairId}/wraps`],
    ] as const) {
      const body = method === 'GET' ? undefined : JSON.stringify(keyBundle());
      const headers = body ? { 'content-type': 'application/json' } : undefined;
      await expectError(await server.request(path, { method, body, headers }), 401, 'NOT_AUTHENTICATED');
    }
    const who = couple.dominant;
    const good = keyBundle();
    const bad: Record<string, unknown>[] = [
      {},
      { ...good, publicKey: undefined },
      { ...good, publicKey: 42 },
      { ...good, publicKey: `B${'A'.repeat(85)}` },
      { ...good, publicKey: `A${'A'.repeat(86)}` },
      { ...good, publicKey: `${good.publicKey.slice(0, -1)}${NUL}` },
      { ...good, passwordWrap: { ...good.passwordWrap, kdf: 'recovery' } },
      { ...good, passwordWrap: { ...good.passwordWrap, m: 1024 } },
      { ...good, passwordWrap: { ...good.passwordWrap, ct: 'A'.repeat(5000) } },
      { ...good, passwordWrap: { ...good.passwordWrap, extra: 1 } },
      { ...good, recoveryWrap: { ...good.recoveryWrap, iv: `${'A'.repeat(15)}${NUL}` } },
      { ...good, recoveryWrap: null },
      { ...good, replace: 'yes' },
      { ...good, replace: true, password: 'x'.repeat(2000) },
      { ...good, password: null },
      { ...good, password: '' },
      { ...good, unknown: true },
    ];
    for (const body of bad) await expectError(await setUp(who, body), 400, 'VALIDATION_ERROR');
    for (const body of [
      {},
      { password: '' },
      { password: who.password },
      { password: who.password, passwordWrap: good.recoveryWrap },
    ]) {
      await expectError(await who.client.put('/api/keys/password', body), 400, 'VALIDATION_ERROR');
    }
    const ok = wrapFor(2, who.id, couple.dom.publicKey);
    for (const wraps of [
      [],
      Array.from({ length: 9 }, (_, i) => wrapFor(i + 1, who.id, couple.dom.publicKey)),
      [{ ...ok, keyId: 0 }],
      [{ ...ok, keyId: 1.5 }],
      [{ ...ok, keyId: '1' }],
      [{ ...ok, to: 'not-a-uuid' }],
      [{ ...ok, ct: b64(47) }],
      [{ ...ok, iv: `${b64(12).slice(0, -1)}${NUL}` }],
      [ok, ok],
    ]) {
      await expectError(await postWraps(who, couple.pairId, wraps), 400, 'VALIDATION_ERROR');
    }
    await expectError(await who.client.get('/api/keys/pairs/abc'), 400, 'VALIDATION_ERROR');
    for (const text of MALFORMED_BODIES.slice(0, 6)) {
      for (const [method, path] of [
        ['PUT', '/api/keys'],
        ['PUT', '/api/keys/password'],
        ['POST', `/api/keys/pairs/${couple.pairId}/wraps`],
      ] as const) {
        const response = await who.client.fetch(path, {
          method,
          headers: { 'content-type': 'application/json' },
          body: text,
        });
        expect(response.status, `${method} ${path} ${text}`).toBe(400);
        await response.body?.cancel();
      }
    }
    expect(await server.rowCounts()).toEqual(before);
    expect((await myKeys(who)).keys?.publicKey).toBe(couple.dom.publicKey);
  });
});
