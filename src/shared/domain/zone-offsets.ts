/**
 * A time zone's UTC offsets over a window of time, as a table the server computes and a page carries
 * (decision 035). The browser's first use of its own date data (`Intl`) costs tens of milliseconds on a
 * phone, at the moment a page comes to life; with the table, the page the server drew checks its dates
 * and reckons due times without it. Outside the table's window, or for a zone without one, the offset
 * comes from `Intl` as before.
 */
import { tzOffset } from '@date-fns/tz';

/** A zone's offsets from `from` to `to` (epoch ms): `offsets[i] = [since, minutes]`, `since` ascending. */
export interface ZoneOffsetTable {
  zone: string;
  from: number;
  to: number;
  /** The offset (local minus UTC, minutes) in force from each instant on; the first is at `from`. */
  offsets: [number, number][];
}

const DAY_MS = 86_400_000;
/** How far each way from the moment a page is drawn its tables reach: a year and a few days. */
export const ZONE_TABLE_REACH_MS = 370 * DAY_MS;

/** The zone's offset at `at`, in minutes, from the browser's or the server's own date data. */
function intlOffset(zone: string, at: number): number {
  return tzOffset(zone, new Date(at));
}

/** As `intlOffset`, for building a table: an unknown zone is an error, not a table of NaN. */
function readOffset(zone: string, at: number): number {
  const minutes = intlOffset(zone, at);
  if (!Number.isFinite(minutes)) throw new RangeError(`Unknown time zone: ${zone}`);
  return minutes;
}

/**
 * The first instant in (lo, hi] at which the offset is no longer `before` (a transition; the offset at
 * `lo` is `before`, at `hi` it differs). Transitions fall on whole seconds: the search stops there.
 */
function transitionIn(zone: string, lo: number, hi: number, before: number): number {
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (readOffset(zone, mid) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * The zone's offsets from `around - reach` to `around + reach`. Sampled daily (no zone changes its offset
 * twice within a day), each change then found to the second.
 */
function computeTable(zone: string, around: number, reach: number): ZoneOffsetTable {
  const from = around - reach;
  const to = around + reach;
  let current = readOffset(zone, from);
  const offsets: [number, number][] = [[from, current]];
  for (let at = from; at < to; ) {
    const next = Math.min(at + DAY_MS, to);
    const offset = readOffset(zone, next);
    if (offset !== current) {
      const since = transitionIn(zone, at, next, current);
      const after = readOffset(zone, since);
      offsets.push([since, after]);
      current = after;
      // A second change within the same day (none is known): read the rest of the day again.
      if (after !== offset) {
        at = since;
        continue;
      }
    }
    at = next;
  }
  return { zone, from, to, offsets };
}

/** Tables already computed, by zone and UTC day: a page drawn today reuses the day's table. */
const computed = new Map<string, ZoneOffsetTable>();
const COMPUTED_MAX = 500;

/**
 * The table a page drawn at `around` carries for `zone` (the server's side). Its window starts at the UTC
 * midnight before `around`, so that every page drawn that day shares it.
 */
export function zoneOffsetTable(zone: string, around: number): ZoneOffsetTable {
  const day = Math.floor(around / DAY_MS) * DAY_MS;
  const key = `${zone} ${day}`;
  let table = computed.get(key);
  if (!table) {
    table = computeTable(zone, day, ZONE_TABLE_REACH_MS);
    if (computed.size >= COMPUTED_MAX) computed.clear();
    computed.set(key, table);
  }
  return table;
}

/** Tables this page was given (the browser's side), by zone. */
const known = new Map<string, ZoneOffsetTable>();

/** Well-formed: a zone name, a window, and offsets that start at its start and go forward in time. */
function wellFormed(table: ZoneOffsetTable): boolean {
  const { zone, from, to, offsets } = table ?? {};
  if (typeof zone !== 'string' || !Number.isFinite(from) || !Number.isFinite(to) || !(from < to))
    return false;
  if (!Array.isArray(offsets) || offsets.length === 0 || offsets[0]?.[0] !== from) return false;
  return offsets.every(
    (entry, i) =>
      Array.isArray(entry) &&
      Number.isFinite(entry[0]) &&
      Number.isFinite(entry[1]) &&
      (i === 0 || entry[0] > (offsets[i - 1]?.[0] ?? Number.POSITIVE_INFINITY)),
  );
}

/** Keeps the tables a page carries, for `offsetMinutes`. A malformed one is ignored. */
export function knowZoneOffsets(tables: readonly ZoneOffsetTable[]): void {
  for (const table of tables) if (wellFormed(table)) known.set(table.zone, table);
}

/** Forgets every table (tests). */
export function forgetZoneOffsets(): void {
  known.clear();
}

function fromTable(table: ZoneOffsetTable, at: number): number {
  const { offsets } = table;
  let lo = 0;
  let hi = offsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((offsets[mid]?.[0] ?? Number.POSITIVE_INFINITY) <= at) lo = mid;
    else hi = mid - 1;
  }
  return offsets[lo]?.[1] ?? Number.NaN;
}

/** The offset of `zone` at `at` (local minus UTC, minutes): from a table when one covers it, else `Intl`. */
export function offsetMinutes(zone: string, at: number): number {
  const table = known.get(zone);
  if (table && at >= table.from && at < table.to) return fromTable(table, at);
  return intlOffset(zone, at);
}

/** This device's own offset at `at` (local minus UTC, minutes), as its `Date` reads it: no `Intl`. */
const ownOffset = (at: number) => -new Date(at).getTimezoneOffset() || 0;

/**
 * True when this device's clock (`deviceOffset`, its own by default) reads dates as `table`'s zone does over
 * the whole window: the same offset on either side of each change, and every week between. A page the
 * server drew in that zone then shows the dates this device would draw, and can be hydrated as it is.
 */
export function deviceFollows(
  table: ZoneOffsetTable | undefined,
  deviceOffset: (at: number) => number = ownOffset,
): boolean {
  if (!table || !wellFormed(table)) return false;
  for (const [since, minutes] of table.offsets) {
    if (deviceOffset(since) !== minutes) return false;
    if (since > table.from && deviceOffset(since - 1000) !== fromTable(table, since - 1000)) return false;
  }
  for (let at = table.from; at < table.to; at += 7 * DAY_MS) {
    if (deviceOffset(at) !== fromTable(table, at)) return false;
  }
  return true;
}
