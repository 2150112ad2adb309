import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { addDays, addMonths, datesFrom, monthGrid, monthOf } from '@/shared/domain/calendar';
import { isoWeekday } from '@/shared/domain/rituals';
import type { CalendarItem } from '@/shared/schemas/calendar';
import { moreItems, CALENDAR_TEXT as TEXT } from '@/shared/texts/calendar';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { formatCalendarDate } from '@/web/lib/dates';
import { useCalendar } from '../api/calendar';
import { ItemLine, ItemLink } from './calendar-item';
import { MonthSkeleton } from './calendar-skeleton';

/** How many items a day's cell lists before "+N more". */
const SHOWN = 3;

/** The arrow keys' moves in the grid, in days (a row is a week). */
const MOVES: Record<string, (date: string) => string> = {
  ArrowLeft: (d) => addDays(d, -1),
  ArrowRight: (d) => addDays(d, 1),
  ArrowUp: (d) => addDays(d, -7),
  ArrowDown: (d) => addDays(d, 7),
  Home: (d) => addDays(d, 1 - isoWeekday(d)),
  End: (d) => addDays(d, 7 - isoWeekday(d)),
};

/**
 * The desktop's calendar (from 1024 px): a month as six weeks, each day's cell listing its items briefly;
 * the day chosen (by click, or by the arrow keys in the grid, one tab stop) lists them in full below.
 */
export function MonthView({
  partnerId,
  anchor,
  today,
  onMove,
}: {
  partnerId: string;
  anchor: string;
  today: string;
  onMove: (date: string) => void;
}) {
  const month = monthOf(anchor);
  const { from, to } = monthGrid(month);
  const calendar = useCalendar(partnerId, month);
  const dates = datesFrom(from, to);
  const [selected, setSelected] = useState(anchor);
  const chosen = monthOf(selected) === month ? selected : anchor;
  const cells = useRef(new Map<string, HTMLButtonElement>());
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    cells.current.get(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const choose = (date: string, focus = false) => {
    setSelected(date);
    if (focus) focusNext.current = date;
    // A day of another month turns the page to it.
    if (monthOf(date) !== month) onMove(date);
  };
  const onKeyDown = (event: KeyboardEvent, date: string) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    choose(move(date), true);
  };
  const itemsOf = (date: string): CalendarItem[] => calendar.data?.items.filter((i) => i.date === date) ?? [];
  const chosenItems = itemsOf(chosen);
  const title = formatCalendarDate(`${month}-01`, 'MMMM yyyy');

  return (
    <section aria-labelledby="calendar-month-title" className="space-y-4">
      <div className="flex items-center gap-2">
        <h2 id="calendar-month-title" className="mr-auto text-lg font-semibold" aria-live="polite">
          {title}
        </h2>
        <Button
          variant="outline"
          size="icon"
          aria-label={TEXT.previousMonth}
          onClick={() => onMove(`${addMonths(month, -1)}-01`)}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Button>
        <Button variant="outline" disabled={chosen === today} onClick={() => choose(today)}>
          {TEXT.today}
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={TEXT.nextMonth}
          onClick={() => onMove(`${addMonths(month, 1)}-01`)}
        >
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      {calendar.isPending ? (
        <MonthSkeleton />
      ) : calendar.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {TEXT.loadFailed}
        </p>
      ) : (
        <table className="w-full table-fixed border-collapse" data-testid="calendar-month">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              {dates.slice(0, 7).map((date) => (
                <th key={date} scope="col" className="pb-1 text-xs font-medium text-muted-foreground">
                  <abbr title={formatCalendarDate(date, 'EEEE')} className="no-underline">
                    {formatCalendarDate(date, 'EEE')}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: 6 }, (_, week) => dates.slice(week * 7, week * 7 + 7)).map((row) => (
              <tr key={row[0]}>
                {row.map((date) => {
                  const items = itemsOf(date);
                  const inMonth = monthOf(date) === month;
                  const isToday = date === today;
                  return (
                    <td key={date} className="h-28 border border-border p-0 align-top">
                      <button
                        type="button"
                        ref={(el) => {
                          if (el) cells.current.set(date, el);
                          else cells.current.delete(date);
                        }}
                        tabIndex={date === chosen ? 0 : -1}
                        aria-pressed={date === chosen}
                        aria-current={isToday ? 'date' : undefined}
                        onClick={() => choose(date)}
                        onKeyDown={(e) => onKeyDown(e, date)}
                        data-testid="calendar-cell"
                        data-date={date}
                        className={cn(
                          'flex h-full w-full flex-col gap-0.5 p-1.5 text-left hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                          !inMonth && 'text-muted-foreground',
                          date === chosen && 'bg-accent/60',
                        )}
                      >
                        <span
                          className={cn(
                            'flex h-6 w-6 items-center justify-center rounded-full text-xs font-semibold',
                            isToday && 'bg-primary text-primary-foreground',
                          )}
                        >
                          <span className="sr-only">{formatCalendarDate(date, 'EEEE, MMMM')} </span>
                          {formatCalendarDate(date, 'd')}
                          {isToday ? <span className="sr-only">, {TEXT.today.toLowerCase()}</span> : null}
                        </span>
                        {items.length === 0 ? (
                          <span className="sr-only">: {TEXT.emptyDay.toLowerCase()}</span>
                        ) : null}
                        {items.slice(0, SHOWN).map((item) => (
                          <ItemLine key={`${item.kind}-${item.id}`} item={item} />
                        ))}
                        {items.length > SHOWN ? (
                          <span className="text-xs font-medium text-primary">
                            {moreItems(items.length - SHOWN)}
                          </span>
                        ) : null}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section
        aria-labelledby="calendar-day-title"
        className="rounded-card border border-border bg-card p-card"
      >
        <h3 id="calendar-day-title" className="text-sm font-semibold">
          {formatCalendarDate(chosen, 'EEEE, MMMM d')}
        </h3>
        {chosenItems.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">{TEXT.emptyDay}</p>
        ) : (
          <ul className="mt-1" data-testid="calendar-day-items">
            {chosenItems.map((item) => (
              <li key={`${item.kind}-${item.id}`}>
                <ItemLink item={item} partnerId={partnerId} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
