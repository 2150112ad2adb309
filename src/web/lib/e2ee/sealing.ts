/**
 * Sealing what a user writes to a partner, and opening what the partner wrote (decision 101). A pair's texts
 * are sealed once both partners have keys: this device seals with the newest pair key it holds, and opens
 * with whichever key a text names. What it cannot open says why, never the text.
 */
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { isSealedText, sealedTextKeyId } from '@/shared/domain/sealed';
import { useCurrentUser } from '../current-user';
import { queryKeys } from '../query-keys';
import { deviceKeysQuery, fetchPairKeys, myKeysQuery, pairsQuery } from './api';

// The crypto loads when something sealed is met: the bell on every page imports this file.
const content = () => import('./content');

/**
 * How this device writes to one partner:
 * - `plain`: the pair is not sealed yet (`missing`: no pair yet; this account has no keys, or has not unlocked
 *   them on this device while the pair has no key; or the partner has no keys): texts go as they are;
 * - `locked`: the pair is sealed, but this device has not unlocked this account's key (it cannot write);
 * - `ready`: texts are sealed with `keyId`, and `keys` open what the pair sealed before.
 */
export type PairSealing =
  | { state: 'plain'; pairId: string | null; missing: 'pair' | 'me' | 'device' | 'partner' }
  | { state: 'locked'; pairId: string }
  | { state: 'ready'; pairId: string; keyId: number; keys: ReadonlyMap<number, Uint8Array<ArrayBuffer>> };

const READ_FOR = 60_000;

async function readSealing(
  queryClient: QueryClient,
  userId: string,
  partnerId: string,
): Promise<PairSealing> {
  // Read with the page (its loader), else asked; kept for a minute, refreshed by keys.changed.
  const pairs = await queryClient.fetchQuery({ ...pairsQuery, staleTime: READ_FOR });
  const pair = pairs.find(
    (p) =>
      (p.dominantId === userId && p.submissiveId === partnerId) ||
      (p.submissiveId === userId && p.dominantId === partnerId),
  );
  if (!pair) return { state: 'plain', pairId: null, missing: 'pair' };
  const [mine, identity] = await Promise.all([
    queryClient.fetchQuery({ ...myKeysQuery, staleTime: READ_FOR }),
    queryClient.fetchQuery(deviceKeysQuery(userId)),
  ]);
  if (!mine) return { state: 'plain', pairId: pair.id, missing: 'me' };
  const view = await fetchPairKeys(pair.id);
  if (!identity || identity.publicRaw !== mine.publicKey) {
    return view.partner.publicKey && view.keys.length > 0
      ? { state: 'locked', pairId: pair.id }
      : { state: 'plain', pairId: pair.id, missing: view.partner.publicKey ? 'device' : 'partner' };
  }
  const { settlePairKeys } = await import('./settle');
  const settled = await settlePairKeys(view, { id: userId, identity });
  if (!settled.view.partner.publicKey) return { state: 'plain', pairId: pair.id, missing: 'partner' };
  // The newest key this device holds: settling has wrapped it for the partner if they lacked it.
  const keyId = Math.max(...settled.keys.keys());
  return { state: 'ready', pairId: pair.id, keyId, keys: settled.keys };
}

export const pairSealingQuery = (queryClient: QueryClient, userId: string, partnerId: string) =>
  queryOptions({
    queryKey: [...queryKeys.allKeys, 'sealing', userId, partnerId],
    queryFn: () => readSealing(queryClient, userId, partnerId),
    staleTime: READ_FOR,
  });

/** How this device writes to `partnerId` now (a query: pending while the keys are read). */
export function usePairSealing(partnerId: string) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return useQuery(pairSealingQuery(queryClient, user.id, partnerId));
}

/** Seals `text` (a message, a title) when the pair is sealed; answers it as it is otherwise. */
export async function sealFor(sealing: PairSealing, text: string, kind: string) {
  if (sealing.state === 'plain' || text === '') return text;
  if (sealing.state === 'locked') throw new Error(SEALING_TEXT.locked);
  const { sealText } = await content();
  return sealText(
    sealing.keys.get(sealing.keyId)!,
    { keyId: sealing.keyId, pairId: sealing.pairId, kind },
    text,
  );
}

const openedKey = (pairId: string, kind: string, sealed: string) => ['opened', pairId, kind, sealed] as const;

/** What this device sealed it knows already: the sender's own message shows without being opened again. */
export function rememberOpened(
  queryClient: QueryClient,
  pairId: string,
  kind: string,
  sealed: string,
  text: string,
) {
  if (isSealedText(sealed)) queryClient.setQueryData(openedKey(pairId, kind, sealed), text);
}

/** Opens a sealed text outside a component (a toast): the text, or null when this device cannot. */
export async function openSealed(
  queryClient: QueryClient,
  userId: string,
  a: { pairId: string; partnerId: string; text: string; kind: string },
): Promise<string | null> {
  try {
    const sealing = await queryClient.fetchQuery(pairSealingQuery(queryClient, userId, a.partnerId));
    const key = sealing.state === 'ready' ? sealing.keys.get(sealedTextKeyId(a.text) ?? 0) : undefined;
    if (!key) return null;
    const text = await (await content()).openText(key, { pairId: a.pairId, kind: a.kind }, a.text);
    rememberOpened(queryClient, a.pairId, a.kind, a.text, text);
    return text;
  } catch {
    return null;
  }
}

export const SEALING_TEXT = {
  opening: 'Opening…',
  locked: 'Encrypted: unlock encryption on this device to read it',
  unreadable: 'Encrypted with a key this device does not have',
  lockedToWrite: 'This conversation is end-to-end encrypted. Unlock encryption on this device to write.',
} as const;

export type OpenedText =
  | { state: 'plain' | 'open'; text: string }
  | { state: 'opening' | 'locked' | 'unreadable'; text: string };

/**
 * `text` as a reader sees it: as it is when plain; opened with the pair key it names when sealed; else why
 * not (the keys being read, this device locked, or a key it does not have).
 */
export function useOpenedText(a: {
  pairId: string;
  partnerId: string;
  text: string;
  kind: string;
}): OpenedText {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const sealed = isSealedText(a.text);
  const sealing = useQuery({ ...pairSealingQuery(queryClient, user.id, a.partnerId), enabled: sealed });
  const keyId = sealed ? sealedTextKeyId(a.text) : null;
  const ready = sealing.data?.state === 'ready' ? sealing.data : null;
  const key = ready && keyId !== null ? ready.keys.get(keyId) : undefined;
  const opened = useQuery({
    queryKey: openedKey(a.pairId, a.kind, a.text),
    queryFn: async () => (await content()).openText(key!, { pairId: a.pairId, kind: a.kind }, a.text),
    enabled: sealed && !!key,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!sealed) return { state: 'plain', text: a.text };
  if (opened.data !== undefined) return { state: 'open', text: opened.data };
  if (sealing.data?.state === 'locked') return { state: 'locked', text: SEALING_TEXT.locked };
  if (sealing.isError || opened.isError || sealing.data?.state === 'plain' || (ready && !key)) {
    return { state: 'unreadable', text: SEALING_TEXT.unreadable };
  }
  return { state: 'opening', text: SEALING_TEXT.opening };
}
