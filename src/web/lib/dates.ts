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

/** date-fns' `format`, in the zone dates are shown in. */
export function format(at: number | Date, pattern: string): string {
  const zone = zoneSource();
  return zone ? formatLocal(at, pattern, { in: tz(zone) }) : formatLocal(at, pattern);
}

/** The app's one way of showing a moment: "Nov 26, 6:07 PM". */
export const formatMoment = (at: number | Date) => format(at, 'MMM d, h:mm a');
