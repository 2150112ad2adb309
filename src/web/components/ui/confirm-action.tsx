import type { ReactNode } from 'react';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

/**
 * "Withdraw …?", "Retire …?": asked of `item` before `act` is done to it (open while there is one). Done, it
 * says `done` and closes; failed, it says `failed` with the server's reason and stays open for another try.
 */
export function ConfirmAction<T>({
  item,
  title,
  action,
  pending,
  act,
  done,
  failed,
  onClose,
  children,
}: {
  item: T | null;
  title: string;
  /** The button that acts ("Withdraw", "Retire"). */
  action: string;
  pending: boolean;
  /** The write (a mutation's `mutateAsync`). */
  act: (item: T) => Promise<unknown>;
  done: string;
  failed: string;
  onClose: () => void;
  /** What it means for this item. */
  children: (item: T) => ReactNode;
}) {
  return (
    <ConfirmDeleteDialog
      open={item !== null}
      title={title}
      action={action}
      pending={pending}
      onCancel={onClose}
      onConfirm={() => {
        if (item === null) return;
        act(item).then(
          () => {
            toast.success(done);
            onClose();
          },
          (error: unknown) => toast.error(failed, { description: errorMessage(error) }),
        );
      }}
    >
      {item !== null ? children(item) : null}
    </ConfirmDeleteDialog>
  );
}
