import { UNREAD_COUNT_CAP } from '@/shared/schemas/notifications';

/**
 * The bell's badge: unread notifications plus pending requests, each request once. The server counts
 * unread notifications up to UNREAD_COUNT_CAP only (decision 045): at the cap, or past 99, it shows "99+".
 */
export function bellBadge(input: { unread: number; unreadAboutPending: number; pending: number }) {
  const count = input.unread - input.unreadAboutPending + input.pending;
  const over = input.unread >= UNREAD_COUNT_CAP || count > 99;
  return {
    visible: over || count > 0,
    text: over ? '99+' : String(count),
    label: `Notifications, ${over ? 'more than 99' : count} unread`,
  };
}
