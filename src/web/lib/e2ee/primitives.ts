/**
 * The primitives every part of end-to-end encryption uses (decision 100), all WebCrypto's: base64url,
 * AES-256-GCM with associated data, HKDF-SHA-256, random bytes, and the one error a reader is told.
 */

export const subtle = () => globalThis.crypto.subtle;
export const utf8 = (text: string) => new TextEncoder().encode(text);
export const random = (length: number) => globalThis.crypto.getRandomValues(new Uint8Array(length));

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

const aesKey = (bytes: Uint8Array<ArrayBuffer>, usages: KeyUsage[]) =>
  subtle().importKey('raw', bytes, { name: 'AES-GCM' }, false, usages);

/** AES-256-GCM under the raw `key`, with `aad` bound to the ciphertext. */
export async function aesEncrypt(
  key: Uint8Array<ArrayBuffer>,
  iv: Uint8Array<ArrayBuffer>,
  aad: Uint8Array<ArrayBuffer>,
  plain: Uint8Array<ArrayBuffer>,
) {
  const cryptoKey = await aesKey(key, ['encrypt']);
  return new Uint8Array(
    await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: aad }, cryptoKey, plain),
  );
}

/** Opens what `aesEncrypt` sealed; a wrong key, IV, associated data or a changed byte is `wrong-key`. */
export async function aesDecrypt(
  key: Uint8Array<ArrayBuffer>,
  iv: Uint8Array<ArrayBuffer>,
  aad: Uint8Array<ArrayBuffer>,
  ct: Uint8Array<ArrayBuffer>,
) {
  const cryptoKey = await aesKey(key, ['decrypt']);
  try {
    return new Uint8Array(
      await subtle().decrypt({ name: 'AES-GCM', iv, additionalData: aad }, cryptoKey, ct),
    );
  } catch {
    throw new E2eeError('wrong-key');
  }
}

/** 32 bytes of HKDF-SHA-256 from `ikm`, `salt` and `info`. */
export async function hkdf(
  ikm: ArrayBuffer | Uint8Array<ArrayBuffer>,
  salt: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
) {
  const base = await subtle().importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await subtle().deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, base, 256));
}

/** A key sealed for storage: AES-GCM under `kek`, as base64url IV and ciphertext. */
export async function seal(
  kek: Uint8Array<ArrayBuffer>,
  plain: Uint8Array<ArrayBuffer>,
  aad: Uint8Array<ArrayBuffer>,
  iv = random(12),
) {
  return { iv: toBase64(iv), ct: toBase64(await aesEncrypt(kek, iv, aad, plain)) };
}

/** Opens what `seal` sealed. */
export const open = (kek: Uint8Array<ArrayBuffer>, iv: string, ct: string, aad: Uint8Array<ArrayBuffer>) =>
  aesDecrypt(kek, fromBase64(iv), aad, fromBase64(ct));
