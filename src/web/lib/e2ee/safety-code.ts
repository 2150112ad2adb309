import { fromBase64, subtle, utf8 } from './primitives';

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
