import { and, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { CheckinHistoryView } from '@/shared/schemas/checkins';
import type { Queryable } from '../../db/client';
import { pairCheckins, pairs } from '../../db/schema';

/** Answered check-ins a page holds. */
export const CHECKIN_PAGE = 20;

/**
 * The answered check-ins of the user's active pairs, newest answer first, a page at a time
 * (`before`: `<answered_at ms>_<id>` of the last one shown). Both partners read both moods and notes;
 * a scheduled check-in nobody answered is not kept, so it never shows (decision 052).
 */
export async function listCheckinHistory(
  db: Queryable,
  userId: string,
  before: string | undefined,
): Promise<CheckinHistoryView> {
  const mine = await db
    .select({ id: pairs.id, dominantId: pairs.dominantId, submissiveId: pairs.submissiveId })
    .from(pairs)
    .where(and(eq(pairs.status, 'active'), or(eq(pairs.dominantId, userId), eq(pairs.submissiveId, userId))));
  if (mine.length === 0) return { entries: [], nextCursor: null };
  const partnerOf = new Map(mine.map((p) => [p.id, p.dominantId === userId ? p.submissiveId : p.dominantId]));
  const cursor = before ? parseCursor(before) : null;
  const rows = await db
    .select({
      id: pairCheckins.id,
      pairId: pairCheckins.pairId,
      kind: pairCheckins.kind,
      askedBy: pairCheckins.askedBy,
      askedOf: pairCheckins.askedOf,
      askedAt: pairCheckins.askedAt,
      answeredAt: pairCheckins.answeredAt,
      mood: pairCheckins.mood,
      note: pairCheckins.note,
    })
    .from(pairCheckins)
    .where(
      and(
        inArray(
          pairCheckins.pairId,
          mine.map((p) => p.id),
        ),
        isNotNull(pairCheckins.answeredAt),
        cursor
          ? or(
              lt(pairCheckins.answeredAt, cursor.at),
              and(eq(pairCheckins.answeredAt, cursor.at), lt(pairCheckins.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(pairCheckins.answeredAt), sql`${pairCheckins.id} desc`)
    .limit(CHECKIN_PAGE + 1);
  const page = rows.slice(0, CHECKIN_PAGE);
  const last = page.at(-1);
  return {
    entries: page.map((r) => ({
      id: r.id,
      pairId: r.pairId,
      partnerId: partnerOf.get(r.pairId) ?? '',
      kind: r.kind,
      askedByMe: r.askedBy === userId,
      answeredByMe: r.askedOf === userId,
      askedAt: r.askedAt.getTime(),
      answeredAt: r.answeredAt!.getTime(),
      mood: r.mood,
      note: r.note,
    })),
    nextCursor: rows.length > CHECKIN_PAGE && last ? `${last.answeredAt!.getTime()}_${last.id}` : null,
  };
}

function parseCursor(cursor: string) {
  const at = cursor.slice(0, cursor.indexOf('_'));
  return { at: new Date(Number(at)), id: cursor.slice(cursor.indexOf('_') + 1).toLowerCase() };
}
