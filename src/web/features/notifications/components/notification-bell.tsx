import { useQueryClient } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { Bell, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { notificationTarget } from '@/shared/domain/notification-targets';
import { paths } from '@/shared/routes';
import { BELL_MENU_LIMIT, type NotificationView } from '@/shared/schemas/notifications';
import { NOTIFICATIONS_TEXT } from '@/shared/texts/notifications';
import { Button } from '@/web/components/ui/button';
import { DialogPending } from '@/web/components/ui/dialog';
import { cn } from '@/web/lib/cn';
import { useCurrentUser } from '@/web/lib/current-user';
import { fetchFresh } from '@/web/lib/fetch-fresh';
import { lazyModule, useLazyModule } from '@/web/lib/lazy-module';
import { queryKeys } from '@/web/lib/query-keys';
import { useRealtimeEvent } from '@/web/lib/realtime';
import { toast } from '@/web/lib/toast';
import {
  notificationsQuery,
  recordVisit,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
} from '../api/notifications';
import { bellBadge } from './bell-badge';
import { NotificationMessage, notificationMessageText } from './notification-message';

/** The panel (Radix's dialog): not needed to paint the bell (decision 059). */
const panel = lazyModule(() => import('./bell-panel'));

type Item =
  | { kind: 'request'; id: string; title: string; message: string; createdAt: number; unread: true }
  | {
      kind: 'notification';
      id: string;
      title: string;
      message: string;
      createdAt: number;
      unread: boolean;
      n: NotificationView;
    };

/** A pending request addressed to the user, as the bell lists it. */
export interface BellRequest {
  id: string;
  senderName: string;
  createdAt: number;
}

/**
 * The bell: unread notifications plus pending requests addressed to the user, in one menu. The requests and
 * what opening one does belong to the partners feature; the composition layer passes them in.
 */
export function NotificationBell({
  requests: pending,
  onOpenRequest: openRequest,
}: {
  requests: BellRequest[];
  onOpenRequest: (requestId: string) => void;
}) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  // What an item opens waits until the menu has closed and given focus back to the bell, so that a dialog
  // it opens gives focus back there too.
  const afterClose = useRef<(() => void) | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  useEffect(() => panel.prefetch(), []);
  const Panel = useLazyModule(panel, opened).value?.BellPanel;
  const toggle = () => {
    setOpened(true);
    setOpen((was) => {
      if (!was) void recordVisit();
      return !was;
    });
  };

  useRealtimeEvent('notification.created', async ({ notificationId }) => {
    // Not the first refetch, if it is still running: its answer may predate this notification.
    const data = await fetchFresh(queryClient, notificationsQuery);
    const created = data.notifications.find((n) => n.id === notificationId);
    // A new request has its own toast ("New Connection Request"); do not announce it twice. One that
    // arrives read is of a kind the user quieted in the app (decision 085): no toast either.
    if (
      created &&
      !created.read &&
      !(created.type === 'connection_request' && created.data.requestId && !created.data.status)
    ) {
      toast(created.title, { description: await notificationMessageText(queryClient, user.id, created) });
    }
  });
  useRealtimeEvent('notification.read', () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
  });

  const list = notifications.data?.notifications ?? [];
  const pendingIds = new Set(pending.map((r) => r.id));
  // A request still pending is one item, listed as the request: its own notification is not counted again.
  const aboutPending = (n: NotificationView) =>
    n.type === 'connection_request' &&
    typeof n.data.requestId === 'string' &&
    pendingIds.has(n.data.requestId);
  const unread = notifications.data?.unreadCount ?? 0;
  const badge = bellBadge({
    unread,
    unreadAboutPending: list.filter((n) => !n.read && aboutPending(n)).length,
    pending: pending.length,
  });

  const items: Item[] = [
    ...pending.map((r) => ({
      kind: 'request' as const,
      id: r.id,
      title: 'Connection request',
      message: `${r.senderName} wants to connect with you`,
      createdAt: r.createdAt,
      unread: true as const,
    })),
    ...list
      .filter((n) => !aboutPending(n))
      .map((n) => ({
        kind: 'notification' as const,
        id: n.id,
        title: n.title,
        message: n.message,
        createdAt: n.createdAt,
        unread: !n.read,
        n,
      })),
  ]
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, BELL_MENU_LIMIT);

  /** Opening an item marks it read and opens what it is about: a request's dialog, or its screen. */
  const openItem = (item: Item) => {
    if (item.kind === 'request') {
      for (const n of list) {
        if (!n.read && n.type === 'connection_request' && n.data.requestId === item.id) markRead.mutate(n.id);
      }
      return () => openRequest(item.id);
    }
    if (!item.n.read) markRead.mutate(item.id);
    const target = notificationTarget(item.n);
    if (!target) return null;
    return target.kind === 'request' ? () => openRequest(target.requestId) : () => navigate(target.to);
  };
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={badge.label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={toggle}
      >
        <Bell className="h-5 w-5" aria-hidden />
        {badge.visible ? (
          <span
            data-testid="bell-badge"
            className="absolute top-1 right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] font-bold text-destructive-foreground"
          >
            {badge.text}
          </span>
        ) : null}
      </Button>
      {!Panel ? (
        open ? (
          <DialogPending onClose={() => setOpen(false)} />
        ) : null
      ) : (
        <Panel
          open={open}
          onOpenChange={setOpen}
          trigger={trigger}
          afterClose={afterClose}
          action={
            <Button
              variant="link"
              size="sm"
              disabled={unread === 0 || markAll.isPending}
              onClick={() =>
                markAll.mutate(undefined, {
                  onError: () => console.warn('mark all read failed'),
                })
              }
            >
              Mark all read
            </Button>
          }
        >
          {notifications.isError ? (
            <p className="p-4 text-sm text-destructive">Error: Failed to load notifications</p>
          ) : items.length === 0 ? (
            <p className="p-4 text-sm text-muted-foreground">No notifications yet</p>
          ) : (
            <ul className="max-h-[25rem] overflow-y-auto py-1">
              {items.map((item) => (
                <li key={`${item.kind}-${item.id}`}>
                  <button
                    type="button"
                    onClick={() => {
                      afterClose.current = openItem(item);
                      setOpen(false);
                    }}
                    className={cn(
                      'flex w-full gap-3 px-4 py-3 text-left hover:bg-muted',
                      item.unread && 'bg-accent/50',
                    )}
                  >
                    <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full" aria-hidden>
                      {item.unread ? <span className="block h-2 w-2 rounded-full bg-primary" /> : null}
                    </span>
                    {item.kind === 'request' ? (
                      <UserPlus className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
                    ) : null}
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-medium">
                        {item.title}
                        {item.unread ? <span className="sr-only"> (unread)</span> : null}
                      </span>
                      <span className="line-clamp-2 text-sm text-muted-foreground">
                        {item.kind === 'notification' ? <NotificationMessage n={item.n} /> : item.message}
                      </span>
                      <span className="block text-xs text-muted-foreground">
                        {formatDistanceToNow(item.createdAt, { addSuffix: true })}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="border-t border-border p-2">
            <Link
              to={paths.notifications}
              onClick={() => setOpen(false)}
              className="flex min-h-11 items-center justify-center rounded-control text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {NOTIFICATIONS_TEXT.seeAll}
            </Link>
          </div>
        </Panel>
      )}
    </>
  );
}
