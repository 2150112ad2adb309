import { describe, expect, it } from 'vitest';
import { openBytes, openText, sealBytes, sealedKeyId, sealedTextKeyId, sealText } from './content';
import { newPairKey } from './pair-wraps';
import { fromBase64, toBase64 } from './primitives';
import { bytes, CAROL, PAIR, rejects, VECTORS } from './test-keys';

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
