import type { InfractionView } from '@/shared/schemas/infractions';
import {
  INFRACTION_NOTE_MAX,
  INFRACTIONS_TEXT,
  infractionRuleLabel,
  INFRACTIONS_PAGE_TEXT as TEXT,
} from '@/shared/texts/infractions';
import { NoteDialogForm } from '@/web/components/ui/note-dialog-form';
import { formatMoment } from '@/web/lib/dates';
import { toast } from '@/web/lib/toast';
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
    <ContestForm partnerId={partnerId} infraction={infraction} onDone={() => onOpenChange(false)} />
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
  return (
    <NoteDialogForm
      title={TEXT.contestTitle}
      description={`${infractionRuleLabel(infraction)}, ${formatMoment(infraction.occurredAt)}`}
      onClose={onDone}
      note={{
        label: TEXT.contestNote,
        hint: TEXT.contestHint,
        rows: 4,
        max: INFRACTION_NOTE_MAX,
        tooLong: INFRACTIONS_TEXT.noteTooLong,
      }}
      submit={TEXT.sendContest}
      pending={TEXT.saving}
      failed={TEXT.contestFailed}
      busy={contest.isPending}
      retry
      onSubmit={async (note, key) => {
        // A retry after a lost answer sends the same key: the server answers the contest it made.
        await contest.mutateAsync({ id: infraction.id, note, key });
        toast.success(INFRACTIONS_TEXT.contested);
      }}
    />
  );
}
