import { MessageSquare } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { MessageView } from '@/shared/schemas/journal';
import { isPendingMessage } from '../api/journal';
import { MessageBubble } from './message-bubble';

/** Within this many pixels of the top, older messages are loaded; of the bottom, new ones scroll into view. */
const EDGE_PX = 80;

interface MessageListProps {
  messages: MessageView[];
  userId: string;
  partnerName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}

/**
 * The conversation, newest at the bottom: it opens at the newest message, loads older ones as the user
 * scrolls up and keeps what they were reading in place when those arrive above it.
 */
export function MessageList({
  messages,
  userId,
  partnerName,
  hasOlder,
  loadingOlder,
  loadOlder,
}: MessageListProps) {
  const box = useRef<HTMLDivElement>(null);
  /** The distance from the bottom before older messages were asked for, restored when they arrive. */
  const fromBottom = useRef<number | null>(null);
  const shown = useRef<{ first?: string; last?: string }>({});
  const atBottom = useRef(true);
  /** The list's height when the resize observer last saw it. */
  const height = useRef<number | null>(null);
  /** The newest message when the list was first shown: what arrives after it rises into place. */
  const newestAtStart = useRef<number | null>(null);
  newestAtStart.current ??= messages.at(-1)?.createdAt ?? 0;
  const since = newestAtStart.current;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    const before = shown.current;
    if (before.first !== first && before.last === last && fromBottom.current !== null) {
      // Older messages were added above: keep the same messages in view.
      el.scrollTop = el.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    } else if (before.last !== last) {
      // The first load, or a new message: follow it when the user was at the bottom or sent it.
      const mine = messages.at(-1)?.senderId === userId;
      if (before.last === undefined || atBottom.current || mine) el.scrollTop = el.scrollHeight;
    }
    shown.current = { first, last };
  }, [messages, userId]);

  // When the window changes (an on-screen keyboard opens), the newest message stays in view.
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    height.current = el.clientHeight;
    const observer = new ResizeObserver(() => {
      height.current = el.clientHeight;
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    // A scroll the browser made as the list changed size, before the observer saw the new size, says
    // nothing about where the reader is: the observer keeps the newest message in view if it was.
    if (height.current !== null && el.clientHeight !== height.current) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX;
    if (el.scrollTop < EDGE_PX && hasOlder && !loadingOlder) {
      fromBottom.current = el.scrollHeight - el.scrollTop;
      loadOlder();
    }
  };

  return (
    <div
      ref={box}
      onScroll={onScroll}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling list must be reachable by keyboard.
      tabIndex={0}
      role="log"
      aria-label={`Messages with ${partnerName}`}
      className="relative min-h-0 flex-1 overflow-y-auto rounded-card border bg-card p-3 [overflow-anchor:none] narrow:h-[50dvh] narrow:flex-none"
    >
      {loadingOlder ? (
        <p role="status" className="py-2 text-center text-xs text-muted-foreground">
          Loading older messages…
        </p>
      ) : null}
      {messages.length === 0 ? (
        <div className="flex h-full flex-col items-center justify-center gap-2 text-center text-muted-foreground">
          <MessageSquare className="h-8 w-8" aria-hidden />
          <p>No messages yet. Say hello to {partnerName}.</p>
        </div>
      ) : (
        <ol className="flex flex-col gap-2">
          {messages.map((m) => (
            <MessageBubble
              key={m.id}
              message={m}
              mine={m.senderId === userId}
              arrived={isPendingMessage(m) || (m.senderId !== userId && m.createdAt > since)}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
