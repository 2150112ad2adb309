import { useState } from 'react';
import type { PunishmentView } from '@/shared/schemas/punishments';
import { Dialog } from '@/web/components/ui/dialog';
import { FormActions } from '@/web/components/ui/form-actions';
import { FormAlert } from '@/web/components/ui/form-alert';
import { LimitTagPicker } from '@/web/components/ui/limit-tag-picker';
import { ApiError, errorMessage } from '@/web/lib/api';
import { useCustomLimitItems } from '@/web/lib/limits';
import { toast } from '@/web/lib/toast';
import { useEditPunishmentTags } from '../api/punishments';

/**
 * "Edit limits" of an open punishment (decision 056): the dominant changes its tags; a paused one comes
 * back once none crosses a No. The server's refusal shows in the dialog, never whose No.
 */
export function PunishmentTagsDialog({
  target,
  onClose,
}: {
  target: PunishmentView | null;
  onClose: () => void;
}) {
  return target ? (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Edit limits">
      <TagsForm punishment={target} onDone={onClose} />
    </Dialog>
  ) : null;
}

function TagsForm({ punishment, onDone }: { punishment: PunishmentView; onDone: () => void }) {
  const edit = useEditPunishmentTags();
  const [tags, setTags] = useState(punishment.limitTags.map((t) => t.id));
  const [refusal, setRefusal] = useState<string | null>(null);
  const custom = useCustomLimitItems(punishment.assignedTo);
  return (
    <form
      className="max-h-[70dvh] space-y-4 overflow-y-auto pr-1"
      aria-label="Edit limits"
      onSubmit={(e) => {
        e.preventDefault();
        setRefusal(null);
        edit.mutate(
          { id: punishment.id, limitTags: tags },
          {
            onSuccess: () => {
              toast.success('Limits updated', { duration: 2000 });
              onDone();
            },
            onError: (error) => {
              if (error instanceof ApiError && error.code === 'LIMIT_CROSSED') setRefusal(error.message);
              else toast.error('Failed to update punishment', { description: errorMessage(error) });
            },
          },
        );
      }}
    >
      <p className="text-sm font-medium wrap-anywhere">{punishment.title}</p>
      <LimitTagPicker
        value={tags}
        onChange={(next) => {
          setRefusal(null);
          setTags(next);
        }}
        custom={custom}
      />
      <FormAlert>{refusal}</FormAlert>
      <FormActions onCancel={onDone} busy={edit.isPending} label="Save changes" busyLabel="Saving…" />
    </form>
  );
}
