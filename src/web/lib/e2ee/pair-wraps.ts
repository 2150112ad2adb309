/**
 * Pair keys (decision 100): 32 random bytes per key id, wrapped from one partner to another by static ECDH
 * between the wrapper's private key and the recipient's public key, then HKDF bound to the pair, the key id
 * and both ids, so that a partner reading a wrap knows which partner's key made it.
 */
import type { IdentityKeys } from './keys';
import { E2eeError, hkdf, open, random, seal, subtle, utf8 } from './primitives';

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
  return hkdf(shared, utf8(pairId), info);
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
