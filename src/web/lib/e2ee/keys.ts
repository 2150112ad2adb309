/**
 * The key hierarchy of end-to-end encryption (decision 100), in the browser with WebCrypto; the server stores
 * only what is wrapped. Nothing here is a home-made primitive: ECDH P-256, HKDF-SHA-256 and AES-256-GCM are
 * WebCrypto's, Argon2id is hash-wasm's, the recovery words are BIP-39 (@scure/bip39).
 *
 * - Each user has an **identity key pair** (ECDH P-256). Its private half leaves the browser only wrapped
 *   (AES-GCM, bound to the user's id): by a key derived from the password (Argon2id) and by the recovery key.
 * - Each pair has a **pair key** (AES-256-GCM) per `keyId`, wrapped to each partner: the wrapping key comes
 *   from ECDH between the wrapper's private key and the recipient's public key (HKDF, bound to the pair, both
 *   ids and the key id), so a partner reading a wrap knows which partner's key made it.
 * - **Content** (a message's text, a file) is sealed with the pair key: `PE1`, the key id, a random IV, the
 *   ciphertext, with the pair and the kind of content as associated data.
 * - The **safety code** of a pair is 60 digits from both public keys, the same on both partners' screens.
 *
 * This file: the identity key and its two wraps. Pair keys are in pair-wraps.ts, content in content.ts,
 * the safety code in safety-code.ts, the shared primitives in primitives.ts.
 */
import { E2eeError, fromBase64, hkdf, open, random, seal, subtle, toBase64, utf8 } from './primitives';

// ---------------------------------------------------------------------------------------------------------
// Identity keys

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

export interface IdentityKeys {
  /** Non-extractable once unwrapped: it derives, it is never read. */
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public key as stored and compared (uncompressed point, base64url). */
  publicRaw: string;
}

/** A new identity key pair, and its private half as PKCS#8 bytes, to be wrapped at once. */
export async function generateIdentity(): Promise<{ keys: IdentityKeys; pkcs8: Uint8Array<ArrayBuffer> }> {
  const pair = (await subtle().generateKey(ECDH, true, ['deriveBits'])) as CryptoKeyPair;
  const pkcs8 = new Uint8Array(await subtle().exportKey('pkcs8', pair.privateKey));
  return { keys: await identityFrom(pkcs8), pkcs8 };
}

/** The identity keys from the private half's PKCS#8 bytes (the public half is derived from it). */
export async function identityFrom(pkcs8: Uint8Array<ArrayBuffer>): Promise<IdentityKeys> {
  let exportable: CryptoKey;
  try {
    exportable = await subtle().importKey('pkcs8', pkcs8, ECDH, true, ['deriveBits']);
  } catch {
    throw new E2eeError('malformed');
  }
  const jwk = await subtle().exportKey('jwk', exportable);
  const publicKey = await subtle().importKey(
    'jwk',
    { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y },
    ECDH,
    true,
    [],
  );
  const privateKey = await subtle().importKey('pkcs8', pkcs8, ECDH, false, ['deriveBits']);
  const publicRaw = toBase64(new Uint8Array(await subtle().exportKey('raw', publicKey)));
  return { privateKey, publicKey, publicRaw };
}

/** A partner's public key from its stored form. */
export async function importPublicKey(publicRaw: string): Promise<CryptoKey> {
  try {
    return await subtle().importKey('raw', fromBase64(publicRaw), ECDH, true, []);
  } catch {
    throw new E2eeError('malformed');
  }
}

// ---------------------------------------------------------------------------------------------------------
// Wrapping the private key: by the password, by the recovery key

/** Argon2id's cost (RFC 9106's second recommendation with one lane: hash-wasm runs one thread). */
export const PASSWORD_KDF = { memoryKiB: 65_536, iterations: 3, parallelism: 1 } as const;

/** The private key as the server keeps it, sealed by a key derived from the password (Argon2id). */
export interface PasswordWrap {
  v: 1;
  kdf: 'argon2id';
  /** Argon2id's cost, kept with it so that it can be raised later. */
  m: number;
  t: number;
  p: number;
  salt: string;
  iv: string;
  ct: string;
}

/** The private key as the server keeps it, sealed by a key derived from the recovery key. */
export interface RecoveryWrap {
  v: 1;
  kdf: 'recovery';
  salt: string;
  iv: string;
  ct: string;
}

export type WrappedPrivateKey = PasswordWrap | RecoveryWrap;

const identityAad = (userId: string) => utf8(`pact:identity:v1:${userId}`);

/** The 32 bytes Argon2id derives from the password and salt (the key that wraps the private key). */
export async function passwordKek(
  password: string,
  salt: Uint8Array,
  cost: { memoryKiB: number; iterations: number; parallelism: number } = PASSWORD_KDF,
): Promise<Uint8Array<ArrayBuffer>> {
  const { argon2id } = await import('hash-wasm');
  const out = await argon2id({
    password: password.normalize('NFC'),
    salt,
    parallelism: cost.parallelism,
    iterations: cost.iterations,
    memorySize: cost.memoryKiB,
    hashLength: 32,
    outputType: 'binary',
  });
  return new Uint8Array(out);
}

/** The key the recovery key's 32 bytes give (HKDF-SHA-256, bound to the user). */
export async function recoveryKek(
  entropy: Uint8Array<ArrayBuffer>,
  salt: Uint8Array<ArrayBuffer>,
  userId: string,
) {
  return hkdf(entropy, salt, utf8(`pact:recovery:v1:${userId}`));
}

/**
 * Wraps the private key (PKCS#8) by the password: Argon2id with a fresh salt, then AES-GCM. `cost` is
 * Argon2id's, stored with the wrap (tests pass a cheap one; the app always uses `PASSWORD_KDF`).
 */
export async function wrapWithPassword(
  pkcs8: Uint8Array<ArrayBuffer>,
  password: string,
  userId: string,
  cost: { memoryKiB: number; iterations: number; parallelism: number } = PASSWORD_KDF,
): Promise<PasswordWrap> {
  const salt = random(16);
  const kek = await passwordKek(password, salt, cost);
  const { memoryKiB: m, iterations: t, parallelism: p } = cost;
  return {
    v: 1,
    kdf: 'argon2id',
    m,
    t,
    p,
    salt: toBase64(salt),
    ...(await seal(kek, pkcs8, identityAad(userId))),
  };
}

/** Wraps the private key by the recovery key's 32 bytes. */
export async function wrapWithRecovery(
  pkcs8: Uint8Array<ArrayBuffer>,
  entropy: Uint8Array<ArrayBuffer>,
  userId: string,
): Promise<RecoveryWrap> {
  const salt = random(16);
  const kek = await recoveryKek(entropy, salt, userId);
  return { v: 1, kdf: 'recovery', salt: toBase64(salt), ...(await seal(kek, pkcs8, identityAad(userId))) };
}

/** The private key (PKCS#8) from its password wrap; a wrong password is `E2eeError('wrong-key')`. */
export async function unwrapWithPassword(wrapped: WrappedPrivateKey, password: string, userId: string) {
  if (wrapped.v !== 1 || wrapped.kdf !== 'argon2id') throw new E2eeError('malformed');
  const kek = await passwordKek(password, fromBase64(wrapped.salt), {
    memoryKiB: wrapped.m,
    iterations: wrapped.t,
    parallelism: wrapped.p,
  });
  return open(kek, wrapped.iv, wrapped.ct, identityAad(userId));
}

/** The private key (PKCS#8) from its recovery wrap. */
export async function unwrapWithRecovery(
  wrapped: WrappedPrivateKey,
  entropy: Uint8Array<ArrayBuffer>,
  userId: string,
) {
  if (wrapped.v !== 1 || wrapped.kdf !== 'recovery') throw new E2eeError('malformed');
  const kek = await recoveryKek(entropy, fromBase64(wrapped.salt), userId);
  return open(kek, wrapped.iv, wrapped.ct, identityAad(userId));
}
