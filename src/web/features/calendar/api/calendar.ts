import { queryOptions, useQuery } from '@tanstack/react-query';
import { monthGrid } from '@/shared/domain/calendar';
import type { CalendarView } from '@/shared/schemas/calendar';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/**
 * GET /api/calendar for the six weeks of one month's grid (decision 086): the week view reads the grid of
 * the month its Monday falls in, the month view its own, so the two share their reads.
 */
export const calendarQuery = (partnerId: string, month: string) =>
  queryOptions({
    queryKey: queryKeys.calendar(partnerId, month),
    queryFn: (): Promise<CalendarView> =>
      unwrap(api.api.calendar.$get({ query: { partnerId, ...monthGrid(month) } })),
  });

export const useCalendar = (partnerId: string, month: string) => useQuery(calendarQuery(partnerId, month));
