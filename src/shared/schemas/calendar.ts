import { z } from 'zod';
import { daysBetween, isCalendarDate } from '../domain/calendar';
import { CALENDAR_MAX_DAYS, CALENDAR_TEXT } from '../texts/calendar';
import { uuidField } from './common';

export * from '../texts/calendar';

const calendarDate = z
  .string({ error: CALENDAR_TEXT.dateInvalid })
  .max(10, CALENDAR_TEXT.dateInvalid)
  .refine(isCalendarDate, CALENDAR_TEXT.dateInvalid);

/**
 * GET /api/calendar?from=&to=[&partnerId=]: the days from `from` to `to`, both included, at most
 * CALENDAR_MAX_DAYS of them (decision 086). Without `partnerId`, the user's oldest active pair.
 */
export const calendarQuery = z
  .object({
    from: calendarDate,
    to: calendarDate,
    partnerId: uuidField(CALENDAR_TEXT.partnerInvalid).optional(),
  })
  .superRefine(({ from, to }, ctx) => {
    const days = daysBetween(from, to) + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: CALENDAR_TEXT.rangeBackwards });
    else if (days > CALENDAR_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: CALENDAR_TEXT.rangeTooLong });
  });
export type CalendarQuery = z.input<typeof calendarQuery>;
