import { describe, expect, it } from 'vitest';
import { UNREAD_COUNT_CAP } from '@/shared/schemas/notifications';
import { bellBadge } from './bell-badge';

describe('the bell’s badge', () => {
  it('shows the exact number up to 99, with a label that says it', () => {
    expect(bellBadge({ unread: 0, unreadAboutPending: 0, pending: 0 })).toEqual({
      visible: false,
      text: '0',
      label: 'Notifications, 0 unread',
    });
    expect(bellBadge({ unread: 3, unreadAboutPending: 1, pending: 1 })).toEqual({
      visible: true,
      text: '3',
      label: 'Notifications, 3 unread',
    });
    expect(bellBadge({ unread: 99, unreadAboutPending: 0, pending: 0 }).text).toBe('99');
  });

  it('shows "99+" when the server’s count reached its cap (more than 100 unread), and says so', () => {
    // The server counts no further than the cap: 150 unread answer UNREAD_COUNT_CAP.
    const badge = bellBadge({ unread: UNREAD_COUNT_CAP, unreadAboutPending: 2, pending: 0 });
    expect(badge).toEqual({ visible: true, text: '99+', label: 'Notifications, more than 99 unread' });
  });

  it('shows "99+" past 99 with pending requests too', () => {
    expect(bellBadge({ unread: 98, unreadAboutPending: 0, pending: 3 }).text).toBe('99+');
  });
});
