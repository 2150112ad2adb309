// What the calendar shows and answers, without zod (decision 059): the schema re-exports it. Decision 086.

import type { RitualMark } from '../domain/rituals';

/** The most days one read of the calendar may cover: a month's grid of six weeks. */
export const CALENDAR_MAX_DAYS = 42;

/** A task due on a day of the range: still to do, or done. */
export interface CalendarTaskItem {
  kind: 'task';
  id: string;
  /** The day it is due, `YYYY-MM-DD` in the viewer's time zone. */
  date: string;
  /** Its due moment, epoch ms. */
  at: number;
  title: string;
  status: 'pending' | 'done';
  /** It repeats: only its present occurrence is on the calendar. */
  repeats: boolean;
}

/** A day a ritual in use is kept on. */
export interface CalendarRitualItem {
  kind: 'ritual';
  id: string;
  /** A calendar date of the ritual's own days (decision 074): the same date wherever one reads it. */
  date: string;
  /** Its time of day, HH:MM, in the ritual's time zone. */
  time: string;
  title: string;
  /** What the submissive said of that day, if anything yet. */
  mark: RitualMark | null;
}

/** A punishment whose timer runs or ran on a day of the range. */
export interface CalendarPunishmentItem {
  kind: 'punishment';
  id: string;
  /** The day its timer started, in the viewer's time zone (the range's first day if it began before). */
  date: string;
  /** When its timer started and when it runs out, epoch ms. */
  at: number;
  endsAt: number;
  title: string;
  /** `running` until the timer runs out, then `ended`; `done` once the punishment is completed. */
  status: 'running' | 'ended' | 'done';
}

export type CalendarItem = CalendarTaskItem | CalendarRitualItem | CalendarPunishmentItem;

/** GET /api/calendar: the pair's days from `from` to `to`; without a pair, no items and `pairId` null. */
export interface CalendarView {
  pairId: string | null;
  from: string;
  to: string;
  /** The viewer's time zone, in which the tasks' and timers' days are counted. */
  timeZone: string;
  /** Today in that zone. */
  today: string;
  /** Ordered by day, then by time. */
  items: CalendarItem[];
}

export const CALENDAR_TEXT = {
  dateInvalid: 'Give the dates as YYYY-MM-DD',
  rangeBackwards: 'The range must not end before it begins',
  rangeTooLong: `The range may cover at most ${CALENDAR_MAX_DAYS} days`,
  partnerInvalid: 'Please choose the partner',
  title: 'Calendar',
  intro: 'Tasks due, ritual days and punishment timers, day by day.',
  noPartner: 'Once you connect with a partner, your tasks, rituals and timers show here day by day.',
  emptyWeek: 'Nothing planned this week. Enjoy the calm.',
  emptyDay: 'Nothing planned',
  loadFailed: 'The calendar could not be loaded. Try again in a moment.',
  thisWeek: 'This week',
  today: 'Today',
  previousWeek: 'Previous week',
  nextWeek: 'Next week',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  loading: 'Loading the calendar…',
} as const;

/** "+3 more" under a crowded day of the month. */
export const moreItems = (n: number) => `+${n} more`;
