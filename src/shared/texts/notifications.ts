/** What the notification centre says (decision 083), without zod: the page's code imports these. */
export const NOTIFICATIONS_TEXT = {
  pageTitle: 'Notifications',
  pageIntro: 'Everything Pact told you, newest first. Entries that lead to the same place are kept together.',
  allKinds: 'All',
  filterLabel: 'Show',
  empty: 'Nothing here yet.',
  emptyKind: 'No notifications of this kind.',
  showOlder: 'Show older notifications',
  loadingOlder: 'Loading older notifications…',
  markAllRead: 'Mark all as read',
  seeAll: 'See all notifications',
  unread: 'Unread',
  cursorInvalid: 'The page to continue from is not valid',
  kindInvalid: 'Choose one of the kinds of notification',
} as const;

/** "and 4 more": what a kept-together entry adds to its newest notification. */
export const moreCount = (n: number) => (n === 1 ? 'and 1 more' : `and ${n} more`);
