import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per run of a periodic job and its time slot (an hourly sweep's hour): the instance whose insert
 * makes the row runs the job, any other finds it there and skips it, so that several instances on one
 * database run each sweep once per slot (decision 037). Swept after a day.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').notNull(),
    slot: timestamp('slot', { withTimezone: true, precision: 3 }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'job_runs_pk', columns: [t.name, t.slot] })],
);
