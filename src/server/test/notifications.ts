import type { Reader } from './client';
import { expectBody } from './responses';

/** The reader's notifications (newest first, one page) and how many are unread. */
export async function inbox(who: Reader) {
  return expectBody(await who.api.notifications.$get({ query: {} }), 200);
}

/** The reader's notifications, newest first. */
export async function notificationsOf(who: Reader) {
  return (await inbox(who)).notifications;
}
