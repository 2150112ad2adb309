import type { PermissionRequestView } from '@/shared/schemas/permissions';
import {
  PERMISSION_NOTE_MAX,
  PERMISSIONS_TEXT,
  PERMISSIONS_PAGE_TEXT as TEXT,
} from '@/shared/texts/permissions';
import { NoteDialogForm } from '@/web/components/ui/note-dialog-form';
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
  return decision ? <DecideForm decision={decision} partnerId={partnerId} onDone={onClose} /> : null;
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
  const granting = decision.how === 'grant';
  return (
    <NoteDialogForm
      title={granting ? TEXT.grantTitle : TEXT.denyTitle}
      description={decision.request.what}
      onClose={onDone}
      note={{ label: TEXT.decisionNote, max: PERMISSION_NOTE_MAX, tooLong: PERMISSIONS_TEXT.noteTooLong }}
      submit={granting ? TEXT.grant : TEXT.deny}
      pending={TEXT.saving}
      failed={TEXT.decideFailed}
      busy={decide.isPending}
      onSubmit={async (note) => {
        await decide.mutateAsync({ id: decision.request.id, how: decision.how, note });
        toast.success(granting ? PERMISSIONS_TEXT.granted : PERMISSIONS_TEXT.denied);
      }}
    />
  );
}
