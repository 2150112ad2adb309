import { type FormEvent, useState } from 'react';
import type { RewardView } from '@/shared/schemas/points';
import {
  POINTS_TEXT,
  REDEMPTION_NOTE_MAX,
  redeemConfirmText,
  REWARDS_PAGE_TEXT as TEXT,
} from '@/shared/texts/points';
import { Dialog } from '@/web/components/ui/dialog';
import { FormActions } from '@/web/components/ui/form-actions';
import { FormAlert } from '@/web/components/ui/form-alert';
import { TextAreaField } from '@/web/components/ui/form-controls';
import { WriteFailed } from '@/web/components/ui/write-failed';
import { ApiError, errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { isUnreachable, useWriteKey } from '@/web/lib/writes';
import { useRedeemReward } from '../api/points';

/**
 * The submissive's "Redeem this reward?" (decision 068): it says the price and the balance after it, takes
 * an optional note, and sends one Idempotency-Key however often it is retried. The server's 409 (the balance
 * changed meanwhile, the reward was retired) is shown in the dialog.
 */
export function RedeemDialog({
  reward,
  balance,
  onOpenChange,
}: {
  /** The reward to redeem; null when closed. */
  reward: RewardView | null;
  balance: number;
  onOpenChange: (open: boolean) => void;
}) {
  return reward ? (
    <Dialog open onOpenChange={onOpenChange} title={TEXT.redeemTitle} description={reward.title}>
      <RedeemForm reward={reward} balance={balance} onDone={() => onOpenChange(false)} />
    </Dialog>
  ) : null;
}

function RedeemForm({
  reward,
  balance,
  onDone,
}: {
  reward: RewardView;
  balance: number;
  onDone: () => void;
}) {
  const redeem = useRedeemReward();
  const key = useWriteKey();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const busy = redeem.isPending;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setUnreachable(false);
    setRefusal(null);
    setError(null);
    if (note.trim().length > REDEMPTION_NOTE_MAX) return setError(POINTS_TEXT.noteTooLong);
    try {
      await redeem.mutateAsync({ id: reward.id, key: key.current, note: note.trim() });
      key.renew();
      toast.success(POINTS_TEXT.redeemed);
      onDone();
    } catch (e) {
      if (isUnreachable(e)) return setUnreachable(true);
      if (e instanceof ApiError) {
        if (e.fields.note) setError(e.fields.note);
        else setRefusal(e.message);
      }
      toast.error(TEXT.redeemFailed, { description: errorMessage(e) });
    }
  };

  return (
    <form onSubmit={send} noValidate className="space-y-4" aria-label={TEXT.redeemTitle}>
      <p className="text-sm" data-testid="redeem-summary">
        {redeemConfirmText(reward.title, reward.price, balance)}
      </p>
      <TextAreaField
        label={TEXT.redeemNote}
        value={note}
        rows={3}
        maxLength={REDEMPTION_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        error={error ?? undefined}
      />
      <FormAlert>{refusal}</FormAlert>
      <WriteFailed show={unreachable && !busy} />
      <FormActions
        onCancel={onDone}
        busy={busy}
        label={unreachable ? 'Retry' : TEXT.redeem}
        busyLabel={TEXT.saving}
      />
    </form>
  );
}
