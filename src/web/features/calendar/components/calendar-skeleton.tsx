import { CALENDAR_TEXT as TEXT } from '@/shared/texts/calendar';
import { Loading, Skeleton } from '@/web/components/ui/skeleton';

/** The week while it loads: seven days, each a heading and a line. */
export function WeekSkeleton() {
  return (
    <Loading label={TEXT.loading} className="space-y-3">
      {Array.from({ length: 7 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: seven fixed placeholders.
        <div key={i} className="space-y-2 border-b border-border pb-3">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
    </Loading>
  );
}

/** The month while it loads: six weeks of seven cells. */
export function MonthSkeleton() {
  return (
    <Loading label={TEXT.loading} className="grid grid-cols-7 gap-1">
      {Array.from({ length: 42 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: forty-two fixed placeholders.
        <Skeleton key={i} className="h-24 w-full" />
      ))}
    </Loading>
  );
}
