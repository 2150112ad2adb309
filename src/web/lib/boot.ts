import { createContext, useContext } from 'react';
import { TIME_ZONE_COOKIE } from '@/shared/routes';
import { useHydrated } from './use-hydrated';

/**
 * What the server drew a signed-in page with (decision 033): the answers its first reads would have
 * fetched, the moment it drew it and the time zone it drew it in. The browser seeds its query cache from
 * it before hydrating, so that its first render is the page the server sent, not a skeleton.
 */
export interface Boot {
  /** Milliseconds since the epoch at which the server drew the page. */
  renderedAt: number;
  /** The IANA time zone dates were drawn in. */
  timeZone: string;
  /** Query keys and their data, as the browser's queries hold them. */
  queries: [readonly unknown[], unknown][];
}

/** The element that carries a server-drawn page's boot data: JSON, never run (the CSP allows no inline script). */
export const BOOT_ELEMENT_ID = 'pact-boot';

/** The boot data of the page being drawn or hydrated, when the server drew it; null otherwise. */
export const BootContext = createContext<Boot | null>(null);

/** True while the page is drawn by the server or hydrated from what it drew. */
export const useServerDrawn = () => useContext(BootContext) !== null;

/**
 * The time a component's first render shows: the server's moment while a server-drawn page is drawn and
 * hydrated (so that "due in 2 hours" matches its HTML), the clock otherwise. Components that use it move
 * to the clock once mounted.
 */
export function useFirstNow(): number {
  const boot = useContext(BootContext);
  const hydrated = useHydrated();
  return boot && !hydrated ? boot.renderedAt : Date.now();
}

/** The browser's time zone (the server is told it by the `tz` cookie, to draw dates as the browser will). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Tells the server this browser's time zone (a year's cookie, sent to this site only, readable by it). */
export function rememberTimeZone() {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser Pact serves.
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(browserTimeZone())}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/**
 * Reads the boot data a server-drawn page carries. Null when there is none, or when it was drawn in
 * another time zone than this browser's (its dates would not match: the page is then drawn afresh).
 */
export function readBoot(doc: Document): Boot | null {
  const element = doc.getElementById(BOOT_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const boot = JSON.parse(element.textContent) as Boot;
    if (boot.timeZone !== browserTimeZone()) return null;
    return boot;
  } catch {
    return null;
  }
}

/**
 * Boot data as text that is safe inside a `<script type="application/json">` element: no `<` (so no
 * `</script>` or `<!--` from a title a partner typed), and the two line separators JSON allows but
 * scripts once did not.
 */
export function serializeBoot(boot: Boot): string {
  return JSON.stringify(boot)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
