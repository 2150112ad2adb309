import { useState } from 'react';
import {
  CHECKIN_MOOD_HINTS,
  CHECKIN_MOOD_LABELS,
  CHECKIN_MOODS,
  CHECKIN_NOTE_MAX,
  type CheckinMood,
} from '@/shared/domain/checkins';
import { Dialog } from '@/web/components/ui/dialog';
import { FormActions } from '@/web/components/ui/form-actions';
import { TextAreaField } from '@/web/components/ui/form-controls';
import { errorMessage } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { toast } from '@/web/lib/toast';
import { useAnswerCheckin } from '../api/checkins';
import { MOOD_DOT } from './mood';

export const ANSWER_TEXT = {
  title: 'Check in',
  legend: 'How are you?',
  note: 'Note (optional)',
  noteHint: 'Only the two of you read the note.',
  send: 'Send check-in',
  sending: 'Sending…',
  chooseMood: 'Choose Green, Yellow or Red',
  sent: 'Check-in sent',
  failed: "Couldn't reach Pact. Your note is kept; try again.",
} as const;

/**
 * Answering a check-in (decision 052): Green, Yellow or Red as a radio group, and an optional note only
 * the two partners read. Yellow asks the partner back; Red calls Red for the two of them.
 */
export function AnswerDialog({
  checkinId,
  partnerName,
  onClose,
}: {
  checkinId: string | null;
  partnerName: string;
  onClose: () => void;
}) {
  const [mood, setMood] = useState<CheckinMood | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const answer = useAnswerCheckin();
  const close = () => {
    setMood(null);
    setNote('');
    setMissing(false);
    onClose();
  };
  const send = (event: React.FormEvent) => {
    event.preventDefault();
    if (!checkinId) return;
    if (!mood) {
      setMissing(true);
      return;
    }
    answer.mutate(
      { id: checkinId, mood, ...(note.trim() ? { note } : {}) },
      {
        onSuccess: () => {
          toast.success(ANSWER_TEXT.sent);
          close();
        },
        onError: (error) => toast.error(errorMessage(error, ANSWER_TEXT.failed)),
      },
    );
  };
  return (
    <Dialog
      open={checkinId !== null}
      onOpenChange={(open) => !open && close()}
      title={ANSWER_TEXT.title}
      description={`With ${partnerName}. ${ANSWER_TEXT.noteHint}`}
    >
      <form
        onSubmit={send}
        noValidate
        className="max-h-[70dvh] space-y-4 overflow-y-auto pr-1"
        aria-label={ANSWER_TEXT.title}
      >
        <fieldset aria-describedby={missing ? 'checkin-mood-error' : undefined}>
          <legend className="mb-2 text-sm font-medium">{ANSWER_TEXT.legend}</legend>
          <div className="grid gap-2">
            {CHECKIN_MOODS.map((m) => (
              <label
                key={m}
                className={cn(
                  'flex min-h-11 cursor-pointer items-start gap-3 rounded-control border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  mood === m ? 'border-primary bg-muted' : 'border-input',
                )}
              >
                <input
                  type="radio"
                  name="mood"
                  value={m}
                  checked={mood === m}
                  onChange={() => {
                    setMood(m);
                    setMissing(false);
                  }}
                  className="mt-1 h-4 w-4 accent-primary"
                />
                <span className={cn('mt-1 h-3 w-3 shrink-0 rounded-full', MOOD_DOT[m])} aria-hidden />
                <span className="min-w-0">
                  <span className="block font-medium">{CHECKIN_MOOD_LABELS[m]}</span>
                  <span className="block text-sm text-muted-foreground">{CHECKIN_MOOD_HINTS[m]}</span>
                </span>
              </label>
            ))}
          </div>
          {missing ? (
            <p id="checkin-mood-error" role="alert" className="mt-2 text-sm text-destructive">
              {ANSWER_TEXT.chooseMood}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField
          label={ANSWER_TEXT.note}
          value={note}
          maxLength={CHECKIN_NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
        />
        <FormActions
          onCancel={close}
          busy={answer.isPending}
          label={ANSWER_TEXT.send}
          busyLabel={ANSWER_TEXT.sending}
        />
      </form>
    </Dialog>
  );
}
