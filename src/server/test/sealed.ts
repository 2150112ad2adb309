import { randomBytes } from 'node:crypto';
import { openText, sealText } from '@/web/lib/e2ee/content';
import { generateIdentity, type IdentityKeys, importPublicKey } from '@/web/lib/e2ee/keys';
import { newPairKey, wrapPairKey } from '@/web/lib/e2ee/pair-wraps';
import type { Couple } from './partners';
import { expectBody } from './responses';
import type { TestUser } from './users';

const b64 = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * Sets up `who`'s keys as a browser would, with a real identity key (its private half's wraps are opaque to
 * the server and not needed here), and answers the identity.
 */
export async function setUpKeysOf(who: TestUser): Promise<IdentityKeys> {
  const { keys } = await generateIdentity();
  const opaque = () => ({ v: 1, salt: b64(16), iv: b64(12), ct: b64(154) });
  await expectBody(
    await who.client.put('/api/keys', {
      password: who.password,
      publicKey: keys.publicRaw,
      passwordWrap: { ...opaque(), kdf: 'argon2id', m: 65_536, t: 3, p: 1 },
      recoveryWrap: { ...opaque(), kdf: 'recovery' },
    }),
    200,
  );
  return keys;
}

export interface SealedCouple extends Couple {
  keyId: number;
  pairKey: Uint8Array<ArrayBuffer>;
  seal(text: string, kind?: string): Promise<string>;
  open(sealed: string, kind?: string): Promise<string>;
}

/**
 * Both partners of `couple` set up keys, and the dominant's browser makes the pair's first key and wraps it
 * for both (decision 100): from then on the pair's texts come sealed (decision 101).
 */
export async function sealCouple(couple: Couple): Promise<SealedCouple> {
  const [dom, sub] = [await setUpKeysOf(couple.dominant), await setUpKeysOf(couple.submissive)];
  const pairKey = newPairKey();
  const keyId = 1;
  const wraps = [];
  for (const [toId, to] of [
    [couple.dominant.id, dom],
    [couple.submissive.id, sub],
  ] as const) {
    const wrap = await wrapPairKey(pairKey, {
      pairId: couple.pairId,
      keyId,
      me: dom,
      meId: couple.dominant.id,
      to: await importPublicKey(to.publicRaw),
      toId,
    });
    wraps.push({ keyId, to: toId, toPublicKey: to.publicRaw, iv: wrap.iv, ct: wrap.ct });
  }
  await expectBody(
    await couple.dominant.client.post(`/api/keys/pairs/${couple.pairId}/wraps`, { wraps }),
    200,
  );
  return {
    ...couple,
    keyId,
    pairKey,
    seal: (text, kind = 'journal.text') => sealText(pairKey, { keyId, pairId: couple.pairId, kind }, text),
    open: (sealed, kind = 'journal.text') => openText(pairKey, { pairId: couple.pairId, kind }, sealed),
  };
}
