import { Send } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  JOURNAL_MESSAGES,
  MESSAGE_CONTENT_MAX,
  MESSAGE_TITLE_MAX,
  MESSAGE_TONES,
  type MessageTone,
} from '@/shared/texts/journal';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { ProofKeepSelect, useKeepChoice } from '@/web/components/ui/proof';
import { Tabs } from '@/web/components/ui/tabs';
import { UploadProgress } from '@/web/components/ui/upload-progress';
import { type RecordedVoice, VoiceRecorder } from '@/web/components/ui/voice-recorder';
import { errorMessage } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { SEALING_TEXT, usePairSealing } from '@/web/lib/e2ee/sealing';
import { toast } from '@/web/lib/toast';
import { useToastsAbove } from '@/web/lib/toasts-above';
import { useMediaUpload } from '@/web/lib/use-media-upload';
import { isUnreachable, UNREACHABLE_MESSAGE, useWriteKey } from '@/web/lib/writes';
import { useSendMessage } from '../api/journal';
import { TONE_DOT, TONE_LABELS } from './message-bubble';

/** Writes to one partner: a tone, then a text (Enter sends, Shift+Enter adds a line) or a recording. */
export function Composer({ partnerId }: { partnerId: string }) {
  const [mode, setMode] = useState<'text' | 'voice'>('text');
  const [tone, setTone] = useState<MessageTone>('green');
  const [text, setText] = useState('');
  const [voice, setVoice] = useState<RecordedVoice | null>(null);
  const [title, setTitle] = useState('');
  const send = useSendMessage();
  const sealing = usePairSealing(partnerId);
  const media = useMediaUpload();
  const keepChoice = useKeepChoice();
  const ids = useId();
  // One key per message, kept across its retries; a tap while one is on its way does nothing.
  const key = useWriteKey();
  const inFlight = useRef(false);
  const dockedAbove = useToastsAbove<HTMLDivElement>();
  const busy = send.isPending || media.uploading;
  const canSend = mode === 'text' ? text.trim().length > 0 : voice !== null;

  const failed = (error: unknown) =>
    toast.error(JOURNAL_MESSAGES.sendFailed, {
      description: isUnreachable(error) ? UNREACHABLE_MESSAGE : errorMessage(error),
    });

  const submit = async () => {
    if (inFlight.current || busy || !canSend) return;
    inFlight.current = true;
    try {
      if (mode === 'text') {
        const content = text.trim();
        // The message shows in the conversation at once; the box is cleared for the next one, and given
        // its text back if the message is refused.
        setText('');
        try {
          await send.mutateAsync({ key: key.current, partnerId, tone, kind: 'text', content });
        } catch (error) {
          setText((now) => (now === '' ? content : now));
          throw error;
        }
      } else if (voice) {
        let voiceNoteId: string | null = null;
        try {
          const params = { partnerId, durationMs: voice.durationMs, keep: keepChoice.keep };
          voiceNoteId = (await media.upload('audio', voice.blob, params)).id;
        } catch {
          toast.error(JOURNAL_MESSAGES.audioFailed, { description: JOURNAL_MESSAGES.audioFailedDetail });
        }
        await send.mutateAsync(
          voiceNoteId
            ? {
                key: key.current,
                partnerId,
                tone,
                kind: 'voice',
                voiceNoteId,
                voiceNoteDescription: title.trim() || null,
              }
            : { key: key.current, partnerId, tone, kind: 'text', content: title.trim() || 'Voice message' },
        );
        setVoice(null);
        setTitle('');
      }
      key.renew();
      toast.success(JOURNAL_MESSAGES.sent, { duration: 2_000 });
    } catch (error) {
      failed(error);
    } finally {
      inFlight.current = false;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const sendButton = (
    <Button onClick={() => void submit()} disabled={busy || !canSend} className="shrink-0">
      <Send className="h-4 w-4" aria-hidden />
      {busy ? 'Sending…' : 'Send'}
    </Button>
  );

  if (sealing.data?.state === 'locked') {
    // A sealed pair on a device that cannot seal: nothing is sent in the clear (decision 101).
    return (
      <div className="shrink-0 space-y-2 rounded-control bg-muted p-3 text-sm" data-testid="journal-locked">
        <p>{SEALING_TEXT.lockedToWrite}</p>
        <Link to="/settings#encryption" className="font-medium text-primary underline underline-offset-4">
          Unlock in Settings
        </Link>
      </div>
    );
  }

  return (
    <div
      ref={dockedAbove}
      data-testid="journal-composer"
      className="shrink-0 space-y-2 sm:space-y-3 short:space-y-2"
    >
      {/* One line down to a 320 px phone: every line the composer takes is one less for the conversation. */}
      <fieldset className="flex flex-wrap items-center gap-1.5 sm:gap-2">
        <legend className="sr-only">Tone</legend>
        <span aria-hidden className="text-sm font-medium">
          Tone
        </span>
        {MESSAGE_TONES.map((t) => (
          <label
            key={t}
            className={cn(
              'flex h-9 cursor-pointer items-center gap-1 rounded-full border px-2.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring sm:gap-1.5 sm:px-3',
              tone === t ? 'border-foreground bg-muted font-semibold' : 'border-input',
            )}
          >
            <input
              type="radio"
              name={`${ids}-tone`}
              value={t}
              checked={tone === t}
              onChange={() => setTone(t)}
              className="sr-only"
            />
            <span aria-hidden className={cn('h-3 w-3 rounded-full', TONE_DOT[t])} />
            {TONE_LABELS[t]}
          </label>
        ))}
      </fieldset>
      <Tabs
        label="Message type"
        value={mode}
        onValueChange={(v) => setMode(v === 'voice' ? 'voice' : 'text')}
        items={[
          {
            value: 'text',
            label: 'Text',
            content: (
              <div className="flex items-end gap-2 narrow:flex-col narrow:items-stretch">
                <label htmlFor={`${ids}-text`} className="sr-only">
                  Message
                </label>
                <textarea
                  id={`${ids}-text`}
                  rows={2}
                  value={text}
                  maxLength={MESSAGE_CONTENT_MAX}
                  onChange={(e) => setText(e.target.value)}
                  onKeyDown={onKeyDown}
                  placeholder="Write a message… (Enter sends, Shift+Enter for a new line)"
                  className="min-w-0 flex-1 resize-none rounded-control border border-input bg-card p-3 text-base"
                />
                {sendButton}
              </div>
            ),
          },
          {
            value: 'voice',
            label: 'Voice',
            content: (
              <div className="space-y-2">
                <VoiceRecorder value={voice} onChange={setVoice} disabled={busy} />
                <ProofKeepSelect
                  label="Keep this voice message for"
                  value={keepChoice.keep}
                  onChange={keepChoice.choose}
                  disabled={busy}
                />
                <div className="flex items-end gap-2 narrow:flex-col narrow:items-stretch">
                  <div className="min-w-0 flex-1 space-y-1.5">
                    <label htmlFor={`${ids}-title`} className="block text-sm font-medium">
                      Title (optional)
                    </label>
                    <Input
                      id={`${ids}-title`}
                      value={title}
                      maxLength={MESSAGE_TITLE_MAX}
                      onChange={(e) => setTitle(e.target.value)}
                    />
                  </div>
                  {sendButton}
                </div>
                <UploadProgress label="Uploading voice message" progress={media.progress} />
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
