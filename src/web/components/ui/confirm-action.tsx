import type { ReactNode } from 'react';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

/** How an action that allows it is taken back from its toast (decision 095). */
interface UndoOf<T> {
  /** The write that takes it back. */
  run: (item: T) => Promise<unknown>;
  done: string;
  failed: string;
}

/** How long a toast that offers Undo stays (hovering or focusing it keeps it longer). */
const UNDO_TOAST_MS = 10_000;

/**
 * "Withdraw …?", "Retire …?": asked of `item` before `act` is done to it (open while there is one). Done, it
 * says `done` and closes; failed, it says `failed` with the server's reason and stays open for another try.
 * With `undo`, the toast that says it is done carries Undo, for ten seconds.
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
  undo,
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
  undo?: UndoOf<T>;
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
            toast.success(
              done,
              undo
                ? {
                    duration: UNDO_TOAST_MS,
                    action: {
                      label: 'Undo',
                      onClick: () =>
                        void undo.run(item).then(
                          () => toast.success(undo.done),
                          (error: unknown) => toast.error(undo.failed, { description: errorMessage(error) }),
                        ),
                    },
                  }
                : undefined,
            );
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
