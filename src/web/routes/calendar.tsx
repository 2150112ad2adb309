import type { LoaderFunctionArgs } from 'react-router';
import { dateIn, gridMonthOfWeek, mondayOf, monthOf } from '@/shared/domain/calendar';
import { chosenPartnerId, loadQueries, reads, userOf } from '@/web/app/page-data';
import { anchorOf, CalendarPage } from '@/web/features/calendar/pages/calendar-page';

/**
 * The calendar is rendered with the grid of the month it is turned to and, when the week shown began in the
 * month before, that month's too: the phone's week and the desktop's month are both in the page.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = userOf(await loadQueries(context, [reads.me]));
  const partnerId = chosenPartnerId(user, request.url);
  if (!user || !partnerId) return loadQueries(context, []);
  const today = dateIn(context.renderedAt ?? Date.now(), user.timeZone);
  const anchor = anchorOf(new URL(request.url).searchParams.get('at'), today);
  const months = new Set([monthOf(anchor), gridMonthOfWeek(mondayOf(anchor))]);
  return loadQueries(
    context,
    [...months].map((month) => reads.calendar(partnerId, month)),
  );
}
export const clientLoader = () => null;

export default CalendarPage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
