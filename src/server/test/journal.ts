import type { SendMessageInput } from '@/shared/schemas/journal';
import type { Reader } from './client';
import { expectBody } from './responses';

/** Sends a journal message (must succeed) to `partnerId`; a green text message unless told. */
export async function sendMessage(who: Reader, partnerId: string, body: Partial<SendMessageInput> = {}) {
  const response = await who.api.journal.messages.$post({ json: { partnerId, content: 'Hello', ...body } });
  return (await expectBody(response, 201)).message;
}

/** One page of the conversation with `partnerId` (must succeed). */
export async function messagesPage(who: Reader, partnerId: string, before?: string | null) {
  const response = await who.api.journal.messages.$get({
    query: { partnerId, ...(before ? { before } : {}) },
  });
  return expectBody(response, 200);
}

/** The whole conversation, oldest first, page by page as the browser loads it while scrolling up. */
export async function wholeConversation(who: Reader, partnerId: string) {
  const pages: Awaited<ReturnType<typeof messagesPage>>[] = [];
  let before: string | null = null;
  do {
    const page = await messagesPage(who, partnerId, before);
    pages.push(page);
    before = page.olderCursor;
  } while (before);
  return { pages, messages: pages.toReversed().flatMap((p) => p.messages) };
}
