import { ChevronLeft, ChevronRight } from 'lucide-react';
import { addDays, datesFrom, gridMonthOfWeek, mondayOf } from '@/shared/domain/calendar';
import type { CalendarItem } from '@/shared/schemas/calendar';
import { CALENDAR_TEXT as TEXT } from '@/shared/texts/calendar';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { formatCalendarDate } from '@/web/lib/dates';
import { useCalendar } from '../api/calendar';
import { ItemLink } from './calendar-item';
import { WeekSkeleton } from './calendar-skeleton';

/** "Mar 11 – 17, 2030", or across months "Mar 31 – Apr 6, 2030". */
function weekTitle(monday: string) {
  const sunday = addDays(monday, 6);
  const sameMonth = monday.slice(0, 7) === sunday.slice(0, 7);
  return `${formatCalendarDate(monday, 'MMM d')} – ${formatCalendarDate(sunday, sameMonth ? 'd, yyyy' : 'MMM d, yyyy')}`;
}

function Day({
  date,
  today,
  items,
  partnerId,
}: {
  date: string;
  today: string;
  items: CalendarItem[];
  partnerId: string;
}) {
  const isToday = date === today;
  return (
    <li className="border-b border-border py-3 last:border-b-0" data-testid="calendar-day" data-date={date}>
      <h3
        className={cn('flex items-center gap-2 text-sm font-semibold', isToday && 'text-primary')}
        aria-current={isToday ? 'date' : undefined}
      >
        {formatCalendarDate(date, 'EEEE, MMM d')}
        {isToday ? (
          <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
            {TEXT.today}
          </span>
        ) : null}
      </h3>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">{TEXT.emptyDay}</p>
      ) : (
        <ul className="mt-1">
          {items.map((item) => (
            <li key={`${item.kind}-${item.id}-${item.date}`}>
              <ItemLink item={item} partnerId={partnerId} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The phone's calendar (below 1024 px): one week from Monday, a list per day, with the previous and next
 * week and a way back to this one. `anchor` is a day of the week shown.
 */
export function WeekView({
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
  const monday = mondayOf(anchor);
  const calendar = useCalendar(partnerId, gridMonthOfWeek(monday));
  const days = datesFrom(monday, addDays(monday, 6));
  const items = (calendar.data?.items ?? []).filter((i) => i.date >= monday && i.date <= days[6]!);
  const isThisWeek = monday === mondayOf(today);
  return (
    <section aria-labelledby="calendar-week-title" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label={TEXT.previousWeek}
          onClick={() => onMove(addDays(monday, -7))}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Button>
        <h2 id="calendar-week-title" className="text-center text-base font-semibold" aria-live="polite">
          {weekTitle(monday)}
        </h2>
        <Button
          variant="outline"
          size="icon"
          aria-label={TEXT.nextWeek}
          onClick={() => onMove(addDays(monday, 7))}
        >
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <div className="flex justify-center">
        <Button variant="ghost" size="sm" disabled={isThisWeek} onClick={() => onMove(today)}>
          {TEXT.thisWeek}
        </Button>
      </div>
      {calendar.isPending ? (
        <WeekSkeleton />
      ) : calendar.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {TEXT.loadFailed}
        </p>
      ) : (
        <>
          {items.length === 0 ? (
            <p className="rounded-control bg-muted px-3 py-2 text-sm text-muted-foreground">
              {TEXT.emptyWeek}
            </p>
          ) : null}
          <ul aria-label={weekTitle(monday)}>
            {days.map((date) => (
              <Day
                key={date}
                date={date}
                today={today}
                items={items.filter((i) => i.date === date)}
                partnerId={partnerId}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
