import { and, asc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import { dateIn } from '@/shared/domain/calendar';
import { addDays } from '@/shared/domain/rituals';
import {
  RITUAL_MARK_DAYS_BACK,
  RITUALS_TEXT,
  type RitualListView,
  type RitualView,
} from '@/shared/schemas/rituals';
import type { Actor } from '../../auth/session';
import type { Queryable, Tx } from '../../db/client';
import { pairStops, pairs, ritualMarks, rituals, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { activePairIdBetween, type PairRow, pairColumns } from '../pairs/pairs.scope';
import { type DayMark, presentRitual, type RitualRow, type StopSpan } from './rituals.presenter';

/* The reads of rituals (decision 074): the pair's list, one ritual, and a ritual found for a write. */

export interface FoundRitual extends RitualRow {
  dominantId: string;
  submissiveId: string;
}

const member = (userId: string) => or(eq(pairs.dominantId, userId), eq(pairs.submissiveId, userId));

const DAY_MS = 86_400_000;

/** The marks of these rituals, by ritual and date. */
async function marksOf(q: Queryable, ids: string[]): Promise<Map<string, Map<string, DayMark>>> {
  const byRitual = new Map<string, Map<string, DayMark>>(ids.map((id) => [id, new Map()]));
  if (ids.length === 0) return byRitual;
  const rows = await q
    .select({
      ritualId: ritualMarks.ritualId,
      date: ritualMarks.date,
      mark: ritualMarks.mark,
      note: ritualMarks.note,
    })
    .from(ritualMarks)
    .where(inArray(ritualMarks.ritualId, ids));
  for (const r of rows) byRitual.get(r.ritualId)?.set(r.date, { mark: r.mark, note: r.note });
  return byRitual;
}

/** The pair's stops that may touch a day from `since` on (a day's slack either side for the zones). */
async function stopsOf(q: Queryable, pairId: string, since: string): Promise<StopSpan[]> {
  const from = new Date(Date.parse(`${since}T00:00:00Z`) - 2 * DAY_MS);
  return q
    .select({ calledAt: pairStops.calledAt, liftedAt: pairStops.liftedAt })
    .from(pairStops)
    .where(
      and(
        eq(pairStops.pairId, pairId),
        or(isNull(pairStops.liftedAt), sql`${pairStops.liftedAt} > ${from.toISOString()}::timestamptz`),
      ),
    );
}

/** Rituals as the API answers them, with their marks and the pair's stops, all of one pair. */
async function present(q: Queryable, pairId: string, rows: RitualRow[], now: Date): Promise<RitualView[]> {
  if (rows.length === 0) return [];
  const marks = await marksOf(
    q,
    rows.map((r) => r.id),
  );
  // From the oldest ritual's first day, or the Monday and the markable days before it, whichever is first.
  const reach = addDays(dateIn(now, 'UTC'), -(RITUAL_MARK_DAYS_BACK + 7));
  const earliest = [...rows.map((r) => r.since), reach].sort()[0]!;
  const stops = await stopsOf(q, pairId, earliest);
  return rows.map((r) => presentRitual(r, marks.get(r.id) ?? new Map(), stops, now));
}

/**
 * GET /api/rituals?partnerId=: the pair's rituals in use, ordered by their time of day, and today in the
 * dominant's time zone. A stranger or a former partner finds no pair (404).
 */
export async function listRituals(
  q: Queryable,
  actor: Actor,
  partnerId: string,
  now: Date,
): Promise<RitualListView> {
  const [pair] = await q
    .select({ ...pairColumns, timeZone: users.timeZone })
    .from(pairs)
    .innerJoin(users, eq(users.id, pairs.dominantId))
    .where(eq(pairs.id, activePairIdBetween(actor.id, partnerId)));
  if (!pair) throw notFound('No partner connection found');
  const rows = await q
    .select()
    .from(rituals)
    .where(and(eq(rituals.pairId, pair.id), isNull(rituals.retiredAt)))
    .orderBy(asc(rituals.time), asc(rituals.createdAt), asc(rituals.id));
  return {
    pairId: pair.id,
    dominantId: pair.dominantId,
    submissiveId: pair.submissiveId,
    today: dateIn(now, pair.timeZone),
    timeZone: pair.timeZone,
    rituals: await present(q, pair.id, rows, now),
  };
}

/** One ritual as the API answers it, read inside the write's transaction. */
export async function readRitual(q: Queryable, id: string, now: Date): Promise<RitualView> {
  const [row] = await q.select().from(rituals).where(eq(rituals.id, id));
  if (!row) throw notFound(RITUALS_TEXT.notFound);
  const [view] = await present(q, row.pairId, [row], now);
  return view!;
}

/**
 * A ritual of an active pair the actor belongs to, locked for the write (`update` to change it, `share` to
 * mark a day); 404 for anyone else, and, for its members, once it was retired.
 */
export async function lockRitual(
  tx: Tx,
  actor: Actor,
  id: string,
  strength: 'update' | 'share',
): Promise<FoundRitual> {
  const [row] = await tx
    .select({ ...getTableColumns(rituals), dominantId: pairs.dominantId, submissiveId: pairs.submissiveId })
    .from(rituals)
    .innerJoin(pairs, and(eq(pairs.id, rituals.pairId), eq(pairs.status, 'active'), member(actor.id)))
    .where(eq(rituals.id, id))
    .for(strength, { of: rituals });
  if (!row) throw notFound(RITUALS_TEXT.notFound);
  if (row.retiredAt) throw notFound(RITUALS_TEXT.retired);
  return row;
}

export const pairOf = (r: FoundRitual): PairRow => ({
  id: r.pairId,
  dominantId: r.dominantId,
  submissiveId: r.submissiveId,
});
