import { formatDistanceToNow } from 'date-fns';
import { Link } from 'react-router';
import { paths } from '@/shared/routes';
import { RECENT_NOTIFICATIONS } from '@/shared/schemas/notifications';
import { NOTIFICATIONS_TEXT } from '@/shared/texts/notifications';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useNotifications } from '../api/notifications';
import { NotificationMessage } from './notification-message';

/** The last notifications (the bell's query), for the dashboard's notifications card. */
export function RecentNotifications() {
  const notifications = useNotifications();
  if (notifications.isPending) return <Skeleton className="h-16 w-full" />;
  const recent = (notifications.data?.notifications ?? []).slice(0, RECENT_NOTIFICATIONS);
  return (
    <section aria-labelledby="recent-notifications-title">
      <h3 id="recent-notifications-title" className="text-sm font-medium text-muted-foreground">
        Recent notifications
      </h3>
      {recent.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">No notifications yet</p>
      ) : (
        <ul className="mt-1 divide-y divide-border" data-testid="recent-notifications">
          {recent.map((n) => (
            <li key={n.id} className="py-2">
              <p className="text-sm font-medium">{n.title}</p>
              <p className="line-clamp-2 text-sm text-muted-foreground">
                <NotificationMessage n={n} />
              </p>
              <p className="text-xs text-muted-foreground">
                {formatDistanceToNow(n.createdAt, { addSuffix: true })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Link
        to={paths.notifications}
        className="mt-1 inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {NOTIFICATIONS_TEXT.seeAll}
      </Link>
    </section>
  );
}
