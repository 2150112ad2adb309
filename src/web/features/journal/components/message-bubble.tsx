import { SEALED_KINDS } from '@/shared/domain/sealed';
import type { MessageTone, MessageView } from '@/shared/schemas/journal';
import { DeleteProofButton, ProofGoneNote } from '@/web/components/ui/proof';
import { VoicePlayer } from '@/web/components/ui/voice-player';
import { cn } from '@/web/lib/cn';
import { format } from '@/web/lib/dates';
import { useOpenedText } from '@/web/lib/e2ee/sealing';
import { mediaUrl } from '@/web/lib/upload';
import { isPendingMessage } from '../api/journal';

export const TONE_LABELS: Record<MessageTone, string> = { green: 'Green', yellow: 'Yellow', red: 'Red' };
export const TONE_DOT: Record<MessageTone, string> = {
  green: 'bg-green-500',
  yellow: 'bg-yellow-400',
  red: 'bg-red-500',
};
const TONE_EDGE: Record<MessageTone, string> = {
  green: 'border-l-green-500',
  yellow: 'border-l-yellow-400',
  red: 'border-l-red-500',
};

/**
 * One message: the sender's own on the right, the partner's on the left, at most 70% of the width. One that
 * `arrived` while the list was open (the partner's, or one's own as it is sent) rises into place.
 */
export function MessageBubble({
  message,
  mine,
  arrived = false,
}: {
  message: MessageView;
  mine: boolean;
  arrived?: boolean;
}) {
  const pending = isPendingMessage(message);
  // Sealed in the sender's browser (decision 101): opened here with the pair's key, or why not.
  const partnerId = mine ? message.receiverId : message.senderId;
  const sealed = { pairId: message.pairId, partnerId };
  const body = useOpenedText({ ...sealed, text: message.content, kind: SEALED_KINDS.journalText });
  const opened = useOpenedText({
    ...sealed,
    text: message.voiceNoteDescription ?? '',
    kind: SEALED_KINDS.journalTitle,
  });
  const title = opened.state === 'plain' || opened.state === 'open' ? opened.text : null;
  return (
    <li
      className={cn('flex', mine ? 'justify-end' : 'justify-start', arrived && 'motion-safe:animate-enter')}
      data-testid="journal-message"
      data-pending={pending ? 'true' : undefined}
    >
      <div
        className={cn(
          'max-w-[70%] min-w-0 rounded-bubble border-l-4 px-3 py-2 shadow-sm',
          TONE_EDGE[message.tone],
          mine ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
        )}
      >
        <p className="sr-only">
          {mine ? 'You' : message.senderName}, tone {TONE_LABELS[message.tone]}:
        </p>
        {message.voiceNote ? (
          <>
            <VoicePlayer src={mediaUrl(message.voiceNote)} label={title || 'Voice message'} />
            {/* Only its sender deletes it early (decision 076). */}
            {mine && !pending ? (
              <div className="mt-1 text-foreground">
                <DeleteProofButton id={message.voiceNote} of="this voice message" />
              </div>
            ) : null}
          </>
        ) : message.voiceNoteGone ? (
          <ProofGoneNote gone={message.voiceNoteGone} />
        ) : (
          <p
            className={cn(
              'whitespace-pre-wrap wrap-anywhere',
              body.state !== 'plain' && body.state !== 'open' && 'italic opacity-90',
            )}
            data-sealed={body.state === 'plain' ? undefined : body.state}
          >
            {body.text}
          </p>
        )}
        <p
          className={cn(
            'mt-1 flex items-center gap-1.5 text-xs',
            mine ? 'opacity-90' : 'text-muted-foreground',
          )}
        >
          <span aria-hidden className={cn('inline-block h-2 w-2 rounded-full', TONE_DOT[message.tone])} />
          {pending ? (
            <span>Sending…</span>
          ) : (
            <time dateTime={new Date(message.createdAt).toISOString()}>
              {format(message.createdAt, 'MMM d, h:mm a')}
            </time>
          )}
        </p>
      </div>
    </li>
  );
}
