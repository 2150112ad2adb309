import { TZDate } from '@date-fns/tz';
import { addWeeks, format, startOfWeek } from 'date-fns';
import { and, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { WEEKS_SHOWN, WEEKS_TEXT, type WeekFigures, type WeeksView } from '@/shared/schemas/weeks';
import type { Actor } from '../../auth/session';
import type { Queryable } from '../../db/client';
import {
  pairs,
  pointsEntries,
  rewardRedemptions,
  ritualMarks,
  rituals,
  taskCompletions,
  users,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { activePairIdBetween } from '../pairs/pairs.scope';

/*
 * How the weeks went (issue 24, part 6; decision 071): for both partners of a pair, the last eight weeks
 * counted from Monday in the dominant's time zone (the one the pair's tasks are set in), so both read the
 * same figures. Counts of what was done, never a score of a person.
 */

/** The starts of the last `WEEKS_SHOWN` weeks, oldest first, and the end of this one. */
export function weekBounds(now: Date, timeZone: string): { starts: TZDate[]; end: TZDate } {
  const thisWeek = startOfWeek(new TZDate(now.getTime(), timeZone), { weekStartsOn: 1 });
  const starts = Array.from({ length: WEEKS_SHOWN }, (_, i) => addWeeks(thisWeek, i - WEEKS_SHOWN + 1));
  return { starts, end: addWeeks(thisWeek, 1) };
}

/** The week (1 to 8) a moment falls in: `width_bucket` over the weeks' starts, which DST may make uneven. */
const weekOf = (column: PgColumn, starts: Date[]) =>
  sql<number>`width_bucket(${column}, array[${sql.join(
    starts.map((s) => sql`${s.toISOString()}::timestamptz`),
    sql`, `,
  )}])`;

/** Counts per week: `[week, ...figures]` rows of one table between the first start and the end. */
async function perWeek<F extends Record<string, SQL>>(
  q: Queryable,
  table: typeof taskCompletions | typeof pointsEntries | typeof rewardRedemptions,
  at: PgColumn,
  where: SQL | undefined,
  figures: F,
  range: { starts: Date[]; end: Date },
) {
  const week = weekOf(at, range.starts);
  const rows = await q
    .select({ week, ...figures })
    .from(table)
    .where(and(where, gte(at, range.starts[0]!), lt(at, range.end)))
    // By position: the week's expression carries parameters, which would not match a second copy.
    .groupBy(sql`1`);
  return rows as unknown as ({ week: number } & Record<keyof F, string | number | null>)[];
}

/**
 * Ritual days marked done or partly done, per week (decision 074). A mark is for a calendar date (in its
 * ritual's zone), so it is counted by that date among the weeks' Mondays, not by the moment it was made:
 * a day marked late still counts in its own week. Retired rituals' days count: they were kept.
 */
async function ritualDaysKept(q: Queryable, pairId: string, starts: TZDate[], end: TZDate) {
  const first = format(starts[0]!, 'yyyy-MM-dd');
  const rows = await q
    .select({
      week: sql<number>`(${ritualMarks.date} - ${first}::date) / 7 + 1`,
      days: sql<string>`count(*)`,
    })
    .from(ritualMarks)
    .innerJoin(rituals, eq(rituals.id, ritualMarks.ritualId))
    .where(
      and(
        eq(rituals.pairId, pairId),
        inArray(ritualMarks.mark, ['done', 'partly']),
        gte(ritualMarks.date, first),
        lt(ritualMarks.date, format(end, 'yyyy-MM-dd')),
      ),
    )
    .groupBy(sql`1`);
  return rows;
}

export async function weeksOf(q: Queryable, actor: Actor, partnerId: string, now: Date): Promise<WeeksView> {
  const [pair] = await q
    .select({ id: pairs.id, timeZone: users.timeZone })
    .from(pairs)
    .innerJoin(users, eq(users.id, pairs.dominantId))
    .where(eq(pairs.id, activePairIdBetween(actor.id, partnerId)));
  if (!pair) throw notFound(WEEKS_TEXT.noPartner);
  const { starts, end } = weekBounds(now, pair.timeZone);
  const range = { starts, end };
  // One statement at a time: `q` may be a transaction's client.
  const tasks = await perWeek(
    q,
    taskCompletions,
    taskCompletions.completedAt,
    eq(taskCompletions.pairId, pair.id),
    {
      onTime: sql<string>`count(*) filter (where ${taskCompletions.onTime})`,
      late: sql<string>`count(*) filter (where not ${taskCompletions.onTime})`,
    },
    range,
  );
  const earned = await perWeek(
    q,
    pointsEntries,
    pointsEntries.createdAt,
    and(eq(pointsEntries.pairId, pair.id), eq(pointsEntries.kind, 'award')),
    { points: sql<string | null>`sum(${pointsEntries.amount})` },
    range,
  );
  const spent = await perWeek(
    q,
    rewardRedemptions,
    rewardRedemptions.requestedAt,
    and(eq(rewardRedemptions.pairId, pair.id), ne(rewardRedemptions.state, 'denied')),
    { points: sql<string | null>`sum(${rewardRedemptions.price})` },
    range,
  );
  const kept = await ritualDaysKept(q, pair.id, starts, end);
  const weeks: WeekFigures[] = starts.map((start, i) => {
    const n = i + 1;
    const t = tasks.find((r) => Number(r.week) === n);
    return {
      start: format(start, 'yyyy-MM-dd'),
      tasksOnTime: Number(t?.onTime ?? 0),
      tasksLate: Number(t?.late ?? 0),
      pointsEarned: Number(earned.find((r) => Number(r.week) === n)?.points ?? 0),
      pointsSpent: Number(spent.find((r) => Number(r.week) === n)?.points ?? 0),
      ritualsDone: Number(kept.find((r) => Number(r.week) === n)?.days ?? 0),
    };
  });
  return { timeZone: pair.timeZone, weeks };
}
