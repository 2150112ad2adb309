import type { QueryClient } from '@tanstack/react-query';
import { preview } from '@/shared/domain/notification-content';
import { openSealed, useOpenedText } from '@/web/lib/e2ee/sealing';

interface Noticed {
  type: string;
  message: string;
  data: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A notification's message. A message from the partner sealed in their browser (decision 101) comes with
 * the server's own words ("Dana: Encrypted message") and the sealed text: this browser opens it and shows
 * its first 50 characters, as the server does for a plain one; the server never sees them.
 */
export function NotificationMessage({ n }: { n: Noticed }) {
  const opened = useOpenedText(sealedOf(n));
  return <>{opened.state === 'open' ? withPreview(n, opened.text) : n.message}</>;
}

const sealedOf = (n: Noticed) => ({
  pairId: text(n.data.pairId),
  partnerId: text(n.data.senderId),
  text: n.type === 'message_sent' ? text(n.data.sealed) : '',
  kind: text(n.data.sealedKind),
});

/** "Dana: " and the first characters of what was opened, in place of the server's words. */
const withPreview = (n: Noticed, opened: string) =>
  `${n.message.slice(0, n.message.lastIndexOf(': '))}: ${preview(opened)}`;

/** The message a toast shows for `n`: opened first when it is sealed and this device can. */
export async function notificationMessageText(queryClient: QueryClient, userId: string, n: Noticed) {
  const sealed = sealedOf(n);
  if (!sealed.text) return n.message;
  const opened = await openSealed(queryClient, userId, sealed);
  return opened === null ? n.message : withPreview(n, opened);
}
