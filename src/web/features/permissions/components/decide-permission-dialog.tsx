import { type FormEvent, useState } from 'react';
import type { PermissionRequestView } from '@/shared/schemas/permissions';
import {
  PERMISSION_NOTE_MAX,
  PERMISSIONS_TEXT,
  PERMISSIONS_PAGE_TEXT as TEXT,
} from '@/shared/texts/permissions';
import { Dialog } from '@/web/components/ui/dialog';
import { FormActions } from '@/web/components/ui/form-actions';
import { FormAlert } from '@/web/components/ui/form-alert';
import { TextAreaField } from '@/web/components/ui/form-controls';
import { ApiError, errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useDecidePermission } from '../api/permissions';

export interface Decision {
  request: PermissionRequestView;
  how: 'grant' | 'deny';
}

/** The dominant grants or denies a request, once, with an optional note the submissive reads (decision 073). */
export function DecidePermissionDialog({
  decision,
  onClose,
  partnerId,
}: {
  decision: Decision | null;
  onClose: () => void;
  partnerId: string;
}) {
  return decision ? (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={decision.how === 'grant' ? TEXT.grantTitle : TEXT.denyTitle}
      description={decision.request.what}
    >
      <DecideForm decision={decision} partnerId={partnerId} onDone={onClose} />
    </Dialog>
  ) : null;
}

function DecideForm({
  decision,
  partnerId,
  onDone,
}: {
  decision: Decision;
  partnerId: string;
  onDone: () => void;
}) {
  const decide = useDecidePermission(partnerId);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const granting = decision.how === 'grant';

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    setError(null);
    if (note.trim().length > PERMISSION_NOTE_MAX) return setError(PERMISSIONS_TEXT.noteTooLong);
    try {
      await decide.mutateAsync({ id: decision.request.id, how: decision.how, note: note.trim() });
      toast.success(granting ? PERMISSIONS_TEXT.granted : PERMISSIONS_TEXT.denied);
      onDone();
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.fields.note) setError(e.fields.note);
        else setRefusal(e.message);
      }
      toast.error(TEXT.decideFailed, { description: errorMessage(e) });
    }
  };

  return (
    <form
      onSubmit={send}
      noValidate
      className="space-y-4"
      aria-label={granting ? TEXT.grantTitle : TEXT.denyTitle}
    >
      <TextAreaField
        label={TEXT.decisionNote}
        value={note}
        rows={3}
        maxLength={PERMISSION_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        error={error ?? undefined}
      />
      <FormAlert>{refusal}</FormAlert>
      <FormActions
        onCancel={onDone}
        busy={decide.isPending}
        label={granting ? TEXT.grant : TEXT.deny}
        busyLabel={TEXT.saving}
      />
    </form>
  );
}
