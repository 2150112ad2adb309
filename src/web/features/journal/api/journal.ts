import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { SEALED_KINDS } from '@/shared/domain/sealed';
import type { MessagePage, MessageView, SendMessageInput } from '@/shared/schemas/journal';
import { ApiError, api, unwrap } from '@/web/lib/api';
import { useCurrentUser } from '@/web/lib/current-user';
import { type PairSealing, pairSealingQuery, rememberOpened, sealFor } from '@/web/lib/e2ee/sealing';
import { queryKeys } from '@/web/lib/query-keys';
import { patchQuery, withKey } from '@/web/lib/writes';

type Conversation = InfiniteData<MessagePage, unknown>;

export const fetchPage = async (partnerId: string, before: string | null): Promise<MessagePage> =>
  unwrap(api.api.journal.messages.$get({ query: { partnerId, ...(before ? { before } : {}) } }));

/**
 * The conversation with one partner: the newest page first, older pages as the list asks for them
 * (the next page goes back in time; `useOlderPages` asks for it).
 */
export const useConversation = (partnerId: string) =>
  useInfiniteQuery({
    queryKey: queryKeys.journal(partnerId),
    queryFn: ({ pageParam }) => fetchPage(partnerId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.olderCursor,
  });

/** Every loaded message, oldest first, each once. */
export function messagesOf(data: Conversation | undefined): MessageView[] {
  const seen = new Set<string>();
  const out: MessageView[] = [];
  for (const page of [...(data?.pages ?? [])].reverse()) {
    for (const m of page.messages) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out;
}

/** Adds messages newer than those loaded to the newest page, leaving the older pages (and their cursors) be. */
function withNewest(data: Conversation, fresh: MessageView[]): Conversation {
  if (data.pages.length === 0) return data;
  const known = new Set(messagesOf(data).map((m) => m.id));
  const added = fresh.filter((m) => !known.has(m.id));
  if (added.length === 0) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, messages: [...first!.messages, ...added] }, ...rest] };
}

function appendNewest(queryClient: QueryClient, partnerId: string, fresh: MessageView[]) {
  queryClient.setQueryData<Conversation>(queryKeys.journal(partnerId), (data) =>
    data ? withNewest(data, fresh) : data,
  );
}

/** The conversation without the message `id`. */
function without(data: Conversation, id: string): Conversation {
  if (!data.pages.some((p) => p.messages.some((m) => m.id === id))) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, messages: p.messages.filter((m) => m.id !== id) })),
  };
}

/** A live message: the newest page is asked again and what is new is added at the bottom. */
export async function mergeNewest(queryClient: QueryClient, partnerId: string) {
  if (!queryClient.getQueryData(queryKeys.journal(partnerId))) return;
  appendNewest(queryClient, partnerId, (await fetchPage(partnerId, null)).messages);
}

/** A message shown before the server has it: its id names the key it is sent with. */
export const PENDING_MESSAGE = 'pending:';
export const isPendingMessage = (m: MessageView) => m.id.startsWith(PENDING_MESSAGE);

/** Takes the message shown while it was being sent out of the conversation. */
function dropPending(queryClient: QueryClient, partnerId: string, id: string) {
  queryClient.setQueryData<Conversation>(queryKeys.journal(partnerId), (data) =>
    data ? without(data, id) : data,
  );
}

export type SendMessage = SendMessageInput & { partnerId: string; key: string };

type MessageTexts = { content?: string | null; voiceNoteDescription?: string | null };

/**
 * A message's text and voice title as the pair asks them (decision 101): each one given, if not empty, sealed
 * with its kind; what this device sealed it remembers opened, so that its own message shows without being
 * opened again. Sending a message and sealing earlier ones both go through here.
 */
export async function sealMessageTexts<T extends MessageTexts>(
  queryClient: QueryClient,
  sealing: PairSealing,
  texts: T,
): Promise<T> {
  const out = { ...texts };
  for (const [field, kind] of [
    ['content', SEALED_KINDS.journalText],
    ['voiceNoteDescription', SEALED_KINDS.journalTitle],
  ] as const) {
    const text = texts[field];
    if (!text) continue;
    const sealed = await sealFor(sealing, text, kind);
    if (sealing.state === 'ready') rememberOpened(queryClient, sealing.pairId, kind, sealed, text);
    out[field] = sealed;
  }
  return out;
}

/** Sends `input` with its texts sealed as the pair asks. */
async function sendSealed(queryClient: QueryClient, { key, ...input }: SendMessage, sealing: PairSealing) {
  const texts = { content: input.content ?? '', voiceNoteDescription: input.voiceNoteDescription ?? null };
  const json = { ...input, ...(await sealMessageTexts(queryClient, sealing, texts)) };
  return (await unwrap(api.api.journal.messages.$post({ json }, withKey(key)))).message;
}

/**
 * Sends a message under its key (the server makes one message per key, decision 039). The message shows
 * at once at the bottom of the conversation, marked as being sent; the server's copy replaces it, and a
 * refusal takes it out again (the composer gives its text back and says why).
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return useMutation({
    mutationFn: async (input: SendMessage) => {
      const sealing = pairSealingQuery(queryClient, user.id, input.partnerId);
      try {
        return await sendSealed(queryClient, input, await queryClient.fetchQuery(sealing));
      } catch (error) {
        // The pair became sealed since its keys were read (the partner set up theirs): read them, once more.
        if (!(error instanceof ApiError) || error.code !== 'SEAL_REQUIRED') throw error;
        await queryClient.invalidateQueries({ queryKey: sealing.queryKey });
        return sendSealed(queryClient, input, await queryClient.fetchQuery(sealing));
      }
    },
    onMutate: async (input) => {
      const id = `${PENDING_MESSAGE}${input.key}`;
      const voice = input.kind === 'voice';
      const shown: MessageView[] = [
        {
          id,
          pairId: '',
          senderId: user.id,
          senderName: user.displayName,
          receiverId: input.partnerId,
          content: voice ? '' : (input.content ?? ''),
          tone: input.tone ?? 'green',
          voiceNote: null,
          voiceNoteGone: null,
          voiceNoteDescription: voice ? (input.voiceNoteDescription ?? null) : null,
          createdAt: Date.now(),
        },
      ];
      // Shown at once, and again over any refetch until the server's copy is in what it answers.
      const sent = { id: null as string | null };
      const pending = await patchQuery<Conversation>(
        queryClient,
        queryKeys.journal(input.partnerId),
        (data) => withNewest(data, shown),
        (data) => sent.id !== null && messagesOf(data).some((m) => m.id === sent.id),
      );
      return { id, pending, sent };
    },
    onSuccess: (message, input, context) => {
      context.sent.id = message.id;
      context.pending.settle((data: Conversation) => withNewest(without(data, context.id), [message]));
      dropPending(queryClient, input.partnerId, context.id);
      appendNewest(queryClient, input.partnerId, [message]);
    },
    onError: (_error, input, context) => {
      if (!context) return;
      context.pending.rollback();
      dropPending(queryClient, input.partnerId, context.id);
    },
  });
}
