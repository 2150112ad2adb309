import type { RedemptionView } from '@/shared/schemas/points';
import {
  POINTS_TEXT,
  pointsLabel,
  REDEMPTION_NOTE_MAX,
  REWARDS_PAGE_TEXT as TEXT,
} from '@/shared/texts/points';
import { NoteDialogForm } from '@/web/components/ui/note-dialog-form';
import { toast } from '@/web/lib/toast';
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
  return decision ? <DecideForm decision={decision} onDone={() => onOpenChange(false)} /> : null;
}

function DecideForm({ decision: { redemption, grant }, onDone }: { decision: Decision; onDone: () => void }) {
  const decide = useDecideRedemption();
  return (
    <NoteDialogForm
      title={grant ? TEXT.grantTitle : TEXT.denyTitle}
      description={`${redemption.title}, ${pointsLabel(redemption.price)}`}
      onClose={onDone}
      note={{
        label: TEXT.decisionNote,
        hint: grant ? TEXT.grantHint : TEXT.denyHint,
        max: REDEMPTION_NOTE_MAX,
        tooLong: POINTS_TEXT.noteTooLong,
      }}
      submit={grant ? TEXT.grant : TEXT.deny}
      pending={TEXT.saving}
      failed={TEXT.decideFailed}
      busy={decide.isPending}
      retry
      onSubmit={async (note) => {
        await decide.mutateAsync({ id: redemption.id, grant, note });
        toast.success(grant ? POINTS_TEXT.granted : POINTS_TEXT.denied);
      }}
    />
  );
}
