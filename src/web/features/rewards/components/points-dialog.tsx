import { type FormEvent, useState } from 'react';
import {
  POINTS_AWARD_MAX,
  POINTS_CORRECTION_MAX,
  POINTS_REASON_MAX,
  POINTS_TEXT,
  REWARDS_PAGE_TEXT as TEXT,
} from '@/shared/texts/points';
import { Dialog } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormActions } from '@/web/components/ui/form-actions';
import { FormAlert } from '@/web/components/ui/form-alert';
import { WriteFailed } from '@/web/components/ui/write-failed';
import { ApiError, errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { isUnreachable, useWriteKey } from '@/web/lib/writes';
import { useAwardPoints, useCorrectPoints } from '../api/points';

type Errors = Partial<Record<'amount' | 'reason', string>>;

/**
 * The dominant's "Award points" (a whole number from 1) or "Correction" (signed, never 0), each with a
 * reason (decision 068). The dialog keeps one Idempotency-Key, so a retry after a lost answer makes one entry.
 */
export function PointsDialog({
  mode,
  onOpenChange,
  partnerId,
}: {
  /** Which form is open; null when closed. */
  mode: 'award' | 'correct' | null;
  onOpenChange: (open: boolean) => void;
  partnerId: string;
}) {
  if (!mode) return null;
  const title = mode === 'award' ? TEXT.awardTitle : TEXT.correctTitle;
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={title}
      description={mode === 'correct' ? TEXT.correctHint : undefined}
    >
      <PointsForm mode={mode} title={title} partnerId={partnerId} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function PointsForm({
  mode,
  title,
  partnerId,
  onDone,
}: {
  mode: 'award' | 'correct';
  title: string;
  partnerId: string;
  onDone: () => void;
}) {
  const award = useAwardPoints();
  const correct = useCorrectPoints();
  const write = mode === 'award' ? award : correct;
  const key = useWriteKey();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const busy = write.isPending;

  const check = (n: number): Errors => {
    const found: Errors = {};
    const whole = amount.trim() !== '' && Number.isInteger(n);
    if (mode === 'award' && !(whole && n >= 1 && n <= POINTS_AWARD_MAX))
      found.amount = POINTS_TEXT.amountRequired;
    if (mode === 'correct' && !(whole && n !== 0 && Math.abs(n) <= POINTS_CORRECTION_MAX))
      found.amount = POINTS_TEXT.correctionRequired;
    if (!reason.trim()) found.reason = POINTS_TEXT.reasonRequired;
    else if (reason.trim().length > POINTS_REASON_MAX) found.reason = POINTS_TEXT.reasonTooLong;
    return found;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setUnreachable(false);
    setRefusal(null);
    const n = Number(amount.trim().replace('−', '-'));
    const found = check(n);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await write.mutateAsync({ partnerId, amount: n, reason: reason.trim(), key: key.current });
      key.renew();
      toast.success(mode === 'award' ? POINTS_TEXT.awarded : POINTS_TEXT.corrected);
      onDone();
    } catch (error) {
      if (isUnreachable(error)) return setUnreachable(true);
      if (error instanceof ApiError) {
        const placed: Errors = {};
        if (error.fields.amount || error.status === 409) placed.amount = error.fields.amount ?? error.message;
        if (error.fields.reason) placed.reason = error.fields.reason;
        setErrors(placed);
        if (Object.keys(placed).length === 0) setRefusal(error.message);
      }
      toast.error(mode === 'award' ? TEXT.awardFailed : TEXT.correctFailed, {
        description: errorMessage(error),
      });
    }
  };

  return (
    <form onSubmit={save} noValidate className="space-y-4" aria-label={title}>
      <Field
        label={mode === 'award' ? TEXT.amount : TEXT.signedAmount}
        type="number"
        step={1}
        min={mode === 'award' ? 1 : -POINTS_CORRECTION_MAX}
        max={mode === 'award' ? POINTS_AWARD_MAX : POINTS_CORRECTION_MAX}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
        required
      />
      <Field
        label={TEXT.reason}
        value={reason}
        maxLength={POINTS_REASON_MAX}
        onChange={(e) => setReason(e.target.value)}
        error={errors.reason}
        hint={`${reason.length}/${POINTS_REASON_MAX}`}
        required
      />
      <FormAlert>{refusal}</FormAlert>
      <WriteFailed show={unreachable && !busy} />
      <FormActions
        onCancel={onDone}
        busy={busy}
        label={unreachable ? 'Retry' : mode === 'award' ? TEXT.award : TEXT.correctTitle}
        busyLabel={TEXT.saving}
      />
    </form>
  );
}
