import { createCipheriv, createECDH, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { importPublicKey } from './keys';
import { newPairKey, unwrapPairKey, wrapPairKey } from './pair-wraps';
import { fromBase64, toBase64 } from './primitives';
import { ALICE, BOB, bytes, CAROL, identity, PAIR, rejects, VECTORS } from './test-keys';

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
    const cipher = createCipheriv('aes-256-gcm', kek, bytes(12, 1));
    cipher.setAAD(Buffer.from(info));
    const expected = Buffer.concat([cipher.update(bytes(32, 0x42)), cipher.final(), cipher.getAuthTag()]);
    expect(wrap.ct).toBe(expected.toString('base64url'));
    expect(wrap.ct).toBe(VECTORS.pairWrap);
  });
});
