import { ArrowLeft, CalendarDays } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { dateIn, isCalendarDate } from '@/shared/domain/calendar';
import { paths } from '@/shared/routes';
import { CALENDAR_TEXT as TEXT } from '@/shared/texts/calendar';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { PartnerSelect } from '@/web/components/ui/partner-select';
import { useChosenPartner } from '@/web/lib/use-chosen-partner';
import { useNow } from '@/web/lib/use-now';
import { MonthView } from '../components/month-view';
import { WeekView } from '../components/week-view';

/** The day the calendar is turned to: its `?at=`, else today. */
export const anchorOf = (at: string | null, today: string) => (at && isCalendarDate(at) ? at : today);

/**
 * /calendar (issue 26 part 4; decision 086): the tasks due, ritual days and punishment timers of the pair
 * with the chosen partner. A week on phones, a month from 1024 px (both rendered, one shown by the width,
 * so that the server's page is the one the browser keeps); the day turned to lives in `?at=`.
 */
export function CalendarPage() {
  const { user, partners, partner, choose } = useChosenPartner();
  const [params, setParams] = useSearchParams();
  // The clock, read again each minute: the calendar turns to the next day at midnight.
  const today = dateIn(useNow(), user.timeZone);
  const anchor = anchorOf(params.get('at'), today);
  const move = (date: string) =>
    setParams(
      (p) => {
        if (date === today) p.delete('at');
        else p.set('at', date);
        return p;
      },
      { replace: true },
    );
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <header className="space-y-2">
        <Link
          to={paths.dashboard}
          className="inline-flex min-h-11 items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to dashboard
        </Link>
        <h1 className="text-2xl font-bold">{TEXT.title}</h1>
        <p className="text-sm text-muted-foreground">{TEXT.intro}</p>
      </header>
      {!partner ? (
        <Card className="flex flex-col items-center gap-3 py-10 text-center">
          <CalendarDays className="h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="font-semibold">Connect with a partner</p>
          <p className="max-w-sm text-sm text-muted-foreground">{TEXT.noPartner}</p>
          <Link to={paths.dashboard} className={buttonClasses('primary')}>
            Go to Dashboard
          </Link>
        </Card>
      ) : (
        <>
          {partners.length > 1 ? (
            <PartnerSelect partners={partners} value={partner.id} onChange={choose} />
          ) : null}
          <div className="lg:hidden">
            <WeekView partnerId={partner.id} anchor={anchor} today={today} onMove={move} />
          </div>
          <div className="hidden lg:block">
            <MonthView partnerId={partner.id} anchor={anchor} today={today} onMove={move} />
          </div>
        </>
      )}
    </div>
  );
}
