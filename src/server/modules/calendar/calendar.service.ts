import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { dateIn, startOfDateIn, timeIn } from '@/shared/domain/calendar';
import { addDays, scheduledDates } from '@/shared/domain/rituals';
import type { CalendarItem, CalendarView } from '@/shared/schemas/calendar';
import type { Actor } from '../../auth/session';
import type { Queryable } from '../../db/client';
import { pairs, punishments, ritualMarks, rituals, tasks, users } from '../../db/schema';
import { activePairIdBetween, type PairRow, pairColumns } from '../pairs/pairs.scope';

/*
 * The calendar (decision 086): what falls on each day of a range for one pair, read from the tables the
 * tasks, punishments and rituals modules keep. Both partners read the same calendar; anyone else finds no
 * pair and an empty calendar. Nothing here writes.
 */

/** The pair the calendar is of: with `partnerId`, theirs; else the user's oldest active pair. */
async function pairOf(q: Queryable, actor: Actor, partnerId: string | undefined): Promise<PairRow | null> {
  const where = partnerId
    ? eq(pairs.id, activePairIdBetween(actor.id, partnerId))
    : and(eq(pairs.status, 'active'), or(eq(pairs.dominantId, actor.id), eq(pairs.submissiveId, actor.id)));
  const [pair] = await q.select(pairColumns).from(pairs).where(where).orderBy(asc(pairs.createdAt)).limit(1);
  return pair ?? null;
}

/** One-off and repeating tasks due in [start, end): a repeat shows its present occurrence, never done. */
async function taskItems(q: Queryable, pairId: string, start: number, end: number, timeZone: string) {
  const rows = await q
    .select({
      id: tasks.id,
      title: tasks.title,
      dueDate: tasks.dueDate,
      completed: tasks.completed,
      repeats: sql<boolean>`${tasks.repeatConfig} is not null`,
    })
    .from(tasks)
    .where(
      and(
        eq(tasks.pairId, pairId),
        eq(tasks.taskType, 'assigned'),
        gte(tasks.dueDate, new Date(start)),
        lt(tasks.dueDate, new Date(end)),
      ),
    );
  return rows.map((r): CalendarItem => {
    const at = r.dueDate.getTime();
    // A done repeat has rolled on to its next occurrence, which is still to do.
    const done = r.completed && !r.repeats;
    return {
      kind: 'task',
      id: r.id,
      date: dateIn(at, timeZone),
      at,
      title: r.title,
      status: done ? 'done' : 'pending',
      repeats: r.repeats,
    };
  });
}

/** Punishments whose timer ran at some moment of [start, end); a paused timer has no moment to show. */
async function punishmentItems(
  q: Queryable,
  pairId: string,
  range: { from: string; start: number; end: number },
  timeZone: string,
  now: number,
) {
  const endsAt = sql`${punishments.timerStartTime} + ${punishments.timerDuration} * interval '1 minute'`;
  const rows = await q
    .select({
      id: punishments.id,
      title: punishments.title,
      startedAt: punishments.timerStartTime,
      minutes: punishments.timerDuration,
      completed: punishments.completed,
    })
    .from(punishments)
    .where(
      and(
        eq(punishments.pairId, pairId),
        eq(punishments.timerEnabled, true),
        lt(punishments.timerStartTime, new Date(range.end)),
        sql`${endsAt} > ${new Date(range.start).toISOString()}::timestamptz`,
      ),
    );
  return rows.map((r): CalendarItem => {
    const at = r.startedAt!.getTime();
    const endsAt = at + r.minutes * 60_000;
    const day = dateIn(at, timeZone);
    return {
      kind: 'punishment',
      id: r.id,
      date: day < range.from ? range.from : day,
      at,
      endsAt,
      title: r.title,
      status: r.completed ? 'done' : now < endsAt ? 'running' : 'ended',
    };
  });
}

/** Each day of the range a ritual in use is kept on, from the day it began, with its mark. */
async function ritualItems(q: Queryable, pairId: string, from: string, to: string) {
  const rows = await q
    .select({
      id: rituals.id,
      name: rituals.name,
      days: rituals.days,
      time: rituals.time,
      since: rituals.since,
    })
    .from(rituals)
    .where(and(eq(rituals.pairId, pairId), isNull(rituals.retiredAt)));
  if (rows.length === 0) return [];
  const marks = await q
    .select({ ritualId: ritualMarks.ritualId, date: ritualMarks.date, mark: ritualMarks.mark })
    .from(ritualMarks)
    .where(
      and(
        inArray(
          ritualMarks.ritualId,
          rows.map((r) => r.id),
        ),
        gte(ritualMarks.date, from),
        sql`${ritualMarks.date} <= ${to}`,
      ),
    );
  const markOf = new Map(marks.map((m) => [`${m.ritualId} ${m.date}`, m.mark]));
  return rows.flatMap((r) =>
    scheduledDates(r.days, r.since > from ? r.since : from, to).map(
      (date): CalendarItem => ({
        kind: 'ritual',
        id: r.id,
        date,
        time: r.time,
        title: r.name,
        mark: markOf.get(`${r.id} ${date}`) ?? null,
      }),
    ),
  );
}

/** The order of a day's items: by their time of day in the viewer's zone (a ritual: its own time). */
const timeOf = (item: CalendarItem, timeZone: string) =>
  item.kind === 'ritual' ? item.time : timeIn(item.at, timeZone);

/**
 * GET /api/calendar: the pair's tasks due, ritual days and punishment timers from `from` to `to` (both
 * included, already checked to be at most 42 days), the moments counted in the viewer's time zone.
 */
export async function readCalendar(
  q: Queryable,
  actor: Actor,
  query: { from: string; to: string; partnerId?: string | undefined },
  now: Date,
): Promise<CalendarView> {
  const [viewer] = await q.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, actor.id));
  const timeZone = viewer?.timeZone ?? 'UTC';
  const { from, to } = query;
  const view = { from, to, timeZone, today: dateIn(now.getTime(), timeZone) };
  const pair = await pairOf(q, actor, query.partnerId);
  if (!pair) return { pairId: null, ...view, items: [] };
  const range = { from, start: startOfDateIn(from, timeZone), end: startOfDateIn(addDays(to, 1), timeZone) };
  const [taskList, punishmentList, ritualList] = await Promise.all([
    taskItems(q, pair.id, range.start, range.end, timeZone),
    punishmentItems(q, pair.id, range, timeZone, now.getTime()),
    ritualItems(q, pair.id, from, to),
  ]);
  const items = [...taskList, ...punishmentList, ...ritualList]
    .map((item) => ({ item, key: `${item.date} ${timeOf(item, timeZone)}` }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ item }) => item);
  return { pairId: pair.id, ...view, items };
}
