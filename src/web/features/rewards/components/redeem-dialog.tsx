import type { RewardView } from '@/shared/schemas/points';
import {
  POINTS_TEXT,
  REDEMPTION_NOTE_MAX,
  redeemConfirmText,
  REWARDS_PAGE_TEXT as TEXT,
} from '@/shared/texts/points';
import { NoteDialogForm } from '@/web/components/ui/note-dialog-form';
import { toast } from '@/web/lib/toast';
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
  return reward ? <RedeemForm reward={reward} balance={balance} onDone={() => onOpenChange(false)} /> : null;
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
  return (
    <NoteDialogForm
      title={TEXT.redeemTitle}
      description={reward.title}
      onClose={onDone}
      note={{ label: TEXT.redeemNote, max: REDEMPTION_NOTE_MAX, tooLong: POINTS_TEXT.noteTooLong }}
      submit={TEXT.redeem}
      pending={TEXT.saving}
      failed={TEXT.redeemFailed}
      busy={redeem.isPending}
      retry
      onSubmit={async (note, key) => {
        await redeem.mutateAsync({ id: reward.id, key, note });
        toast.success(POINTS_TEXT.redeemed);
      }}
    >
      <p className="text-sm" data-testid="redeem-summary">
        {redeemConfirmText(reward.title, reward.price, balance)}
      </p>
    </NoteDialogForm>
  );
}
