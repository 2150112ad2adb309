import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * "Delete …?" asked before something is erased for good: what goes with it, Cancel, and Delete (waiting
 * while the delete is under way; `action` names it otherwise, "Retire" say). Closing it any way is Cancel.
 */
export function ConfirmDeleteDialog({
  open,
  title,
  children,
  pending,
  onCancel,
  onConfirm,
  action = 'Delete',
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  action?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()} title={title}>
      <p className="text-sm">{children}</p>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="destructive" pending={pending} onClick={onConfirm}>
          {action}
        </Button>
      </div>
    </Dialog>
  );
}
