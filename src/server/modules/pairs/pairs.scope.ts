import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SessionRole } from '@/shared/domain/roles';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { pairs } from '../../db/schema';
import { notFound } from '../../http/errors';

/** The two members of a pair. */
export interface PairRow {
  id: string;
  dominantId: string;
  submissiveId: string;
}

export const pairColumns = { id: pairs.id, dominantId: pairs.dominantId, submissiveId: pairs.submissiveId };

/** The ids of the active pairs a user belongs to, as a subquery for `pair_id in (...)`. */
export const activePairIdsOf = (userId: string | Placeholder) =>
  sql`(select ${pairs.id} from ${pairs} where ${pairs.status} = 'active' and (${pairs.dominantId} = ${userId} or ${pairs.submissiveId} = ${userId}))`;

/**
 * The active pair of `me` and `partner` (the oldest, should two Switches have formed one each way), as a
 * subquery for `pair_id = (...)`. A former partner has none: nothing of the pair is found through it.
 */
export const activePairIdBetween = (me: string | Placeholder, partner: string | Placeholder): SQL =>
  sql`(select ${pairs.id} from ${pairs} where ${pairs.status} = 'active' and ((${pairs.dominantId} = ${me} and ${pairs.submissiveId} = ${partner}) or (${pairs.dominantId} = ${partner} and ${pairs.submissiveId} = ${me})) order by ${pairs.createdAt} limit 1)`;

/**
 * The one scope of pair data for reads: rows whose pair column names an active pair of the actor.
 * Everything else (a stranger's row, a former partner's) is simply not there.
 */
export const inActorPairs = (column: PgColumn, actor: { id: string | Placeholder }): SQL =>
  sql`${column} in ${activePairIdsOf(actor.id)}`;

/**
 * The lists' scope: rows of the actor's active pairs in which the actor holds `role`, the role the session
 * acts in. A Switch acting as submissive sees what was assigned to them, never what they assigned as
 * dominant to another partner; for everyone else the role is their place in every pair.
 */
export const inActorPairsAs = (
  column: PgColumn,
  actor: { id: string | Placeholder },
  role: SessionRole,
): SQL => {
  const member = role === 'dominant' ? pairs.dominantId : pairs.submissiveId;
  return sql`${column} in (select ${pairs.id} from ${pairs} where ${pairs.status} = 'active' and ${member} = ${actor.id})`;
};

/**
 * The lists' scope, bounded (decision 047): the ids of the newest `limit` rows of each active pair in which
 * the actor holds `role`, as `id = any(array(…))`: the ids are gathered once, then the rows found by their
 * primary key (an `in (…)` let the planner hash-join them against the whole table). Each pair's rows are read from the list's index in its order
 * (`pair_id, <order> desc, id desc`) and the read stops at `limit`: however long a couple's history, the
 * list's statement reads and sorts at most `limit` rows a pair, never every row of the actor. The newest
 * `limit` rows of all the pairs are among these, so the list (ordered and limited the same way) is
 * unchanged. `after`, a keyset condition on the same table, applies within each pair's read.
 */
export const newestInActorPairsAs = (
  table: PgTable & { id: PgColumn; pairId: PgColumn },
  order: PgColumn,
  actor: { id: string | Placeholder },
  role: SessionRole,
  limit: number,
  after?: SQL,
): SQL => {
  const member = role === 'dominant' ? pairs.dominantId : pairs.submissiveId;
  const within = after ? sql` and ${after}` : sql``;
  return sql`${table.id} = any(array(select "newest"."id" from ${pairs} cross join lateral (select ${table.id} as "id" from ${table} where ${table.pairId} = ${pairs.id}${within} order by ${order} desc, ${table.id} desc limit ${sql.raw(String(Math.trunc(limit)))}) "newest" where ${pairs.status} = 'active' and ${member} = ${actor.id}))`;
};

/** A table whose rows belong to a pair. */
export type PairScopedTable = PgTable & { id: PgColumn; pairId: PgColumn };

/**
 * The one scope of pair data for writes: the row `id` of `table` in one of the actor's active pairs,
 * locked for the rest of the transaction, with its pair. Anyone else is told that the row does not exist.
 */
export async function lockInActorPairs<T extends PairScopedTable>(
  tx: Tx,
  table: T,
  id: string,
  actor: Pick<Actor, 'id'>,
  notFoundMessage = 'Not found',
): Promise<{ row: T['$inferSelect']; pair: PairRow }> {
  const anyTable = table as PgTable;
  const [found] = await tx
    .select({ row: anyTable, pair: pairColumns })
    .from(anyTable)
    .innerJoin(pairs, eq(pairs.id, table.pairId))
    .where(and(eq(table.id, id), inActorPairs(table.pairId, actor)))
    .for('update', { of: anyTable })
    .limit(1);
  if (!found) throw notFound(notFoundMessage);
  return found as unknown as { row: T['$inferSelect']; pair: PairRow };
}
