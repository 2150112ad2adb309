import { tz } from '@date-fns/tz';
import { format as formatLocal } from 'date-fns';

/**
 * The time zone dates are shown in (decision 048): the browser's own, except while a page the server
 * rendered is hydrated (then the zone it was rendered in, so that the two match), and on the server, the
 * zone of the request being rendered (`setZoneSource`, entry.server.tsx).
 */
let zoneSource: () => string | undefined = () => undefined;

/** Where `format` finds the zone to show dates in; undefined means the runtime's own. */
export function setZoneSource(source: () => string | undefined) {
  zoneSource = source;
}

/** What `format` wrote, by zone, pattern and instant; at most this many are kept. */
const written = new Map<string, string>();
const WRITTEN_KEPT = 2048;

/**
 * date-fns' `format` in a named zone. A date there costs a dozen reads of the runtime's time zone data, and
 * a page shows the same dates on every render: each text is kept, by its zone, pattern and instant.
 */
function formatIn(at: number | Date, pattern: string, zone: string): string {
  const key = `${zone}|${pattern}|${+at}`;
  let text = written.get(key);
  if (text === undefined) {
    text = formatLocal(at, pattern, { in: tz(zone) });
    if (written.size >= WRITTEN_KEPT) written.clear();
    written.set(key, text);
  }
  return text;
}

/** date-fns' `format`, in the zone dates are shown in (the runtime's own, which can change, is not kept). */
export function format(at: number | Date, pattern: string): string {
  const zone = zoneSource();
  return zone ? formatIn(at, pattern, zone) : formatLocal(at, pattern);
}

/** The app's one way of showing a moment: "Nov 26, 6:07 PM". */
export const formatMoment = (at: number | Date) => format(at, 'MMM d, h:mm a');

/**
 * A calendar date alone ("2026-11-30", no moment), shown with a date-fns `pattern` ("MMM d" gives
 * "Nov 30"): read in UTC, so no time zone can move it to another day.
 */
export const formatCalendarDate = (date: string, pattern: string) =>
  formatIn(new Date(`${date}T12:00:00Z`), pattern, 'UTC');

/** A zone as people name it: "America/New_York" gives "New York"; UTC stays UTC. */
export const placeOf = (zone: string) => (zone.split('/').pop() ?? zone).replaceAll('_', ' ');

/**
 * A moment someone chose in their own zone (a due date, in the assigner's): as shown here and, when the
 * clock there reads otherwise, as it reads there too: "Nov 30, 2:00 AM (9:00 PM in New York)", or with the
 * date when that differs as well. An unknown zone adds nothing.
 */
export function formatMomentFrom(at: number | Date, zone: string | null | undefined): string {
  const here = formatMoment(at);
  if (!zone) return here;
  let dateThere: string;
  let timeThere: string;
  try {
    dateThere = formatIn(at, 'MMM d', zone);
    timeThere = formatIn(at, 'h:mm a', zone);
  } catch {
    return here;
  }
  const sameDate = dateThere === format(at, 'MMM d');
  if (sameDate && timeThere === format(at, 'h:mm a')) return here;
  const shown = sameDate ? timeThere : `${dateThere}, ${timeThere}`;
  return `${here} (${shown} ${zone === 'UTC' ? 'UTC' : `in ${placeOf(zone)}`})`;
}
