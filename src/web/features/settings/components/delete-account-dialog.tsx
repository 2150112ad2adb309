import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/shared/routes';
import { DELETE_CONFIRM_MESSAGE, DELETE_CONFIRMATION } from '@/shared/texts/settings';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { ApiError } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { initialLoad, signedOutDestination } from '@/web/lib/sign-in-session';
import { toast } from '@/web/lib/toast';
import { useDeleteAccount } from '../api/settings';

/** Spec 2 §8: the page goes to / this long after "Account deleted", which stays 5 s. */
export const LEAVE_AFTER_MS = 2000;
const DELETED_TOAST_MS = 5000;

const partnershipText = (n: number) =>
  n === 0
    ? 'No partnerships were affected.'
    : `${n} ${n === 1 ? 'partnership was' : 'partnerships were'} ended and your partners were told.`;

/** Spec 2 §4, §5: Confirm is enabled only when the typed text is exactly DELETE. */
export function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [typed, setTyped] = useState('');
  const [deleted, setDeleted] = useState(false);
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const hintId = useId();
  const inputId = useId();
  // Once deleted, the page leaves even if this dialog is gone by then: the timer is never cancelled.
  const leaving = useRef<number | undefined>(undefined);
  const exact = typed === DELETE_CONFIRMATION;

  const leave = () => {
    // Logged out here as by Log out: nothing of the account stays in memory. The address changes first,
    // in the same task, so that no render shows the signed-in layout with nobody (which sends to /auth).
    navigate(paths.home, { replace: true });
    queryClient.clear();
    queryClient.setQueryData(queryKeys.me, null);
    initialLoad.reset();
  };

  const confirm = (event?: FormEvent) => {
    event?.preventDefault();
    if (!exact) {
      toast.error(DELETE_CONFIRM_MESSAGE, { duration: 3000 });
      return;
    }
    // The account's stream ends with it, and the layout may learn that nobody is signed in before this
    // answer arrives (and take this dialog away): from now on a signed-out page goes home, and what the
    // answer brings is done whether or not the dialog is still there.
    signedOutDestination.home();
    remove.mutateAsync(undefined).then(
      (partnerships) => {
        setDeleted(true);
        toast.success('Account deleted', {
          description: partnershipText(partnerships),
          duration: DELETED_TOAST_MS,
        });
        leaving.current = window.setTimeout(leave, LEAVE_AFTER_MS);
      },
      (error: unknown) => {
        signedOutDestination.reset();
        toast.error(
          error instanceof ApiError
            ? `Failed to delete account: ${error.message}`
            : 'An unexpected error occurred',
        );
      },
    );
  };

  const change = (next: boolean) => {
    if (deleted || remove.isPending) return; // the account is going: nothing to go back to
    if (!next) setTyped('');
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Delete account"
      description="This deletes your account at once and cannot be undone."
    >
      {deleted ? (
        <p role="status" className="text-sm">
          Your account has been deleted. Taking you to the home page…
        </p>
      ) : (
        <form onSubmit={confirm} noValidate className="space-y-4" aria-label="Delete account">
          <p className="text-sm">
            Every connection with a partner ends, and everything you shared with them goes: tasks,
            punishments, the contract, journal messages, photos and voice notes. Your partners keep their own
            accounts.
          </p>
          <div className="space-y-1.5">
            <label htmlFor={inputId} className="block text-sm font-medium">
              Type <strong>{DELETE_CONFIRMATION}</strong> to confirm
            </label>
            <Input
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-describedby={hintId}
              aria-invalid={typed !== '' && !exact ? true : undefined}
            />
            <p
              id={hintId}
              aria-live="polite"
              className={
                typed !== '' && !exact ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'
              }
            >
              {typed !== '' && !exact ? DELETE_CONFIRM_MESSAGE : 'Capital letters, exactly as shown.'}
            </p>
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => change(false)} pending={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!exact || remove.isPending}>
              {remove.isPending ? 'Deleting…' : 'Confirm'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
