/**
 * What the server can tell about sealed content without opening it (decision 101): a sealed text is `pe1.`
 * and base64url of `PE1`, the pair key's id (4 bytes, big-endian), the IV (12) and the AES-GCM ciphertext
 * with its 16-byte tag. The server checks the shape and the key id, never what it says.
 */

export const SEALED_MESSAGES = {
  malformed: 'Encrypted text is malformed',
  unknownKey: 'This was encrypted with a key this pair does not have',
  required: 'This conversation is end-to-end encrypted: unlock encryption on this device to write',
} as const;

/**
 * What each sealed content is, bound into its seal as associated data: a text sealed as one kind does not
 * open as another (a message's title moved into its text fails).
 */
export const SEALED_KINDS = {
  journalText: 'journal.text',
  journalTitle: 'journal.title',
} as const;

/** The prefix of a sealed text: what a reader tells it from plain text by. */
export const SEALED_TEXT_PREFIX = 'pe1.';
/** `PE1`, the key id and the IV: the bytes before the ciphertext. */
export const SEALED_HEADER_BYTES = 3 + 4 + 12;
const TAG_BYTES = 16;
const SEALED_TEXT = /^pe1\.[A-Za-z0-9_-]+$/;

/**
 * The longest sealed text a plain text of `plainMax` characters can become: each UTF-16 unit is at most
 * three bytes of UTF-8, then the header and tag, then base64url's four characters for every three bytes.
 */
export const sealedTextMax = (plainMax: number) =>
  SEALED_TEXT_PREFIX.length + Math.ceil(((plainMax * 3 + SEALED_HEADER_BYTES + TAG_BYTES) * 4) / 3);

export const isSealedText = (text: string) => text.startsWith(SEALED_TEXT_PREFIX);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The first `count` bytes of base64url text (a multiple of three: no padding to mind). */
function leadingBytes(text: string, count: number): number[] {
  const out: number[] = [];
  for (let i = 0; out.length < count; i += 4) {
    const n = [0, 1, 2, 3].reduce((acc, j) => (acc << 6) | ALPHABET.indexOf(text[i + j]!), 0);
    out.push((n >> 16) & 255, (n >> 8) & 255, n & 255);
  }
  return out;
}

/**
 * The pair key id a sealed text names, or null when it is not one: the wrong characters, too short to hold
 * a header and a tag, or not starting with `PE1`.
 */
export function sealedTextKeyId(text: string): number | null {
  if (!SEALED_TEXT.test(text)) return null;
  const body = text.slice(SEALED_TEXT_PREFIX.length);
  if (Math.floor((body.length * 3) / 4) < SEALED_HEADER_BYTES + TAG_BYTES || body.length % 4 === 1)
    return null;
  const [p, e, one, ...id] = leadingBytes(body, 9);
  if (p !== 0x50 || e !== 0x45 || one !== 0x31) return null;
  const keyId = ((id[0]! << 24) >>> 0) + (id[1]! << 16) + (id[2]! << 8) + id[3]!;
  return keyId >= 1 ? keyId : null;
}
