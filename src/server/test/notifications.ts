import { expect } from 'vitest';
import type { Reader } from './client';

/** The reader's notifications (newest first, one page) and how many are unread. */
export async function inbox(who: Reader) {
  const response = await who.api.notifications.$get();
  expect(response.status).toBe(200);
  return await response.json();
}

/** The reader's notifications, newest first. */
export async function notificationsOf(who: Reader) {
  return (await inbox(who)).notifications;
}
