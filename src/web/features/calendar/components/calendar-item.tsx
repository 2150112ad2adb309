import { Check, ListChecks, Repeat, Timer } from 'lucide-react';
import { Link } from 'react-router';
import { paths, withQuery } from '@/shared/routes';
import type { CalendarItem } from '@/shared/schemas/calendar';
import { RITUAL_MARK_LABELS } from '@/shared/texts/rituals';
import { cn } from '@/web/lib/cn';
import { format } from '@/web/lib/dates';

/* One item of the calendar (decision 086): where it leads, what it is called, and how it looks. */

const KIND_LABELS = { task: 'Task', ritual: 'Ritual', punishment: 'Punishment' } as const;
const ICONS = { task: ListChecks, ritual: Repeat, punishment: Timer } as const;
/** The colour of a kind: its icon in a list, its dot in a month's cell. */
const ICON_COLOURS = { task: 'text-primary', ritual: 'text-success', punishment: 'text-warning' } as const;
const DOT_COLOURS = { task: 'bg-primary', ritual: 'bg-success', punishment: 'bg-warning' } as const;

/** The page an item opens, with the highlight links use elsewhere (the notifications' targets). */
export function itemHref(item: CalendarItem, partnerId: string): string {
  if (item.kind === 'task') return withQuery(paths.tasks, { highlight: item.id });
  if (item.kind === 'punishment') return withQuery(paths.punishments, { highlight: item.id });
  return withQuery(paths.structure, { partner: partnerId, tab: 'rituals', highlight: item.id });
}

const clock = (at: number) => format(at, 'h:mm a');
/** A ritual's own "21:00" as the moments are shown: "9:00 PM". */
function wallClock(time: string) {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** When it is: a task's due time, a timer's start and end, a ritual's own time of day. */
export function itemTime(item: CalendarItem): string {
  if (item.kind === 'task') return clock(item.at);
  if (item.kind === 'punishment') return `${clock(item.at)}–${clock(item.endsAt)}`;
  return wallClock(item.time);
}

/** Where it stands, in words; null when there is nothing to say yet. */
export function itemStatus(item: CalendarItem): string | null {
  if (item.kind === 'task') return item.status === 'done' ? 'Done' : null;
  if (item.kind === 'punishment')
    return item.status === 'done' ? 'Done' : item.status === 'running' ? 'Timer running' : 'Timer ended';
  return item.mark ? RITUAL_MARK_LABELS[item.mark] : null;
}

const isDone = (item: CalendarItem) =>
  item.kind === 'ritual' ? item.mark === 'done' || item.mark === 'partly' : item.status === 'done';

/** An item in a day's list: a link with its kind, time, title and state. */
export function ItemLink({ item, partnerId }: { item: CalendarItem; partnerId: string }) {
  const Icon = isDone(item) ? Check : ICONS[item.kind];
  const status = itemStatus(item);
  return (
    <Link
      to={itemHref(item, partnerId)}
      className="flex min-h-11 items-center gap-3 rounded-control px-2 py-1.5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      data-testid="calendar-item"
    >
      <Icon className={cn('h-4 w-4 shrink-0', ICON_COLOURS[item.kind])} aria-hidden />
      <span className="min-w-0 flex-1">
        <span className={cn('block truncate text-sm font-medium', isDone(item) && 'text-muted-foreground')}>
          <span className="sr-only">{KIND_LABELS[item.kind]}: </span>
          {item.title}
        </span>
        <span className="block text-xs text-muted-foreground">
          {KIND_LABELS[item.kind]} · {itemTime(item)}
          {item.kind === 'task' && item.repeats ? ' · repeats' : ''}
          {status ? ` · ${status}` : ''}
        </span>
      </span>
    </Link>
  );
}

/** An item in a month's cell: a dot and its title, on one line (the cell's button names the day). */
export function ItemLine({ item }: { item: CalendarItem }) {
  return (
    <span className="flex items-center gap-1 text-xs leading-5">
      <span className={cn('h-1.5 w-1.5 shrink-0 rounded-full', DOT_COLOURS[item.kind])} aria-hidden />
      <span className={cn('truncate', isDone(item) && 'text-muted-foreground')}>{item.title}</span>
    </span>
  );
}
