import { paths } from '@/shared/routes';

/**
 * What the service worker shows for a push and what a tap opens: pure, so that unit tests cover it. The
 * server sends `{ title, body, url, tag }`; anything missing or unreadable still shows a notification
 * (a push is never silent), the discreet one.
 */
export interface ShownNotification {
  title: string;
  body: string;
  /** A path of Pact (with its query and hash), never another origin. */
  url: string;
  /** A newer notification with the same tag replaces the older one. */
  tag: string;
  /** Sent to a device in discreet mode (decision 081): shown with the neutral icon. */
  discreet?: boolean;
}

const HOME = paths.dashboard;
export const DISCREET: ShownNotification = {
  title: 'Pact',
  body: 'New activity in Pact',
  url: HOME,
  tag: 'pact',
};
/**
 * Red from any push (decision 049): every notification carries this action where the platform shows actions,
 * so that a stop is one tap from the lock screen. Its words are as plain as the discreet notification's.
 */
export const RED_ACTION = { action: 'red', title: 'Call Red' } as const;
/** What is shown when the action could not call Red (offline, signed out): the app, where Red is one tap. */
export const RED_NOT_CALLED: ShownNotification = {
  title: 'Red was not called',
  body: 'Open Pact and press Red.',
  url: HOME,
  tag: 'pact-red',
};
/** The request the action sends: POST /api/stops with no partner, every pair of the user (decision 049). */
export const RED_REQUEST: RequestInit = {
  method: 'POST',
  credentials: 'same-origin',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  body: '{}',
};
const TITLE_MAX = 120;
const BODY_MAX = 400;
const TAG_MAX = 100;

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;

/** The notification for a push's payload text (null when the push carried none). */
export function notificationOf(payload: string | null): ShownNotification {
  let data: unknown = null;
  try {
    data = payload ? JSON.parse(payload) : null;
  } catch {
    data = null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return DISCREET;
  const fields = data as Record<string, unknown>;
  const title = text(fields.title, TITLE_MAX);
  if (!title) return DISCREET;
  return {
    title,
    body: text(fields.body, BODY_MAX) ?? '',
    url: typeof fields.url === 'string' ? fields.url : HOME,
    tag: text(fields.tag, TAG_MAX) ?? DISCREET.tag,
    ...(fields.discreet === true ? { discreet: true } : {}),
  };
}

/**
 * The path a tap opens: the notification's own when it is a page of this origin, else the dashboard (a
 * payload can never send the user to another site or to an API address).
 */
export function openTarget(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url.includes('\\')) return HOME;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return HOME;
  }
  if (parsed.origin !== origin || parsed.pathname.startsWith('/api/')) return HOME;
  if (!url.startsWith('/') && !url.startsWith(origin)) return HOME;
  if (url.startsWith('//')) return HOME;
  return parsed.pathname + parsed.search + parsed.hash;
}
