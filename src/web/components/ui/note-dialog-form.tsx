import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError, errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { isUnreachable, useWriteKey } from '@/web/lib/writes';
import { Dialog } from './dialog';
import { FormActions } from './form-actions';
import { FormAlert } from './form-alert';
import { TextAreaField } from './form-controls';
import { WriteFailed } from './write-failed';

/**
 * A dialog whose form is one optional note and a button that acts (contest an infraction, redeem a reward,
 * grant or deny a request). The note is trimmed and checked against `max`; the server's word on the note
 * shows under it, any other refusal above the buttons, and a failure is toasted as `failed`. With `retry`,
 * a write that did not reach Pact keeps the dialog open and its button says Retry (a keyed write, or one the
 * server refuses twice). The dialog renders open: its owner renders it only while it is wanted, so that each
 * opening starts with an empty note, and closing it gives focus back to its opener.
 */
export function NoteDialogForm({
  title,
  description,
  onClose,
  note: { label, hint, rows = 3, max, tooLong },
  submit,
  pending,
  failed,
  busy,
  retry = false,
  onSubmit,
  children,
}: {
  /** The dialog's title, and the form's name. */
  title: string;
  description?: ReactNode;
  onClose: () => void;
  /** The note's field: its label, hint and rows, the longest note and what is said of a longer one. */
  note: { label: string; hint?: ReactNode; rows?: number; max: number; tooLong: string };
  /** The button's text, and its text while `busy`. */
  submit: string;
  pending: string;
  /** The toast's title when the write fails. */
  failed: string;
  busy: boolean;
  retry?: boolean;
  /**
   * Makes the write with the trimmed note (and says it was done); the dialog closes once it resolves. `key`
   * is the form's Idempotency-Key, the same for every retry, a new one after a write succeeded.
   */
  onSubmit: (note: string, key: string) => Promise<unknown>;
  /** Shown above the note. */
  children?: ReactNode;
}) {
  const key = useWriteKey();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [unreachable, setUnreachable] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setUnreachable(false);
    setRefusal(null);
    setError(null);
    if (text.trim().length > max) return setError(tooLong);
    try {
      await onSubmit(text.trim(), key.current);
      key.renew();
      onClose();
    } catch (e) {
      if (retry && isUnreachable(e)) return setUnreachable(true);
      if (e instanceof ApiError) {
        if (e.fields.note) setError(e.fields.note);
        else setRefusal(e.message);
      }
      toast.error(failed, { description: errorMessage(e) });
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <form onSubmit={send} noValidate className="space-y-4" aria-label={title}>
        {children}
        <TextAreaField
          label={label}
          value={text}
          rows={rows}
          maxLength={max}
          onChange={(e) => setText(e.target.value)}
          hint={hint}
          error={error}
        />
        <FormAlert>{refusal}</FormAlert>
        <WriteFailed show={unreachable && !busy} />
        <FormActions
          onCancel={onClose}
          busy={busy}
          label={unreachable ? 'Retry' : submit}
          busyLabel={pending}
        />
      </form>
    </Dialog>
  );
}
