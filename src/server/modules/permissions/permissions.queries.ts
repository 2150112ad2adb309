import { and, desc, eq, sql } from 'drizzle-orm';
import type { Area } from '@/shared/domain/caps';
import {
  PERMISSION_PAGE,
  PERMISSIONS_TEXT,
  type PermissionListView,
  type PermissionRequestView,
} from '@/shared/schemas/permissions';
import type { Actor } from '../../auth/session';
import type { Queryable } from '../../db/client';
import { pairs, permissionRequests } from '../../db/schema';
import { notFound } from '../../http/errors';
import { limitTagTitles, presentLimitTags } from '../pairs/pairs.limits';
import { activePairIdBetween, type PairRow, pairColumns } from '../pairs/pairs.scope';

/* The reads of permission requests (decision 069). */

type Row = typeof permissionRequests.$inferSelect;

export const presentRequest = (
  r: Row,
  pair: Pick<PairRow, 'dominantId' | 'submissiveId'>,
  titles: ReadonlyMap<string, string>,
): PermissionRequestView => ({
  id: r.id,
  pairId: r.pairId,
  dominantId: pair.dominantId,
  submissiveId: pair.submissiveId,
  what: r.what,
  when: r.whenAt?.getTime() ?? null,
  note: r.note,
  areas: r.areas as Area[],
  limitTags: presentLimitTags(r.limitTags, titles),
  status: r.status,
  decisionNote: r.decisionNote,
  createdAt: r.createdAt.getTime(),
  decidedAt: r.decidedAt?.getTime() ?? null,
});

/** One request as the API answers it, read by its id (the caller found its pair). */
export async function readRequest(q: Queryable, id: string, pair: PairRow): Promise<PermissionRequestView> {
  const [row] = await q.select().from(permissionRequests).where(eq(permissionRequests.id, id));
  if (!row) throw notFound(PERMISSIONS_TEXT.notFound);
  return presentRequest(row, pair, await limitTagTitles(q, [row.limitTags]));
}

/** The pair a request belongs to, while it is active and the actor one of its members; 404 otherwise. */
export async function pairOfRequest(q: Queryable, actor: Actor, id: string): Promise<PairRow> {
  const [found] = await q
    .select(pairColumns)
    .from(permissionRequests)
    .innerJoin(pairs, and(eq(pairs.id, permissionRequests.pairId), eq(pairs.status, 'active')))
    .where(
      and(
        eq(permissionRequests.id, id),
        sql`(${pairs.dominantId} = ${actor.id} or ${pairs.submissiveId} = ${actor.id})`,
      ),
    );
  if (!found) throw notFound(PERMISSIONS_TEXT.notFound);
  return found;
}

/** The active pair of the actor and this partner (either role); 404 for anyone else. */
export async function pairBetween(q: Queryable, actor: Actor, partnerId: string): Promise<PairRow> {
  const [pair] = await q
    .select(pairColumns)
    .from(pairs)
    .where(eq(pairs.id, activePairIdBetween(actor.id, partnerId)));
  if (!pair) throw notFound('No partner connection found');
  return pair;
}

/** GET /api/permission-requests?partnerId=&before=: a page of the pair's requests, newest first. */
export async function listRequests(
  db: Queryable,
  actor: Actor,
  query: { partnerId: string; before?: string | undefined },
): Promise<PermissionListView> {
  const pair = await pairBetween(db, actor, query.partnerId);
  const before = query.before
    ? sql`(${permissionRequests.createdAt}, ${permissionRequests.id}) < (select r.created_at, r.id from ${permissionRequests} r where r.id = ${query.before} and r.pair_id = ${pair.id})`
    : undefined;
  const rows = await db
    .select()
    .from(permissionRequests)
    .where(and(eq(permissionRequests.pairId, pair.id), before))
    .orderBy(desc(permissionRequests.createdAt), desc(permissionRequests.id))
    .limit(PERMISSION_PAGE + 1);
  const page = rows.slice(0, PERMISSION_PAGE);
  const titles = await limitTagTitles(
    db,
    page.map((r) => r.limitTags),
  );
  return {
    pairId: pair.id,
    dominantId: pair.dominantId,
    submissiveId: pair.submissiveId,
    requests: page.map((r) => presentRequest(r, pair, titles)),
    nextBefore: rows.length > PERMISSION_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}
