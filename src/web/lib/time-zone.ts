import { TIME_ZONE_COOKIE } from '@/shared/routes';

/** The browser's time zone. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Tells the server this browser's time zone (a year's cookie, sent to this site only, readable by it). */
export function rememberTimeZone(zone = browserTimeZone()) {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser Pact serves.
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax${secure}`;
}
