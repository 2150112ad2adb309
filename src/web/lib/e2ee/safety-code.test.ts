import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromBase64 } from './primitives';
import { safetyCode } from './safety-code';
import { ALICE, BOB, CAROL, identity, VECTORS } from './test-keys';

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
