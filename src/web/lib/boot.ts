import { createContext, useContext, useEffect } from 'react';
import { deviceFollows, knowZoneOffsets, type ZoneOffsetTable } from '@/shared/domain/zone-offsets';
import { TIME_ZONE_COOKIE } from '@/shared/routes';
import { whenIdle } from './idle';

/**
 * What the server drew a signed-in page with (decision 033): the answers its first reads would have
 * fetched, the moment it drew it and the time zone it drew it in. The browser seeds its query cache from
 * it before hydrating, so that its first render is the page the server sent, not a skeleton.
 */
export interface Boot {
  /**
   * Milliseconds since the epoch at which the server began reading the page's data: the page is drawn as
   * of then, and its stream says whether anything changed for the user since (decision 035).
   */
  renderedAt: number;
  /** The IANA time zone dates were drawn in. */
  timeZone: string;
  /**
   * The offsets of that zone and of the account's zone around `renderedAt` (decision 035): the browser
   * checks the page's dates, and reckons due times, without its costly first use of `Intl`.
   */
  zones: ZoneOffsetTable[];
  /** Query keys and their data, as the browser's queries hold them. */
  queries: [readonly unknown[], unknown][];
}

/** The element that carries a server-drawn page's boot data: JSON, never run (the CSP allows no inline script). */
export const BOOT_ELEMENT_ID = 'pact-boot';

/** The boot data of the page being drawn or hydrated, when the server drew it; null otherwise. */
export const BootContext = createContext<Boot | null>(null);

/** True while the page is drawn by the server or hydrated from what it drew. */
export const useServerDrawn = () => useContext(BootContext) !== null;

/** False once the browser has left the page the server drew (its first navigation). */
let onDrawnPage = true;

/** Called on the first navigation away from a server-drawn page: later pages start from the clock. */
export function leaveDrawnPage() {
  onDrawnPage = false;
}

/**
 * The time a component's first render shows: the server's moment on the page the server drew (so that
 * "due in 2 hours" matches its HTML while it hydrates), the clock otherwise. Components that use it move
 * to the clock once mounted (in a transition). It watches no store, so the end of hydration does not draw
 * them again at once.
 */
export function useFirstNow(): number {
  const boot = useContext(BootContext);
  return boot && onDrawnPage ? boot.renderedAt : Date.now();
}

/**
 * True while a component may be drawing, or hydrating, the page the server drew: its first render then
 * shows what the server showed, and what only the browser knows comes after mounting.
 */
export function useOnDrawnPage(): boolean {
  return useContext(BootContext) !== null && onDrawnPage;
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
 * A signed-in page the server did not draw for this browser tells the server its time zone, when the
 * browser has a moment, so that the next page is drawn in it. Signed-out pages never ask: the first
 * use of the browser's time-zone data is costly, and they show no dates.
 */
export function useRememberTimeZone(serverDrawn: boolean) {
  useEffect(() => (serverDrawn ? undefined : whenIdle(rememberTimeZone)), [serverDrawn]);
}

/**
 * Reads the boot data a server-drawn page carries, and keeps its zone tables for the page's date
 * reckoning. Null when there is none, or when it was drawn in a time zone whose dates this browser reads
 * otherwise (its dates would not match: the page is then drawn afresh). The check compares the drawing
 * zone's table with the device's own clock, not with `Intl`, whose first use is a long moment on a phone.
 */
export function readBoot(doc: Document): Boot | null {
  const element = doc.getElementById(BOOT_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const boot = JSON.parse(element.textContent) as Boot;
    const zones = Array.isArray(boot.zones) ? boot.zones : [];
    if (!deviceFollows(zones.find((table) => table?.zone === boot.timeZone))) return null;
    knowZoneOffsets(zones);
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
