import { formatDistanceToNow } from 'date-fns';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@/shared/domain/notification-kinds';
import { notificationTarget } from '@/shared/domain/notification-targets';
import { paths } from '@/shared/routes';
import { moreCount, NOTIFICATIONS_TEXT as TEXT } from '@/shared/texts/notifications';
import { Button } from '@/web/components/ui/button';
import { Loading, Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';
import { formatMoment } from '@/web/lib/dates';
import { useOlderPages } from '@/web/lib/use-older-pages';
import { useMarkAllRead, useMarkEntryRead, useNotificationPages } from '../api/notifications';
import { NotificationMessage } from '../components/notification-message';
import { groupNotifications, type NotificationEntry } from '../lib/group';

type Filter = NotificationKind | '';
const FILTERS: { value: Filter; label: string }[] = [
  { value: '', label: TEXT.allKinds },
  ...NOTIFICATION_KINDS.map((value) => ({ value, label: NOTIFICATION_KIND_LABELS[value] })),
];

function EntryRow({
  entry,
  onOpen,
}: {
  entry: NotificationEntry;
  onOpen: (entry: NotificationEntry) => void;
}) {
  const { newest, items, unread } = entry;
  const more = items.length - 1;
  return (
    <li className="border-b border-border last:border-b-0">
      <button
        type="button"
        onClick={() => onOpen(entry)}
        className={cn(
          'flex min-h-14 w-full gap-3 px-4 py-3 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
          unread > 0 && 'bg-accent/50',
        )}
      >
        <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full" aria-hidden>
          {unread > 0 ? <span className="block h-2 w-2 rounded-full bg-primary" /> : null}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium">
            {newest.title}
            {unread > 0 ? <span className="sr-only"> ({TEXT.unread.toLowerCase()})</span> : null}
          </span>
          <span className="line-clamp-2 text-sm text-muted-foreground">
            <NotificationMessage n={newest} />
          </span>
          <span className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            <time dateTime={new Date(newest.createdAt).toISOString()} title={formatMoment(newest.createdAt)}>
              {formatDistanceToNow(newest.createdAt, { addSuffix: true })}
            </time>
            {more > 0 ? (
              <span className="rounded-full bg-muted px-2 py-0.5 font-medium text-foreground">
                {moreCount(more)}
              </span>
            ) : null}
          </span>
        </span>
      </button>
    </li>
  );
}

/** One kind's entries, newest first, a page at a time. */
function Entries({ kind, onOpenRequest }: { kind: Filter; onOpenRequest: (requestId: string) => void }) {
  const pages = useNotificationPages(kind);
  const older = useOlderPages(pages);
  const navigate = useNavigate();
  const markRead = useMarkEntryRead();
  const list = pages.data?.pages.flatMap((p) => p.notifications) ?? [];
  const entries = groupNotifications(list);
  const open = (entry: NotificationEntry) => {
    const unread = entry.items.filter((n) => !n.read).map((n) => n.id);
    if (unread.length > 0) markRead.mutate(unread);
    const target = notificationTarget(entry.newest);
    if (target?.kind === 'request') onOpenRequest(target.requestId);
    else if (target) navigate(target.to);
  };
  if (pages.isPending)
    return (
      <Loading label="Loading notifications…" className="space-y-3">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </Loading>
    );
  if (pages.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Error: Failed to load notifications
      </p>
    );
  return (
    <div className="space-y-3">
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{kind ? TEXT.emptyKind : TEXT.empty}</p>
      ) : (
        <ul aria-label="Notifications, newest first" className="rounded-card border border-border bg-card">
          {entries.map((entry) => (
            <EntryRow key={entry.key} entry={entry} onOpen={open} />
          ))}
        </ul>
      )}
      {pages.hasNextPage ? (
        <Button variant="outline" className="w-full" onClick={older.showOlder} disabled={older.loadingMore}>
          {older.loadingMore ? TEXT.loadingOlder : TEXT.showOlder}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * /notifications: every notification the user has, newest first, a kind at a time (decision 083). Entries
 * that follow each other and lead to the same place are one, with a count; opening one marks it read and
 * goes where it leads, as the bell does.
 */
export function NotificationsPage({ onOpenRequest }: { onOpenRequest: (requestId: string) => void }) {
  const [kind, setKind] = useState<Filter>('');
  const markAll = useMarkAllRead();
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <header className="space-y-2">
        <Link
          to={paths.dashboard}
          className="inline-flex min-h-11 items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to dashboard
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold">{TEXT.pageTitle}</h1>
          <Button variant="outline" onClick={() => markAll.mutate()} pending={markAll.isPending}>
            {TEXT.markAllRead}
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">{TEXT.pageIntro}</p>
      </header>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{TEXT.filterLabel}</legend>
        {FILTERS.map((f) => (
          <Button
            key={f.value || 'all'}
            size="sm"
            variant={kind === f.value ? 'primary' : 'outline'}
            aria-pressed={kind === f.value}
            className="min-h-11"
            onClick={() => setKind(f.value)}
          >
            {f.label}
          </Button>
        ))}
      </fieldset>
      {/* Its own key per kind: the older pages asked for are counted for one kind only. */}
      <Entries key={kind || 'all'} kind={kind} onOpenRequest={onOpenRequest} />
    </div>
  );
}
