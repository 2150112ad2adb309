import { useQueryClient } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { Bell, UserPlus } from 'lucide-react';
import { Popover } from 'radix-ui';
import { toast } from 'sonner';
import { BELL_MENU_LIMIT, type NotificationView } from '@/shared/schemas/notifications';
import { Button } from '@/web/components/ui/button';
import { usePartnerRequests } from '@/web/features/partners/api/requests';
import { useOpenRequest } from '@/web/features/partners/components/request-dialog-provider';
import { cn } from '@/web/lib/cn';
import { queryKeys } from '@/web/lib/query-keys';
import { useRealtimeEvent } from '@/web/lib/realtime';
import {
  notificationsQuery,
  recordVisit,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
} from '../api/notifications';

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

/** The bell: unread notifications plus pending requests addressed to the user, in one menu. */
export function NotificationBell({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const requests = usePartnerRequests();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const openRequest = useOpenRequest();

  useRealtimeEvent('notification.created', async ({ notificationId }) => {
    const data = await queryClient.fetchQuery({ ...notificationsQuery, staleTime: 0 });
    const created = data.notifications.find((n) => n.id === notificationId);
    // A new request has its own toast ("New Connection Request"); do not announce it twice.
    if (
      created &&
      !(created.type === 'connection_request' && created.data.requestId && !created.data.status)
    ) {
      toast(created.title, { description: created.message });
    }
  });
  useRealtimeEvent('notification.read', () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
  });

  const pending = (requests.data ?? []).filter((r) => r.status === 'pending' && r.receiverId === userId);
  const list = notifications.data?.notifications ?? [];
  const unread = notifications.data?.unreadCount ?? 0;
  const badge = unread + pending.length;

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
      // A request still pending is listed once, as the request itself.
      .filter((n) => !(n.type === 'connection_request' && pending.some((r) => r.id === n.data.requestId)))
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

  const openItem = (item: Item) => {
    if (item.kind === 'request') {
      openRequest(item.id);
      return;
    }
    if (!item.n.read) markRead.mutate(item.id);
    const requestId = item.n.data.requestId;
    if (item.n.type === 'connection_request' && typeof requestId === 'string' && !item.n.data.status) {
      openRequest(requestId);
    }
  };

  return (
    <Popover.Root
      onOpenChange={(open) => {
        if (open) void recordVisit();
      }}
    >
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={`Notifications, ${badge} unread`}
        >
          <Bell className="h-5 w-5" aria-hidden />
          {badge > 0 ? (
            <span
              data-testid="bell-badge"
              className="absolute top-1 right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-bold text-white"
            >
              {badge > 99 ? '99+' : badge}
            </span>
          ) : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 w-[380px] max-w-[calc(100vw-1rem)] rounded-xl border border-border bg-card shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-border px-4 py-3">
            <h2 className="font-semibold">Notifications</h2>
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
          </div>
          {notifications.isError ? (
            <p className="p-4 text-sm text-destructive">Error: Failed to load notifications</p>
          ) : items.length === 0 ? (
            <p className="p-4 text-sm text-muted-foreground">No notifications yet</p>
          ) : (
            <ul className="max-h-[400px] overflow-y-auto py-1">
              {items.map((item) => (
                <li key={`${item.kind}-${item.id}`}>
                  <Popover.Close asChild>
                    <button
                      type="button"
                      onClick={() => openItem(item)}
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
                        <span className="line-clamp-2 text-sm text-muted-foreground">{item.message}</span>
                        <span className="block text-xs text-muted-foreground">
                          {formatDistanceToNow(item.createdAt, { addSuffix: true })}
                        </span>
                      </span>
                    </button>
                  </Popover.Close>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
