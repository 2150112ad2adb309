import { type FormEvent, useState } from 'react';
import type { InfractionView } from '@/shared/schemas/infractions';
import {
  INFRACTION_NOTE_MAX,
  INFRACTIONS_TEXT,
  infractionRuleLabel,
  INFRACTIONS_PAGE_TEXT as TEXT,
} from '@/shared/texts/infractions';
import { Dialog } from '@/web/components/ui/dialog';
import { FormActions } from '@/web/components/ui/form-actions';
import { FormAlert } from '@/web/components/ui/form-alert';
import { TextAreaField } from '@/web/components/ui/form-controls';
import { WriteFailed } from '@/web/components/ui/write-failed';
import { ApiError, errorMessage } from '@/web/lib/api';
import { formatMoment } from '@/web/lib/dates';
import { toast } from '@/web/lib/toast';
import { isUnreachable, useWriteKey } from '@/web/lib/writes';
import { useContestInfraction } from '../api/infractions';

/**
 * The submissive's "Contest this infraction" (decision 065): once, with an optional note saying what
 * happened. Never held by Red or Yellow; the dominant is told.
 */
export function ContestInfractionDialog({
  open,
  onOpenChange,
  partnerId,
  infraction,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  partnerId: string;
  infraction: InfractionView | null;
}) {
  return open && infraction ? (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={TEXT.contestTitle}
      description={`${infractionRuleLabel(infraction)}, ${formatMoment(infraction.occurredAt)}`}
    >
      <ContestForm partnerId={partnerId} infraction={infraction} onDone={() => onOpenChange(false)} />
    </Dialog>
  ) : null;
}

function ContestForm({
  partnerId,
  infraction,
  onDone,
}: {
  partnerId: string;
  infraction: InfractionView;
  onDone: () => void;
}) {
  const contest = useContestInfraction(partnerId);
  const key = useWriteKey();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const busy = contest.isPending;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setUnreachable(false);
    setRefusal(null);
    setError(null);
    if (note.trim().length > INFRACTION_NOTE_MAX) return setError(INFRACTIONS_TEXT.noteTooLong);
    try {
      // A retry after a lost answer sends the same key: the server answers the contest it made.
      await contest.mutateAsync({ id: infraction.id, note: note.trim(), key: key.current });
      key.renew();
      toast.success(INFRACTIONS_TEXT.contested);
      onDone();
    } catch (e) {
      if (isUnreachable(e)) return setUnreachable(true);
      if (e instanceof ApiError) {
        if (e.fields.note) setError(e.fields.note);
        else setRefusal(e.message);
      }
      toast.error(TEXT.contestFailed, { description: errorMessage(e) });
    }
  };

  return (
    <form onSubmit={send} noValidate className="space-y-4" aria-label={TEXT.contestTitle}>
      <TextAreaField
        label={TEXT.contestNote}
        value={note}
        rows={4}
        maxLength={INFRACTION_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        hint={TEXT.contestHint}
        error={error}
      />
      <FormAlert>{refusal}</FormAlert>
      <WriteFailed show={unreachable && !busy} />
      <FormActions
        onCancel={onDone}
        busy={busy}
        label={unreachable ? 'Retry' : TEXT.sendContest}
        busyLabel={TEXT.saving}
      />
    </form>
  );
}
