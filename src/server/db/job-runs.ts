import { lt } from 'drizzle-orm';
import type { Db } from './client';
import { jobRuns } from './schema';

/**
 * Claims the run of a periodic job for its slot: true for the one instance whose insert made the row,
 * false for every other (and for a second try by the same one). A claim is not taken back when the job
 * fails: it runs again at the next slot.
 */
export async function claimJobRun(db: Db, name: string, slot: Date): Promise<boolean> {
  const rows = await db
    .insert(jobRuns)
    .values({ name, slot })
    .onConflictDoNothing()
    .returning({ name: jobRuns.name });
  return rows.length > 0;
}

/** The slot of `intervalMs` that `now` falls in: its start. */
export const slotOf = (now: Date, intervalMs: number) =>
  new Date(Math.floor(now.getTime() / intervalMs) * intervalMs);

/**
 * Runs `job` when this instance claims `name`'s slot of `intervalMs` at `now`; answers what it counted, or 0
 * when another instance (or an earlier call) has the slot.
 */
export async function runClaimed(
  db: Db,
  name: string,
  now: Date,
  intervalMs: number,
  job: () => Promise<number>,
): Promise<number> {
  return (await claimJobRun(db, name, slotOf(now, intervalMs))) ? job() : 0;
}

/** Claims older than a day can no longer matter. */
export async function sweepJobRuns(db: Db, now: Date) {
  await db.delete(jobRuns).where(lt(jobRuns.slot, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}
