import { Ban } from 'lucide-react';
import type { Role } from '@/shared/domain/roles';
import type { BlockedUserView } from '@/shared/schemas/partners';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Loading, Skeleton } from '@/web/components/ui/skeleton';
import { errorMessage } from '@/web/lib/api';
import { format } from '@/web/lib/dates';
import { toast } from '@/web/lib/toast';
import { useBlockedUsers, useUnblock } from '../api/settings';
import { SettingsSection } from './settings-section';

const ROLE_LABELS: Record<Role, string> = { dominant: 'Dom', submissive: 'Sub', switch: 'Switch' };

/** Spec 2 §2, §8: the people this user has blocked (name, role, username, when), each with Unblock. */
export function BlockedUsersSection() {
  const blocked = useBlockedUsers();
  return (
    <SettingsSection
      title="Blocked users"
      Icon={Ban}
      description="People you have blocked cannot find you or send you requests, and you cannot find them."
    >
      {blocked.isPending ? (
        <Loading label="Loading blocked users…" className="space-y-2">
          <Skeleton className="h-16 w-full rounded-control" />
        </Loading>
      ) : blocked.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load blocked users
        </p>
      ) : blocked.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">You haven't blocked anyone.</p>
      ) : (
        <ul className="space-y-2" aria-label="Blocked users">
          {blocked.data.map((user) => (
            <BlockedUserRow key={user.id} user={user} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function BlockedUserRow({ user }: { user: BlockedUserView }) {
  const unblock = useUnblock();
  const run = () =>
    unblock.mutate(user.id, {
      onSuccess: () =>
        toast.success('User unblocked', {
          description: `${user.displayName} can find you and send you requests again`,
        }),
      onError: (error) => toast.error('Failed to unblock user', { description: errorMessage(error) }),
    });
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-control border border-border p-3">
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2">
          <span className="truncate font-medium">{user.displayName}</span>
          <Badge aria-label={`Role: ${user.role}`}>{ROLE_LABELS[user.role]}</Badge>
        </p>
        <p className="text-xs break-all text-muted-foreground">@{user.username}</p>
        <p className="text-xs text-muted-foreground">
          Blocked{' '}
          <time dateTime={new Date(user.createdAt).toISOString()}>
            {format(user.createdAt, 'MMM d, yyyy')}
          </time>
        </p>
      </div>
      <Button variant="outline" size="sm" pending={unblock.isPending} onClick={run}>
        Unblock<span className="sr-only"> {user.displayName}</span>
      </Button>
    </li>
  );
}
