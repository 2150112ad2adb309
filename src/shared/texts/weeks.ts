// What "How the weeks went" shows, without zod (decision 059): the schema re-exports it. Decision 071.

/** How many weeks the chart holds: this one and the seven before it. */
export const WEEKS_SHOWN = 8;

/** One week of a pair: what was done, counted, never a score of a person. */
export interface WeekFigures {
  /** The Monday the week starts on, `YYYY-MM-DD`, in the time zone of the answer. */
  start: string;
  /** Task completions that week, made by the due date. */
  tasksOnTime: number;
  /** Task completions that week, made after the due date. */
  tasksLate: number;
  /** Points awarded that week (corrections are not counted: they mend the ledger). */
  pointsEarned: number;
  /** The prices of rewards redeemed that week and not denied (a denial refunds them). */
  pointsSpent: number;
  /** Days of the pair's rituals marked done or partly done that week (decision 074), by the day marked for. */
  ritualsDone: number;
}

/** GET /api/weeks?partnerId=: the pair's last weeks, oldest first, counted in the dominant's time zone. */
export interface WeeksView {
  timeZone: string;
  weeks: WeekFigures[];
}

export const WEEKS_TEXT = {
  partnerRequired: 'Please choose the partner',
  noPartner: 'No partner connection found',
  title: 'How the weeks went',
  intro: 'The last 8 weeks with your partner: what was done, and the points earned and spent.',
  empty: 'Nothing done yet in these weeks. Tasks, points and rituals show here as they happen.',
  showTable: 'Show as a table',
  week: 'Week of',
  tasksOnTime: 'Tasks on time',
  tasksLate: 'Tasks late',
  pointsEarned: 'Points earned',
  pointsSpent: 'Points spent',
  ritualsDone: 'Rituals done',
  failed: "Couldn't load the last weeks",
} as const;
