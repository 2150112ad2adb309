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
 */

const subtle = () => globalThis.crypto.subtle;
const utf8 = (text: string) => new TextEncoder().encode(text);

/** Bytes as base64url without padding (what the server stores and the API carries). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new E2eeError('malformed');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Why a key or a sealed text could not be opened: a wrong password or key, or bytes that were changed. */
export class E2eeError extends Error {
  constructor(readonly reason: 'wrong-key' | 'malformed') {
    super(reason === 'wrong-key' ? 'This key cannot open it' : 'Not something Pact sealed');
    this.name = 'E2eeError';
  }
}

const random = (length: number) => globalThis.crypto.getRandomValues(new Uint8Array(length));

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

async function aesKey(bytes: Uint8Array<ArrayBuffer>, usages: KeyUsage[]) {
  return subtle().importKey('raw', bytes, { name: 'AES-GCM' }, false, usages);
}

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
  const base = await subtle().importKey('raw', entropy, 'HKDF', false, ['deriveBits']);
  const bits = await subtle().deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt, info: utf8(`pact:recovery:v1:${userId}`) },
    base,
    256,
  );
  return new Uint8Array(bits);
}

async function seal(
  kek: Uint8Array<ArrayBuffer>,
  plain: Uint8Array<ArrayBuffer>,
  aad: Uint8Array<ArrayBuffer>,
  iv = random(12),
) {
  const key = await aesKey(kek, ['encrypt']);
  const ct = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: aad }, key, plain));
  return { iv: toBase64(iv), ct: toBase64(ct) };
}

async function open(kek: Uint8Array<ArrayBuffer>, iv: string, ct: string, aad: Uint8Array<ArrayBuffer>) {
  const key = await aesKey(kek, ['decrypt']);
  try {
    return new Uint8Array(
      await subtle().decrypt(
        { name: 'AES-GCM', iv: fromBase64(iv), additionalData: aad },
        key,
        fromBase64(ct),
      ),
    );
  } catch {
    throw new E2eeError('wrong-key');
  }
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

// ---------------------------------------------------------------------------------------------------------
// Pair keys

/** A pair key wrapped from one partner to another (or to themself). */
export interface PairKeyWrap {
  v: 1;
  keyId: number;
  from: string;
  to: string;
  iv: string;
  ct: string;
}

const pairInfo = (pairId: string, keyId: number, from: string, to: string) =>
  utf8(`pact:pair-key:v1:${pairId}:${keyId}:${from}:${to}`);

/** The AES key that wraps a pair key between `mine` and `theirs` (the same on both sides of the ECDH). */
async function pairWrappingKey(
  mine: CryptoKey,
  theirs: CryptoKey,
  pairId: string,
  info: Uint8Array<ArrayBuffer>,
) {
  const shared = await subtle().deriveBits({ name: 'ECDH', public: theirs }, mine, 256);
  const base = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveBits']);
  const bits = await subtle().deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: utf8(pairId), info },
    base,
    256,
  );
  return new Uint8Array(bits);
}

/** A new pair key: 32 random bytes (AES-256-GCM). */
export const newPairKey = () => random(32);

/** Wraps `pairKey` from `me` (my identity) to the partner whose public key is `to`. */
export async function wrapPairKey(
  pairKey: Uint8Array<ArrayBuffer>,
  input: { pairId: string; keyId: number; me: IdentityKeys; meId: string; to: CryptoKey; toId: string },
  iv?: Uint8Array<ArrayBuffer>,
): Promise<PairKeyWrap> {
  const info = pairInfo(input.pairId, input.keyId, input.meId, input.toId);
  const kek = await pairWrappingKey(input.me.privateKey, input.to, input.pairId, info);
  return {
    v: 1,
    keyId: input.keyId,
    from: input.meId,
    to: input.toId,
    ...(await seal(kek, pairKey, info, iv)),
  };
}

/** Opens a wrap addressed to me, made by the partner whose public key is `from`. */
export async function unwrapPairKey(
  wrap: PairKeyWrap,
  input: { pairId: string; me: IdentityKeys; meId: string; from: CryptoKey },
): Promise<Uint8Array<ArrayBuffer>> {
  if (wrap.v !== 1 || wrap.to !== input.meId) throw new E2eeError('malformed');
  const info = pairInfo(input.pairId, wrap.keyId, wrap.from, wrap.to);
  const kek = await pairWrappingKey(input.me.privateKey, input.from, input.pairId, info);
  const key = await open(kek, wrap.iv, wrap.ct, info);
  if (key.length !== 32) throw new E2eeError('malformed');
  return key;
}

// ---------------------------------------------------------------------------------------------------------
// Content

const MAGIC = utf8('PE1');
/** The prefix of a sealed text: what a reader tells from plain text by. */
export const SEALED_TEXT_PREFIX = 'pe1.';

const contentAad = (pairId: string, kind: string) => utf8(`pact:content:v1:${pairId}:${kind}`);

/** Seals `plain` with the pair key `keyId`: `PE1`, the key id (4 bytes), the IV (12), the ciphertext. */
export async function sealBytes(
  pairKey: Uint8Array<ArrayBuffer>,
  input: { keyId: number; pairId: string; kind: string },
  plain: Uint8Array<ArrayBuffer>,
  iv = random(12),
): Promise<Uint8Array<ArrayBuffer>> {
  const key = await aesKey(pairKey, ['encrypt']);
  const ct = new Uint8Array(
    await subtle().encrypt(
      { name: 'AES-GCM', iv, additionalData: contentAad(input.pairId, input.kind) },
      key,
      plain,
    ),
  );
  const out = new Uint8Array(3 + 4 + 12 + ct.length);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(3, input.keyId);
  out.set(iv, 7);
  out.set(ct, 19);
  return out;
}

/** The key id a sealed file or text was sealed with (to find the pair key), or null if it is not sealed. */
export function sealedKeyId(sealed: Uint8Array): number | null {
  if (sealed.length < 19 + 16 || sealed[0] !== MAGIC[0] || sealed[1] !== MAGIC[1] || sealed[2] !== MAGIC[2]) {
    return null;
  }
  return new DataView(sealed.buffer, sealed.byteOffset, sealed.byteLength).getUint32(3);
}

/** Opens what `sealBytes` sealed, with the pair key of its key id. */
export async function openBytes(
  pairKey: Uint8Array<ArrayBuffer>,
  input: { pairId: string; kind: string },
  sealed: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  if (sealedKeyId(sealed) === null) throw new E2eeError('malformed');
  const key = await aesKey(pairKey, ['decrypt']);
  try {
    return new Uint8Array(
      await subtle().decrypt(
        { name: 'AES-GCM', iv: sealed.slice(7, 19), additionalData: contentAad(input.pairId, input.kind) },
        key,
        sealed.slice(19),
      ),
    );
  } catch {
    throw new E2eeError('wrong-key');
  }
}

/** A text sealed as a string the server can store: `pe1.` and the sealed bytes in base64url. */
export async function sealText(
  pairKey: Uint8Array<ArrayBuffer>,
  input: { keyId: number; pairId: string; kind: string },
  text: string,
  iv?: Uint8Array<ArrayBuffer>,
) {
  return SEALED_TEXT_PREFIX + toBase64(await sealBytes(pairKey, input, utf8(text), iv));
}

/** The key id of a sealed text, or null for plain text. */
export function sealedTextKeyId(text: string): number | null {
  if (!text.startsWith(SEALED_TEXT_PREFIX)) return null;
  try {
    return sealedKeyId(fromBase64(text.slice(SEALED_TEXT_PREFIX.length)));
  } catch {
    return null;
  }
}

export async function openText(
  pairKey: Uint8Array<ArrayBuffer>,
  input: { pairId: string; kind: string },
  sealed: string,
) {
  if (!sealed.startsWith(SEALED_TEXT_PREFIX)) throw new E2eeError('malformed');
  const bytes = await openBytes(pairKey, input, fromBase64(sealed.slice(SEALED_TEXT_PREFIX.length)));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

// ---------------------------------------------------------------------------------------------------------
// The safety code

/**
 * The pair's safety code (as Signal's safety numbers): SHA-512 over both partners' ids and public keys, in
 * the order of their ids, as 12 groups of 5 digits. Both partners see the same code; a key swapped by anyone
 * in between gives another.
 */
export async function safetyCode(a: { id: string; publicRaw: string }, b: { id: string; publicRaw: string }) {
  const [first, second] = a.id < b.id ? [a, b] : [b, a];
  const parts = [
    utf8('pact:safety:v1'),
    utf8(first.id),
    fromBase64(first.publicRaw),
    utf8(second.id),
    fromBase64(second.publicRaw),
  ];
  const input = new Uint8Array(parts.reduce((n, p) => n + p.length + 2, 0));
  let at = 0;
  for (const part of parts) {
    // Each part with its length first, so that no two inputs run together into the same bytes.
    input[at++] = part.length >> 8;
    input[at++] = part.length & 0xff;
    input.set(part, at);
    at += part.length;
  }
  const digest = new Uint8Array(await subtle().digest('SHA-512', input));
  const groups: string[] = [];
  for (let i = 0; i < 12; i++) {
    let n = 0;
    for (let j = 0; j < 5; j++) n = n * 256 + digest[i * 5 + j]!;
    groups.push(String(n % 100_000).padStart(5, '0'));
  }
  return groups;
}
