import { Hono } from 'hono';
import { type CalendarView, calendarQuery } from '@/shared/schemas/calendar';
import { type AppEnv, requireSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { validate } from '../../http/validate';
import { readCalendar } from './calendar.service';

/**
 * /api/calendar (decision 086): a read of what falls on each day of a range, for one pair of the user.
 * Both partners read the same; without a pair (or for a former partner) the calendar is empty.
 */
export const calendarRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', calendarQuery), async (c) =>
      c.json<CalendarView>(await readCalendar(deps.db, c.var.actor, c.req.valid('query'), deps.clock()), 200),
    );
