import { createECDH, createHash, hkdfSync } from 'node:crypto';
import { argon2id as nobleArgon2id } from '@noble/hashes/argon2.js';
import { describe, expect, it } from 'vitest';
import {
  E2eeError,
  fromBase64,
  generateIdentity,
  identityFrom,
  importPublicKey,
  newPairKey,
  openBytes,
  openText,
  passwordKek,
  recoveryKek,
  safetyCode,
  sealBytes,
  sealedKeyId,
  sealedTextKeyId,
  sealText,
  toBase64,
  unwrapPairKey,
  unwrapWithPassword,
  unwrapWithRecovery,
  wrapPairKey,
  wrapWithPassword,
  wrapWithRecovery,
} from './keys';
import { entropyFromWords, newRecoveryEntropy, recoveryWords } from './recovery';

/** Two fixed identities (P-256 private keys, PKCS#8), for vectors that must not move. */
const ALICE = {
  id: '0b8f2c1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  pkcs8:
    'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgDBeGMWcwFdCZozDwPkaHNQFwbX8ER6yptfCJBL6fQ7ahRANCAASZbpfMx1zsidKwDE1HG9kYl7bB9zxqRKSXlxgY9aJjrt6z8EsYvZbXz_q9M3hMBEPj7XHkm3HUb3ugFxm8Z7m-',
};
const BOB = {
  id: '7d6c5b4a-3f2e-4d1c-9b0a-f9e8d7c6b5a4',
  pkcs8:
    'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg2id1kjcid32NHUsFJQyeCaV1qmYWaKRgkyDLt_-v_oqhRANCAAT7qIcxp1uwJerAaEaQh40MbU0t2fOtNINdqE9khcVa3O_0eKDtBLhj2j0hK-potZ9Z5CjQylunkyjkxnt9ZfMC',
};
const CAROL = {
  id: 'c0c0c0c0-0000-4000-8000-000000000003',
  pkcs8:
    'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgLqs3G-67Ou6XDsq6VW7dhMmURnqOrliO0s3gYmPO2gChRANCAAQRuK13KITsv09SU7P1Rtz1BDHVKBToB8PbYUkbiM84nFPNgjJajQcVn5I24HoZtjfQ3foXfoRs5zBrlTlW2Uw4',
};
const PAIR = '5a5a5a5a-1111-4222-8333-444455556666';
const bytes = (length: number, value: number) => new Uint8Array(length).fill(value);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

const identity = (who: { pkcs8: string }) => identityFrom(fromBase64(who.pkcs8));
/** Argon2id at a cost that keeps these tests light (the real cost is checked once, by its vector). */
const CHEAP = { memoryKiB: 1024, iterations: 1, parallelism: 1 };

async function rejects(promise: Promise<unknown>, reason: 'wrong-key' | 'malformed') {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(E2eeError);
  expect((error as E2eeError).reason).toBe(reason);
}

describe('base64url', () => {
  it('round-trips every byte and refuses what is not base64url', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    expect(fromBase64(toBase64(all))).toEqual(all);
    expect(toBase64(new Uint8Array([251, 255]))).toBe('-_8');
    expect(() => fromBase64('a+b/')).toThrow(E2eeError);
  });
});

describe('the recovery key: 24 BIP-39 words', () => {
  it('gives the published BIP-39 words for 32 bytes (vectors of the BIP-39 reference)', () => {
    expect(recoveryWords(bytes(32, 0)).join(' ')).toBe(`${'abandon '.repeat(23)}art`);
    expect(recoveryWords(bytes(32, 0x7f)).join(' ')).toBe(
      'legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth title',
    );
    expect(recoveryWords(bytes(32, 0xff)).join(' ')).toBe(`${'zoo '.repeat(23)}vote`);
  });

  it('reads the words back however they were typed, and refuses a wrong word, order or count', () => {
    const entropy = newRecoveryEntropy();
    const words = recoveryWords(entropy);
    expect(words).toHaveLength(24);
    const typed = words.map((w, i) => `${i + 1}. ${i % 2 ? w.toUpperCase() : w}`).join(i18nBreaks);
    expect(entropyFromWords(typed)).toEqual(entropy);
    expect(() => entropyFromWords(words.slice(0, 23).join(' '))).toThrow(E2eeError);
    const swapped = [...words];
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    if (swapped.join() !== words.join()) expect(() => entropyFromWords(swapped.join(' '))).toThrow(E2eeError);
    expect(() => entropyFromWords(`${words.slice(0, 23).join(' ')} notaword`)).toThrow(E2eeError);
  });
});
const i18nBreaks = '\n  ';

describe('the keys that wrap the private key', () => {
  it('Argon2id (hash-wasm) agrees with a second implementation (@noble/hashes)', async () => {
    const salt = bytes(16, 2);
    const cost = { memoryKiB: 256, iterations: 2, parallelism: 1 };
    const ours = await passwordKek('correct horse battery staple', salt, cost);
    const theirs = nobleArgon2id('correct horse battery staple', salt, { t: 2, m: 256, p: 1, dkLen: 32 });
    expect(hex(ours)).toBe(hex(theirs));
  });

  it('the password key at its real cost is a fixed vector, and the Rust argon2 crate agrees', async () => {
    const kek = await passwordKek('correct horse battery staple', bytes(16, 2));
    expect(hex(kek)).toBe(VECTORS.passwordKek);
    // @node-rs/argon2 (the server's password hashing): a third implementation, at the same cost.
    const { hashRaw } = await import('@node-rs/argon2');
    const rust = await hashRaw('correct horse battery staple', {
      salt: bytes(16, 2),
      memoryCost: 65_536,
      timeCost: 3,
      parallelism: 1,
      outputLen: 32,
      algorithm: 2,
    });
    expect(hex(rust)).toBe(VECTORS.passwordKek);
  });

  it('the recovery key is HKDF-SHA-256 bound to the user (checked against node:crypto)', async () => {
    const kek = await recoveryKek(bytes(32, 7), bytes(16, 9), ALICE.id);
    const expected = hkdfSync('sha256', bytes(32, 7), bytes(16, 9), `pact:recovery:v1:${ALICE.id}`, 32);
    expect(hex(kek)).toBe(Buffer.from(expected).toString('hex'));
  });
});

describe('the identity key, wrapped by the password and by the recovery key', () => {
  it('unwraps with the password, not with another password, another user or changed bytes', async () => {
    const { keys, pkcs8 } = await generateIdentity();
    expect(await wrapWithPassword(pkcs8, 'first password', ALICE.id)).toMatchObject({
      v: 1,
      kdf: 'argon2id',
      m: 65_536,
      t: 3,
      p: 1,
    });
    const wrapped = await wrapWithPassword(pkcs8, 'first password', ALICE.id, CHEAP);
    expect(wrapped).toMatchObject({ m: 1024, t: 1, p: 1 });
    expect(JSON.stringify(wrapped)).not.toContain(toBase64(pkcs8).slice(0, 24));
    const back = await identityFrom(await unwrapWithPassword(wrapped, 'first password', ALICE.id));
    expect(back.publicRaw).toBe(keys.publicRaw);
    await rejects(unwrapWithPassword(wrapped, 'First password', ALICE.id), 'wrong-key');
    await rejects(unwrapWithPassword(wrapped, 'first password', BOB.id), 'wrong-key');
    const flipped = fromBase64(wrapped.ct);
    flipped[5]! ^= 1;
    await rejects(
      unwrapWithPassword({ ...wrapped, ct: toBase64(flipped) }, 'first password', ALICE.id),
      'wrong-key',
    );
    await rejects(unwrapWithRecovery(wrapped, bytes(32, 1), ALICE.id), 'malformed');
  });

  it('a password change re-wraps the same key; the old password does not open the new wrap', async () => {
    const { keys, pkcs8 } = await generateIdentity();
    const old = await wrapWithPassword(pkcs8, 'old password', ALICE.id, CHEAP);
    const renewed = await wrapWithPassword(
      await unwrapWithPassword(old, 'old password', ALICE.id),
      'new password',
      ALICE.id,
      CHEAP,
    );
    expect((await identityFrom(await unwrapWithPassword(renewed, 'new password', ALICE.id))).publicRaw).toBe(
      keys.publicRaw,
    );
    await rejects(unwrapWithPassword(renewed, 'old password', ALICE.id), 'wrong-key');
  });

  it('the recovery words bring the key back on a new device', async () => {
    const { keys, pkcs8 } = await generateIdentity();
    const entropy = newRecoveryEntropy();
    const wrapped = await wrapWithRecovery(pkcs8, entropy, ALICE.id);
    const typed = recoveryWords(entropy).join(' ');
    const back = await identityFrom(await unwrapWithRecovery(wrapped, entropyFromWords(typed), ALICE.id));
    expect(back.publicRaw).toBe(keys.publicRaw);
    await rejects(unwrapWithRecovery(wrapped, newRecoveryEntropy(), ALICE.id), 'wrong-key');
  });

  it('an unwrapped private key cannot be exported again', async () => {
    const alice = await identity(ALICE);
    await expect(globalThis.crypto.subtle.exportKey('pkcs8', alice.privateKey)).rejects.toThrow();
  });
});

describe('pair keys, wrapped from one partner to the other', () => {
  it('the partner opens what the other wrapped; a third person and a changed sender cannot', async () => {
    const [alice, bob, carol] = await Promise.all([identity(ALICE), identity(BOB), identity(CAROL)]);
    const pairKey = newPairKey();
    // The partner's public key as the server hands it over.
    expect(await globalThis.crypto.subtle.exportKey('raw', await importPublicKey(bob.publicRaw))).toEqual(
      await globalThis.crypto.subtle.exportKey('raw', bob.publicKey),
    );
    await rejects(importPublicKey(toBase64(bytes(65, 4))), 'malformed');
    const wrap = await wrapPairKey(pairKey, {
      pairId: PAIR,
      keyId: 1,
      me: alice,
      meId: ALICE.id,
      to: bob.publicKey,
      toId: BOB.id,
    });
    expect(await unwrapPairKey(wrap, { pairId: PAIR, me: bob, meId: BOB.id, from: alice.publicKey })).toEqual(
      pairKey,
    );
    // To oneself, for one's other devices.
    const own = await wrapPairKey(pairKey, {
      pairId: PAIR,
      keyId: 1,
      me: alice,
      meId: ALICE.id,
      to: alice.publicKey,
      toId: ALICE.id,
    });
    expect(
      await unwrapPairKey(own, { pairId: PAIR, me: alice, meId: ALICE.id, from: alice.publicKey }),
    ).toEqual(pairKey);
    // Carol holds the wrap but not Bob's key; a wrap said to come from Carol is not opened with Alice's key.
    await rejects(
      unwrapPairKey(
        { ...wrap, to: CAROL.id },
        { pairId: PAIR, me: carol, meId: CAROL.id, from: alice.publicKey },
      ),
      'wrong-key',
    );
    await rejects(
      unwrapPairKey(wrap, { pairId: PAIR, me: bob, meId: BOB.id, from: carol.publicKey }),
      'wrong-key',
    );
    await rejects(
      unwrapPairKey({ ...wrap, keyId: 2 }, { pairId: PAIR, me: bob, meId: BOB.id, from: alice.publicKey }),
      'wrong-key',
    );
    await rejects(
      unwrapPairKey(wrap, { pairId: `${PAIR.slice(0, -1)}7`, me: bob, meId: BOB.id, from: alice.publicKey }),
      'wrong-key',
    );
    await rejects(
      unwrapPairKey(wrap, { pairId: PAIR, me: carol, meId: CAROL.id, from: alice.publicKey }),
      'malformed',
    );
  });

  it('the wrapping key is ECDH then HKDF (checked against node:crypto), and a wrap is a fixed vector', async () => {
    const [alice, bob] = await Promise.all([identity(ALICE), identity(BOB)]);
    const scalar = fromBase64(ALICE.pkcs8).slice(36, 68);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(scalar);
    const shared = ecdh.computeSecret(fromBase64(bob.publicRaw));
    const info = `pact:pair-key:v1:${PAIR}:1:${ALICE.id}:${BOB.id}`;
    const kek = Buffer.from(hkdfSync('sha256', shared, Buffer.from(PAIR), info, 32));
    const wrap = await wrapPairKey(
      bytes(32, 0x42),
      { pairId: PAIR, keyId: 1, me: alice, meId: ALICE.id, to: bob.publicKey, toId: BOB.id },
      bytes(12, 1),
    );
    const { createCipheriv } = await import('node:crypto');
    const cipher = createCipheriv('aes-256-gcm', kek, bytes(12, 1));
    cipher.setAAD(Buffer.from(info));
    const expected = Buffer.concat([cipher.update(bytes(32, 0x42)), cipher.final(), cipher.getAuthTag()]);
    expect(wrap.ct).toBe(expected.toString('base64url'));
    expect(wrap.ct).toBe(VECTORS.pairWrap);
  });
});

describe('content sealed with the pair key', () => {
  it('opens only with its pair key, pair and kind; changed bytes are refused', async () => {
    const key = newPairKey();
    const context = { keyId: 3, pairId: PAIR, kind: 'journal.text' };
    const text = 'Thank you for tonight 🌙 — ça va?';
    const sealed = await sealText(key, context, text);
    expect(sealed.startsWith('pe1.')).toBe(true);
    expect(sealed).not.toContain('tonight');
    expect(sealedTextKeyId(sealed)).toBe(3);
    expect(sealedTextKeyId(text)).toBeNull();
    expect(await openText(key, context, sealed)).toBe(text);
    await rejects(openText(newPairKey(), context, sealed), 'wrong-key');
    await rejects(openText(key, { ...context, kind: 'journal.voice' }, sealed), 'wrong-key');
    await rejects(openText(key, { ...context, pairId: CAROL.id }, sealed), 'wrong-key');
    const changed = fromBase64(sealed.slice(4));
    changed[changed.length - 1]! ^= 0x80;
    await rejects(openText(key, context, `pe1.${toBase64(changed)}`), 'wrong-key');
    await rejects(openText(key, context, 'plain text'), 'malformed');
  });

  it('a file keeps its bytes exactly, and a fixed input is a fixed vector', async () => {
    const key = bytes(32, 0x42);
    const file = new Uint8Array(100_000).map((_, i) => (i * 7) & 0xff);
    const sealed = await sealBytes(key, { keyId: 1, pairId: PAIR, kind: 'proof.photo' }, file);
    expect(sealedKeyId(sealed)).toBe(1);
    expect(await openBytes(key, { pairId: PAIR, kind: 'proof.photo' }, sealed)).toEqual(file);
    expect(sealedKeyId(file)).toBeNull();
    expect(await sealText(key, { keyId: 1, pairId: PAIR, kind: 'journal.text' }, 'hello', bytes(12, 1))).toBe(
      VECTORS.sealedText,
    );
  });
});

describe('the safety code', () => {
  it('is the same on both sides, 12 groups of 5 digits, and another key gives another code', async () => {
    const [alice, bob, carol] = await Promise.all([identity(ALICE), identity(BOB), identity(CAROL)]);
    const a = { id: ALICE.id, publicRaw: alice.publicRaw };
    const b = { id: BOB.id, publicRaw: bob.publicRaw };
    const code = await safetyCode(a, b);
    expect(await safetyCode(b, a)).toEqual(code);
    expect(code).toHaveLength(12);
    for (const group of code) expect(group).toMatch(/^\d{5}$/);
    expect(await safetyCode(a, { id: BOB.id, publicRaw: carol.publicRaw })).not.toEqual(code);
    expect(code.join(' ')).toBe(VECTORS.safetyCode);
    // The same digest computed with node:crypto.
    const part = (p: Uint8Array) => Buffer.concat([Buffer.from([p.length >> 8, p.length & 0xff]), p]);
    const digest = createHash('sha512')
      .update(
        Buffer.concat(
          [
            Buffer.from('pact:safety:v1'),
            Buffer.from(ALICE.id),
            fromBase64(alice.publicRaw),
            Buffer.from(BOB.id),
            fromBase64(bob.publicRaw),
          ].map(part),
        ),
      )
      .digest();
    expect(String(digest.readUIntBE(0, 5) % 100_000).padStart(5, '0')).toBe(code[0]);
  });
});

/** Outputs for fixed inputs: a change to the formats or the derivations shows here. */
const VECTORS = {
  passwordKek: '1096810449d933301800a640fd5cade6dfa0a9d07987e909a9fde0235baa5309',
  pairWrap: 'kqT0_Z0KVmW6WdJQLzANMw6GatN8-boWCg_L7kDjybZ2c9mvjBdOFv42WPgLsAGA',
  sealedText: 'pe1.UEUxAAAAAQEBAQEBAQEBAQEBAUXM2mv739HdekaJvrOCFzfT5xhR1A',
  safetyCode: '93172 14378 36055 89858 82185 38719 57307 38918 89213 85075 39388 77657',
};
