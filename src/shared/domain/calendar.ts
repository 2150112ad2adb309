/**
 * The calendar's dates (decision 086): `YYYY-MM-DD` calendar dates and `YYYY-MM` months, on dates alone
 * (the weeks start on Monday, as the rituals' do). A month is read as a grid of six weeks, 42 days from the
 * Monday on or before its first day: every week whose Monday falls in the month is one of its rows, so the
 * week view and the month view read the same grids.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { addDays, mondayOf } from './rituals';

const DAY_MS = 86_400_000;

/** Whether a text is a real calendar date, `YYYY-MM-DD` (no 30 February). */
export const isCalendarDate = (d: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(d) &&
  !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
  new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/** How many days `to` lies after `from` (0 for the same day, negative before it). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The month (`YYYY-MM`) a date falls in. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The month `n` months after (or before) another. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The six weeks a month's grid shows: its first and last date. */
export function monthGrid(month: string): { from: string; to: string } {
  const from = mondayOf(`${month}-01`);
  return { from, to: addDays(from, 41) };
}

/** The grid a week is read with: the one of the month its Monday falls in. */
export const gridMonthOfWeek = (monday: string) => monthOf(monday);

/** Every date from `from` to `to`, both included. */
export function datesFrom(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: Math.max(0, n + 1) }, (_, i) => addDays(from, i));
}

export { addDays, mondayOf };

/** The calendar date (`YYYY-MM-DD`) of a moment in a time zone: the one way Pact reads "which day". */
export const dateIn = (at: number | Date, timeZone: string) =>
  format(new TZDate(typeof at === 'number' ? at : at.getTime(), timeZone), 'yyyy-MM-dd');

/** The time of day (`HH:mm`) of a moment in a time zone. */
export const timeIn = (at: number, timeZone: string) => format(new TZDate(at, timeZone), 'HH:mm');

/** The moment a date begins (00:00) in a time zone, epoch ms. */
export function startOfDateIn(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, timeZone).getTime();
}
