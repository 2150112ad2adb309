import { kindOf } from '@/shared/domain/notification-kinds';
import { notificationTarget } from '@/shared/domain/notification-targets';
import type { NotificationView } from '@/shared/schemas/notifications';

/** One entry of the notification centre: a notification, or several in a row that lead to the same place. */
export interface NotificationEntry {
  /** The newest notification's id: stable while older ones join the entry. */
  key: string;
  newest: NotificationView;
  /** Newest first, the newest included. */
  items: NotificationView[];
  unread: number;
}

const placeOf = (n: NotificationView) => {
  const target = notificationTarget(n);
  if (!target) return null;
  return target.kind === 'request' ? `request:${target.requestId}` : `path:${target.to}`;
};

/**
 * Keeps together what follows itself (decision 083): notifications next to each other, newest first, of the
 * same type that open the same place ("5 messages from Alex" open one journal) are one entry with a count.
 * Safety notifications (Red, check-ins, aftercare, limits) always stand alone: each one matters.
 */
export function groupNotifications(list: readonly NotificationView[]): NotificationEntry[] {
  const entries: NotificationEntry[] = [];
  for (const n of list) {
    const last = entries.at(-1);
    const place = placeOf(n);
    const joins =
      last !== undefined &&
      kindOf(n.type) !== 'safety' &&
      place !== null &&
      last.newest.type === n.type &&
      placeOf(last.newest) === place;
    if (joins) {
      last.items.push(n);
      if (!n.read) last.unread += 1;
    } else {
      entries.push({ key: n.id, newest: n, items: [n], unread: n.read ? 0 : 1 });
    }
  }
  return entries;
}
