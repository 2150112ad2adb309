import { hkdfSync } from 'node:crypto';
import { argon2id as nobleArgon2id } from '@noble/hashes/argon2.js';
import { describe, expect, it } from 'vitest';
import {
  generateIdentity,
  identityFrom,
  passwordKek,
  recoveryKek,
  unwrapWithPassword,
  unwrapWithRecovery,
  wrapWithPassword,
  wrapWithRecovery,
} from './keys';
import { E2eeError, fromBase64, toBase64 } from './primitives';
import { entropyFromWords, newRecoveryEntropy, recoveryWords } from './recovery';
import { ALICE, BOB, bytes, CHEAP, hex, identity, rejects, VECTORS } from './test-keys';

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
