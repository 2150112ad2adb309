import { type FormEvent, useState } from 'react';
import type { Area } from '@/shared/domain/caps';
import {
  PERMISSION_NOTE_MAX,
  PERMISSION_WHAT_MAX,
  PERMISSIONS_TEXT,
  PERMISSIONS_PAGE_TEXT as TEXT,
} from '@/shared/texts/permissions';
import { AreasField } from '@/web/components/ui/areas-field';
import { Dialog } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormActions } from '@/web/components/ui/form-actions';
import { FormAlert } from '@/web/components/ui/form-alert';
import { TextAreaField } from '@/web/components/ui/form-controls';
import { WriteFailed } from '@/web/components/ui/write-failed';
import { ApiError, errorMessage } from '@/web/lib/api';
import { byFirstSegment, placeServerErrors } from '@/web/lib/form-errors';
import { toast } from '@/web/lib/toast';
import { isUnreachable, useWriteKey } from '@/web/lib/writes';
import { useAskPermission } from '../api/permissions';

type Errors = Partial<Record<'what' | 'when' | 'note', string>>;

/**
 * The submissive's "Ask permission" (decision 073): what, optionally when, a note, and the areas it touches
 * (a protected one is refused, decision 069). Never held by Red or Yellow; the dominant is told.
 */
export function AskPermissionDialog({
  open,
  onOpenChange,
  partnerId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  partnerId: string;
}) {
  return open ? (
    <Dialog open onOpenChange={onOpenChange} title={TEXT.askTitle}>
      <AskForm partnerId={partnerId} onDone={() => onOpenChange(false)} />
    </Dialog>
  ) : null;
}

function AskForm({ partnerId, onDone }: { partnerId: string; onDone: () => void }) {
  const ask = useAskPermission(partnerId);
  const key = useWriteKey();
  const [what, setWhat] = useState('');
  const [when, setWhen] = useState('');
  const [note, setNote] = useState('');
  const [areas, setAreas] = useState<Area[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const busy = ask.isPending;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setUnreachable(false);
    setRefusal(null);
    const at = when ? new Date(when).getTime() : null;
    const found: Errors = {};
    if (!what.trim()) found.what = PERMISSIONS_TEXT.whatRequired;
    else if (what.trim().length > PERMISSION_WHAT_MAX) found.what = PERMISSIONS_TEXT.whatTooLong;
    if (at !== null && Number.isNaN(at)) found.when = PERMISSIONS_TEXT.whenInvalid;
    if (note.trim().length > PERMISSION_NOTE_MAX) found.note = PERMISSIONS_TEXT.noteTooLong;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await ask.mutateAsync({
        partnerId,
        what: what.trim(),
        when: at,
        note: note.trim() || undefined,
        areas,
        key: key.current,
      });
      key.renew();
      toast.success(PERMISSIONS_TEXT.asked);
      onDone();
    } catch (error) {
      // Not reached: the form stays as it is, says so, and its button sends it again with the same key.
      if (isUnreachable(error)) return setUnreachable(true);
      if (error instanceof ApiError) {
        const placed: Errors = placeServerErrors(error.fields, byFirstSegment(['what', 'when', 'note']));
        setErrors(placed);
        if (Object.keys(placed).length === 0) setRefusal(error.message);
      }
      toast.error(TEXT.askFailed, { description: errorMessage(error) });
    }
  };

  return (
    <form
      onSubmit={send}
      noValidate
      className="max-h-[70dvh] space-y-4 overflow-y-auto pr-1"
      aria-label={TEXT.askTitle}
    >
      <Field
        label={TEXT.what}
        value={what}
        maxLength={PERMISSION_WHAT_MAX}
        onChange={(e) => setWhat(e.target.value)}
        error={errors.what}
        required
      />
      <Field
        label={TEXT.when}
        type="datetime-local"
        value={when}
        onChange={(e) => setWhen(e.target.value)}
        error={errors.when}
      />
      <TextAreaField
        label={TEXT.note}
        value={note}
        rows={3}
        maxLength={PERMISSION_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        error={errors.note}
      />
      <AreasField value={areas} onChange={setAreas} disabled={busy} />
      <FormAlert>{refusal}</FormAlert>
      <WriteFailed show={unreachable && !busy} />
      <FormActions
        onCancel={onDone}
        busy={busy}
        label={unreachable ? 'Retry' : TEXT.send}
        busyLabel={TEXT.sending}
      />
    </form>
  );
}
