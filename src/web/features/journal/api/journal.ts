import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { NotePage, NoteView, SendNoteInput } from '@/shared/schemas/journal';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

type Conversation = InfiniteData<NotePage, unknown>;

const fetchPage = async (partnerId: string, before: string | null): Promise<NotePage> =>
  unwrap(api.api.notes.$get({ query: { partnerId, ...(before ? { before } : {}) } }));

/**
 * The conversation with one partner: the newest page first, older pages as the list asks for them
 * (`fetchNextPage` goes back in time).
 */
export const useConversation = (partnerId: string) =>
  useInfiniteQuery({
    queryKey: queryKeys.journal(partnerId),
    queryFn: ({ pageParam }) => fetchPage(partnerId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.olderCursor,
  });

/** Every loaded message, oldest first, each once. */
export function messagesOf(data: Conversation | undefined): NoteView[] {
  const seen = new Set<string>();
  const out: NoteView[] = [];
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
function appendNewest(queryClient: QueryClient, partnerId: string, fresh: NoteView[]) {
  queryClient.setQueryData<Conversation>(queryKeys.journal(partnerId), (data) => {
    if (!data || data.pages.length === 0) return data;
    const known = new Set(messagesOf(data).map((m) => m.id));
    const added = fresh.filter((m) => !known.has(m.id));
    if (added.length === 0) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, messages: [...first!.messages, ...added] }, ...rest] };
  });
}

/** A live message: the newest page is asked again and what is new is added at the bottom. */
export async function mergeNewest(queryClient: QueryClient, partnerId: string) {
  if (!queryClient.getQueryData(queryKeys.journal(partnerId))) return;
  appendNewest(queryClient, partnerId, (await fetchPage(partnerId, null)).messages);
}

export function useSendNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: SendNoteInput & { partnerId: string }) =>
      (await unwrap(api.api.notes.$post({ json }))).message,
    onSuccess: (message, input) => appendNewest(queryClient, input.partnerId, [message]),
  });
}
