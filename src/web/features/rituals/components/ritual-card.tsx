import {
  Check,
  Circle,
  CircleDashed,
  Clock,
  Coffee,
  Minus,
  OctagonPause,
  Pencil,
  Sparkles,
  Trash2,
  Unplug,
} from 'lucide-react';
import type { RitualMark } from '@/shared/domain/rituals';
import type { RitualDayView, RitualView } from '@/shared/schemas/rituals';
import { RITUAL_MARK_LABELS, RITUALS_PAGE_TEXT as TEXT, WEEKDAY_SHORT } from '@/shared/texts/rituals';
import { Button } from '@/web/components/ui/button';
import { HighlightCard } from '@/web/components/ui/highlight-card';
import { cn } from '@/web/lib/cn';
import { formatCalendarDate } from '@/web/lib/dates';

/** What the one looking may do: the dominant edits and retires, the submissive marks, others read. */
export type RitualViewer =
  | { as: 'dominant'; onEdit: () => void; onRetire: () => void }
  | { as: 'submissive'; onMark: (day: RitualDayView) => void }
  | { as: 'reader' };

const MARK_ICONS: Record<RitualMark, typeof Check> = {
  done: Check,
  partly: CircleDashed,
  skipped: Minus,
  excused: Coffee,
  app_failed: Unplug,
};

/** "Monday, Nov 30": a ritual day's name. */
export const dayLabel = (date: string) => formatCalendarDate(date, 'EEEE, MMM d');

/** What a day says, in words: its mark, Red's hold, or nothing yet. */
function dayState(day: RitualDayView, today: string): string {
  if (!day.scheduled) return TEXT.notScheduledDay;
  if (day.mark) return RITUAL_MARK_LABELS[day.mark];
  if (day.stopped) return TEXT.rested;
  return day.date > today ? TEXT.later : TEXT.unmarked;
}

function DayIcon({ day }: { day: RitualDayView }) {
  if (!day.scheduled) return <span className="h-1 w-1 rounded-full bg-muted-foreground/50" aria-hidden />;
  const Icon = day.mark ? MARK_ICONS[day.mark] : day.stopped ? OctagonPause : Circle;
  return <Icon className="h-5 w-5" aria-hidden />;
}

/** One day of the week strip: a button for the submissive while it can be marked, a cell otherwise. */
function DayCell({
  day,
  today,
  viewer,
  name,
}: {
  day: RitualDayView;
  today: string;
  viewer: RitualViewer;
  name: string;
}) {
  const state = dayState(day, today);
  const kept = day.mark === 'done' || day.mark === 'partly';
  const look = cn(
    'flex min-h-14 w-full flex-col items-center justify-center gap-0.5 rounded-control border text-xs',
    day.date === today ? 'border-primary' : 'border-transparent',
    kept
      ? 'bg-[var(--success-bg)] text-success'
      : day.scheduled
        ? 'bg-muted text-foreground'
        : 'text-muted-foreground',
  );
  // Only the submissive marks, and only a scheduled day still open.
  const onMark = viewer.as === 'submissive' && day.scheduled && day.markable ? viewer.onMark : null;
  // The name starts with what is seen ("Fri"), then the date, the state and, on a button, what it does.
  const content = (
    <>
      <span>{formatCalendarDate(day.date, 'EEE')}</span>
      <DayIcon day={day} />
      <span className="sr-only">
        , {formatCalendarDate(day.date, 'MMM d')}: {state}
        {onMark ? `, mark ${name}` : ''}
      </span>
    </>
  );
  if (onMark)
    return (
      <button
        type="button"
        className={cn(look, 'hover:border-primary focus-visible:outline-2 focus-visible:outline-ring')}
        onClick={() => onMark(day)}
      >
        {content}
      </button>
    );
  return <div className={look}>{content}</div>;
}

/** One ritual: its name, days and time, steps, its run told gently, and this week's days. */
export function RitualCard({
  ritual: r,
  today,
  viewer,
  highlighted,
}: {
  ritual: RitualView;
  today: string;
  viewer: RitualViewer;
  highlighted: boolean;
}) {
  const titleId = `ritual-title-${r.id}`;
  const schedule = r.days.length === 7 ? 'Every day' : r.days.map((d) => WEEKDAY_SHORT[d - 1]).join(', ');
  const earlier = r.earlier.filter((d) => d.scheduled && !d.mark);
  return (
    <HighlightCard
      id={`ritual-${r.id}`}
      titleId={titleId}
      title={r.name}
      data-testid="ritual-card"
      highlighted={highlighted}
      roomy
      aside={
        viewer.as === 'dominant' ? (
          <div className="flex shrink-0 gap-1">
            <Button size="icon" variant="ghost" onClick={viewer.onEdit} aria-label={`${TEXT.edit} ${r.name}`}>
              <Pencil className="h-4 w-4" aria-hidden />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              onClick={viewer.onRetire}
              aria-label={`${TEXT.retire} ${r.name}`}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        ) : null
      }
    >
      <p className="-mt-2 flex items-center gap-1 text-sm text-muted-foreground">
        <Clock className="h-4 w-4 shrink-0" aria-hidden /> {schedule} at {r.time}
        {r.award > 0 ? ` · +${r.award} points` : ''}
      </p>
      {r.steps.length > 0 ? (
        <ol className="list-decimal space-y-0.5 pl-5 text-sm wrap-anywhere">
          {r.steps.map((step, i) => (
            // Steps may repeat; their place is what tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the order is the identity
            <li key={i}>{step}</li>
          ))}
        </ol>
      ) : null}
      <p className="flex items-center gap-1.5 text-sm" data-testid="ritual-run">
        <Sparkles className="h-4 w-4 shrink-0 text-primary" aria-hidden />
        {r.streak.current > 0 ? TEXT.run(r.streak.current) : TEXT.noRunYet}
        {r.streak.best > r.streak.current ? ` · ${TEXT.best(r.streak.best)}` : ''}
      </p>
      <ul
        className="-mx-2 grid grid-cols-7 gap-0.5 sm:mx-0 sm:gap-1"
        aria-label={`${r.name}: ${TEXT.thisWeek}`}
      >
        {r.week.map((day) => (
          <li key={day.date}>
            <DayCell day={day} today={today} viewer={viewer} name={r.name} />
          </li>
        ))}
      </ul>
      {viewer.as === 'submissive' && earlier.length > 0 ? (
        <div className="space-y-1">
          <h4 className="text-sm font-medium">{TEXT.earlier}</h4>
          <div className="flex flex-wrap gap-2">
            {earlier.map((day) => (
              <Button key={day.date} size="sm" variant="outline" onClick={() => viewer.onMark(day)}>
                {dayLabel(day.date)}
                <span className="sr-only"> {r.name}</span>
              </Button>
            ))}
          </div>
        </div>
      ) : null}
    </HighlightCard>
  );
}
