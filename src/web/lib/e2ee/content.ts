/**
 * Content sealed with a pair key (decision 100): `PE1`, the key id (4 bytes), a random IV (12), the AES-GCM
 * ciphertext, with the pair and the kind of content as associated data; a text as `pe1.` and base64url.
 */
import { aesDecrypt, aesEncrypt, E2eeError, fromBase64, random, toBase64, utf8 } from './primitives';

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
  const ct = await aesEncrypt(pairKey, iv, contentAad(input.pairId, input.kind), plain);
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
  return aesDecrypt(pairKey, sealed.slice(7, 19), contentAad(input.pairId, input.kind), sealed.slice(19));
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
