import { useEffect, useId, useRef, useState } from 'react';
import type { UserSearchResult } from '@/shared/schemas/partners';
import { Avatar } from '@/web/components/ui/avatar';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { isUnreachable, UNREACHABLE_MESSAGE, useWriteKey } from '@/web/lib/writes';
import { useSendRequest } from '../api/requests';
import { isSearchable, useUserSearch } from '../api/search';
import { RoleBadge } from './role-badge';

const SEARCH_PAUSE_MS = 500;

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function ConnectPartnerDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<UserSearchResult | null>(null);
  const term = useDebounced(text.trim(), SEARCH_PAUSE_MS);
  const search = useUserSearch(term);
  const send = useSendRequest();
  // One key per person asked: a second tap or a retry is the same request, another person another one.
  const key = useWriteKey();
  const keyFor = useRef<string | null>(null);
  if (keyFor.current !== (chosen?.id ?? null)) {
    keyFor.current = chosen?.id ?? null;
    key.renew();
  }
  const resultsId = useId();

  const close = () => {
    setText('');
    setChosen(null);
    onOpenChange(false);
  };

  const submit = () => {
    if (!chosen || send.isPending) return;
    send.mutate(
      { receiverId: chosen.id, key: key.current },
      {
        onSuccess: () => {
          key.renew();
          toast.success('Connection request sent', {
            description: `Your request was sent to ${chosen.displayName}`,
          });
          close();
        },
        onError: (error) =>
          toast.error('Failed to send request', {
            description: isUnreachable(error)
              ? UNREACHABLE_MESSAGE
              : error instanceof ApiError
                ? error.message
                : 'An unexpected error occurred',
          }),
      },
    );
  };

  const results = search.data ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title="Connect with a partner"
      description="Search for your partner by their exact email address."
    >
      <div className="space-y-4">
        {chosen ? (
          <div className="flex items-center gap-3 rounded-control border border-primary bg-accent p-3">
            <Avatar name={chosen.displayName} src={chosen.photoURL} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{chosen.displayName}</p>
              <RoleBadge role={chosen.role} />
            </div>
            <Button variant="outline" size="sm" onClick={() => setChosen(null)}>
              Change
            </Button>
          </div>
        ) : (
          <>
            <Field
              label="Partner's email"
              type="email"
              inputMode="email"
              autoComplete="off"
              autoFocus
              value={text}
              onChange={(e) => setText(e.target.value)}
              hint="Type at least 3 characters; the exact email address is required."
              aria-controls={resultsId}
            />
            <div id={resultsId} aria-live="polite" className="min-h-6 text-sm">
              {!isSearchable(term) ? null : search.isFetching ? (
                <p className="text-muted-foreground">Searching…</p>
              ) : search.isError ? (
                <p className="text-destructive">Search error. Please try again.</p>
              ) : results.length === 0 ? (
                <p className="text-muted-foreground">
                  No users found matching "{term}". Please verify the email address is correct and that they
                  have completed registration.
                </p>
              ) : (
                <ul className="space-y-2">
                  {results.map((user) => (
                    <li key={user.id}>
                      <button
                        type="button"
                        onClick={() => setChosen(user)}
                        className="flex w-full items-center gap-3 rounded-control border border-input p-3 text-left hover:bg-muted"
                      >
                        <Avatar name={user.displayName} src={user.photoURL} />
                        <span className="flex-1 font-medium">{user.displayName}</span>
                        <RoleBadge role={user.role} />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button disabled={!chosen || send.isPending} onClick={submit}>
            {send.isPending ? 'Sending…' : 'Send Request'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
