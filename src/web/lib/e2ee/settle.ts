import type { PairKeysView } from '@/shared/schemas/keys';
import { ApiError } from '../api';
import { addPairWraps, fetchPairKeys } from './api';
import { type IdentityKeys, importPublicKey } from './keys';
import { newPairKey, type PairKeyWrap, unwrapPairKey, wrapPairKey } from './pair-wraps';

/**
 * A pair's keys as this device can open them (decision 100), and the wraps it owes: the pair's first key
 * when it has none, a new key when it can open none of the pair's (this account made a new identity after a
 * reset without its recovery key: decision 101), and each key the partner lacks for their current public key
 * (a partner new to encryption; one who made a new key only once this user agrees: `shareHistory`, see
 * `historyNeedsConsent`). Answers the keys it opened, by key id.
 */
export async function settlePairKeys(
  view: PairKeysView,
  me: { id: string; identity: IdentityKeys },
  opts: { shareHistory?: boolean } = {},
  retry = true,
): Promise<{ keys: Map<number, Uint8Array<ArrayBuffer>>; view: PairKeysView }> {
  const opened = new Map<number, Uint8Array<ArrayBuffer>>();
  for (const wrap of view.wraps) {
    if (opened.has(wrap.keyId) || !wrap.from) continue;
    try {
      const from = await importPublicKey(wrap.fromPublicKey);
      const unwrapped = await unwrapPairKey(
        { v: 1, keyId: wrap.keyId, from: wrap.from, to: me.id, iv: wrap.iv, ct: wrap.ct },
        {
          pairId: view.pairId,
          me: me.identity,
          meId: me.id,
          from,
        },
      );
      opened.set(wrap.keyId, unwrapped);
    } catch {
      // A wrap this key cannot open (made to an earlier key of mine) is left for the partner to renew.
    }
  }
  const owed: PairKeyWrap[] = [];
  const wrapFor = async (keyId: number, key: Uint8Array<ArrayBuffer>, toId: string, toPublicRaw: string) => {
    const to = await importPublicKey(toPublicRaw);
    owed.push(await wrapPairKey(key, { pairId: view.pairId, keyId, me: me.identity, meId: me.id, to, toId }));
  };
  const partnerKey = view.partner.publicKey;
  if (opened.size === 0) {
    // The pair's first key, or the next one: made here, for me and (once they have a key) for my partner.
    const keyId = Math.max(0, ...view.keys.map((k) => k.keyId)) + 1;
    const key = newPairKey();
    opened.set(keyId, key);
    await wrapFor(keyId, key, me.id, me.identity.publicRaw);
    if (partnerKey) await wrapFor(keyId, key, view.partner.id, partnerKey);
  }
  if (partnerKey && (opts.shareHistory || !historyNeedsConsent(view))) {
    for (const { keyId, partnerHasIt } of view.keys) {
      const key = opened.get(keyId);
      if (!partnerHasIt && key) await wrapFor(keyId, key, view.partner.id, partnerKey);
    }
  }
  if (owed.length === 0) return { keys: opened, view };
  const toPublic = (to: string) => (to === me.id ? me.identity.publicRaw : (partnerKey ?? ''));
  try {
    const next = await addPairWraps(view.pairId, {
      wraps: owed.map((w) => ({ keyId: w.keyId, to: w.to, toPublicKey: toPublic(w.to), iv: w.iv, ct: w.ct })),
    });
    return { keys: opened, view: next };
  } catch (error) {
    // The partner's device made the pair's key first, or a key changed meanwhile: read again, once.
    if (!retry || !(error instanceof ApiError) || error.status !== 409) throw error;
    return settlePairKeys(await fetchPairKeys(view.pairId), me, opts, false);
  }
}

/**
 * Whether sharing the pair's older keys with the partner waits for this user's word (decision 101): the
 * partner made a new identity key (a reset without the recovery key, or someone else who reset their
 * password), and lacks keys this device holds. Their first key is shared at once; a replaced one only after
 * the two compare the new safety code, so that whoever took over an e-mail address does not get the history.
 */
export const historyNeedsConsent = (view: PairKeysView) =>
  (view.partner.generation ?? 1) > 1 && view.keys.some((k) => !k.partnerHasIt);
