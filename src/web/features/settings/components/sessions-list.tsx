import { Laptop } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Loading, Skeleton } from '@/web/components/ui/skeleton';
import { errorMessage } from '@/web/lib/api';
import { format } from '@/web/lib/dates';
import { toast } from '@/web/lib/toast';
import { useRevokeOtherSessions, useSessions } from '../api/settings';

const day = (ms: number) => format(ms, 'MMM d, yyyy');
/** Sessions listed before "Show all": a long list would make the page thousands of pixels tall. */
const FIRST = 5;

/** The user's signed-in devices (device family, signed in, last seen) and "Sign out other sessions". */
export function SessionsList() {
  const sessions = useSessions();
  const revoke = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  const [all, setAll] = useState(false);
  const total = sessions.data?.length ?? 0;
  // This device first, then the others as the server orders them (the newest first).
  const listed = [...(sessions.data ?? [])]
    .sort((a, b) => Number(b.current) - Number(a.current))
    .slice(0, all ? undefined : FIRST);

  const signOutOthers = () =>
    revoke.mutate(undefined, {
      onSuccess: (count) =>
        toast.success('Other sessions signed out', {
          description: `${count} ${count === 1 ? 'session was' : 'sessions were'} signed out`,
        }),
      onError: (error) =>
        toast.error('Failed to sign out other sessions', { description: errorMessage(error) }),
    });

  return (
    <div className="space-y-3">
      <h3 className="font-medium">Active sessions</h3>
      {sessions.isPending ? (
        <Loading label="Loading sessions…">
          <Skeleton className="h-14 w-full rounded-control" />
        </Loading>
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load sessions
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Active sessions">
          {listed.map((s) => (
            <li key={s.id} className="flex items-start gap-3 rounded-control border border-border p-3">
              <Laptop className="mt-0.5 h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
              <div className="min-w-0 flex-1 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {s.device}
                  {s.current ? <Badge>This device</Badge> : null}
                </p>
                <p className="text-xs text-muted-foreground">
                  Signed in {day(s.createdAt)} · last seen {day(s.lastSeenAt)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {total > FIRST ? (
        <Button variant="link" size="sm" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${total} sessions`}
        </Button>
      ) : null}
      <Button
        variant="outline"
        onClick={signOutOthers}
        disabled={revoke.isPending || !sessions.isSuccess || others === 0}
      >
        {revoke.isPending ? 'Signing out…' : 'Sign out other sessions'}
      </Button>
      {sessions.isSuccess && others === 0 ? (
        <p className="text-xs text-muted-foreground">This is your only signed-in session.</p>
      ) : null}
    </div>
  );
}
