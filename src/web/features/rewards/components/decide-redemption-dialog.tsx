import { type FormEvent, useState } from 'react';
import type { RedemptionView } from '@/shared/schemas/points';
import {
  POINTS_TEXT,
  pointsLabel,
  REDEMPTION_NOTE_MAX,
  REWARDS_PAGE_TEXT as TEXT,
} from '@/shared/texts/points';
import { Dialog } from '@/web/components/ui/dialog';
import { FormActions } from '@/web/components/ui/form-actions';
import { FormAlert } from '@/web/components/ui/form-alert';
import { TextAreaField } from '@/web/components/ui/form-controls';
import { WriteFailed } from '@/web/components/ui/write-failed';
import { ApiError, errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { isUnreachable } from '@/web/lib/writes';
import { useDecideRedemption } from '../api/points';

/** What the dominant is deciding: a pending redemption, granted or denied. */
export interface Decision {
  redemption: RedemptionView;
  grant: boolean;
}

/**
 * The dominant's Grant or Deny of a pending redemption, with an optional note (decision 068). A denial
 * refunds the price. Deciding twice is refused (409), so a retry needs no key; the refusal is shown here.
 */
export function DecideRedemptionDialog({
  decision,
  onOpenChange,
}: {
  decision: Decision | null;
  onOpenChange: (open: boolean) => void;
}) {
  if (!decision) return null;
  const { redemption, grant } = decision;
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={grant ? TEXT.grantTitle : TEXT.denyTitle}
      description={`${redemption.title}, ${pointsLabel(redemption.price)}`}
    >
      <DecideForm decision={decision} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function DecideForm({ decision: { redemption, grant }, onDone }: { decision: Decision; onDone: () => void }) {
  const decide = useDecideRedemption();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const busy = decide.isPending;
  const title = grant ? TEXT.grantTitle : TEXT.denyTitle;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setUnreachable(false);
    setRefusal(null);
    setError(null);
    if (note.trim().length > REDEMPTION_NOTE_MAX) return setError(POINTS_TEXT.noteTooLong);
    try {
      await decide.mutateAsync({ id: redemption.id, grant, note: note.trim() });
      toast.success(grant ? POINTS_TEXT.granted : POINTS_TEXT.denied);
      onDone();
    } catch (e) {
      if (isUnreachable(e)) return setUnreachable(true);
      if (e instanceof ApiError) {
        if (e.fields.note) setError(e.fields.note);
        else setRefusal(e.message);
      }
      toast.error(TEXT.decideFailed, { description: errorMessage(e) });
    }
  };

  return (
    <form onSubmit={send} noValidate className="space-y-4" aria-label={title}>
      <TextAreaField
        label={TEXT.decisionNote}
        value={note}
        rows={3}
        maxLength={REDEMPTION_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        hint={grant ? TEXT.grantHint : TEXT.denyHint}
        error={error ?? undefined}
      />
      <FormAlert>{refusal}</FormAlert>
      <WriteFailed show={unreachable && !busy} />
      <FormActions
        onCancel={onDone}
        busy={busy}
        label={unreachable ? 'Retry' : grant ? TEXT.grant : TEXT.deny}
        busyLabel={TEXT.saving}
      />
    </form>
  );
}
