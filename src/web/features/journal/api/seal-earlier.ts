import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isSealedText } from '@/shared/domain/sealed';
import type { MessageView } from '@/shared/schemas/journal';
import { api, unwrap } from '@/web/lib/api';
import { useCurrentUser } from '@/web/lib/current-user';
import { type PairSealing, usePairSealing } from '@/web/lib/e2ee/sealing';
import { queryKeys } from '@/web/lib/query-keys';
import { fetchPage, sealMessageTexts } from './journal';

/** The conversations whose earlier messages this tab has sealed (or is sealing), by user and partner. */
const sealedHere = new Set<string>();

const plain = (text: string | null) => !!text && !isSealedText(text);

/**
 * The one-time migration of issue 27 (decision 101): once a conversation is sealed, this browser seals what
 * its user wrote in it before, page by page, and the server replaces the plain text (and its notification's
 * preview). Each partner's browser seals their own messages: no one can change what the other wrote.
 */
export function useSealEarlierMessages(partnerId: string) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const sealing = usePairSealing(partnerId).data;
  useEffect(() => {
    if (sealing?.state !== 'ready') return;
    const key = `${user.id}:${partnerId}`;
    if (sealedHere.has(key)) return;
    sealedHere.add(key);
    sealEarlier(queryClient, user.id, partnerId, sealing).catch((error) => {
      // Tried again on the next visit of the conversation.
      sealedHere.delete(key);
      console.warn('Sealing earlier messages failed', error);
    });
  }, [sealing, user.id, partnerId, queryClient]);
}

/** What is still plain of one of the user's messages (its text, its voice title), sealed. */
const sealOne = (queryClient: QueryClient, sealing: PairSealing, m: MessageView) =>
  sealMessageTexts(queryClient, sealing, {
    id: m.id,
    ...(plain(m.content) ? { content: m.content } : {}),
    ...(plain(m.voiceNoteDescription) ? { voiceNoteDescription: m.voiceNoteDescription! } : {}),
  });

async function sealEarlier(
  queryClient: QueryClient,
  userId: string,
  partnerId: string,
  sealing: PairSealing,
) {
  let before: string | null = null;
  let changed = 0;
  do {
    const page = await fetchPage(partnerId, before);
    const mine = page.messages.filter(
      (m) => m.senderId === userId && (plain(m.content) || plain(m.voiceNoteDescription)),
    );
    if (mine.length > 0) {
      const messages = await Promise.all(mine.map((m) => sealOne(queryClient, sealing, m)));
      const json = { partnerId, messages };
      changed += (await unwrap(api.api.journal.messages.seal.$post({ json }))).sealed;
    }
    before = page.olderCursor;
  } while (before);
  if (changed > 0) await queryClient.invalidateQueries({ queryKey: queryKeys.journal(partnerId) });
}
