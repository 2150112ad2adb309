import { and, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bound, preparedInTransaction } from '../../db/prepared';
import { pairs, partners, users } from '../../db/schema';
import { type DemandContext, demandFacts } from './pairs.demands';
import { type PairRow, pairColumns } from './pairs.scope';
import { resolvePair } from './pairs.service';

/** A pair found for a create, with what the created row shows and stores. */
export interface PairForCreate extends PairRow, DemandContext {
  /** The partner's display name (the row's assignee). */
  partnerName: string;
  /** The actor's time zone, which a task's repeats follow. */
  actorTimeZone: string;
}

const userField = (
  column: typeof users.role | typeof users.displayName | typeof users.timeZone,
  id: string | Placeholder,
) => sql`(select ${column} from ${users} where ${users.id} = ${id})`;

const createFacts = (actorId: string | Placeholder, partnerId: string | Placeholder) => ({
  partnerName: sql<string | null>`${userField(users.displayName, partnerId)}`,
  actorTimeZone: sql<string | null>`${userField(users.timeZone, actorId)}`,
});

const activePairForCreate = preparedInTransaction((tx) =>
  tx
    .select({
      ...pairColumns,
      ...createFacts(bound('actorId'), bound('partnerId')),
      partnerRole: sql<string | null>`${userField(users.role, bound('partnerId'))}`,
      connected: sql<boolean>`exists (select 1 from ${partners} where ${partners.userId} = ${bound('actorId')} and ${partners.partnerId} = ${bound('partnerId')})`,
      // What the one guard checks (decisions 049, 057): read in the same statement, checked by the create.
      ...demandFacts(pairs.id),
    })
    .from(pairs)
    .where(
      and(
        eq(pairs.dominantId, bound('dominantId')),
        eq(pairs.submissiveId, bound('submissiveId')),
        eq(pairs.status, 'active'),
      ),
    )
    .for('share')
    .limit(1)
    .prepare('pair_for_create'),
);

/**
 * `resolvePair` for a create, in one prepared statement when the pair exists (every create but a couple's
 * first): their active pair in these roles, held (FOR SHARE) against its ending until the row is written,
 * with the checks of `canFormPair` (still connected, the partner's role fits) and what the row needs (the
 * partner's name, the actor's time zone). A lock in share mode lets a couple's creates run side by side;
 * only a couple without an active pair goes through `resolvePair`, which creates or reactivates it. Null
 * for anyone the actor cannot work with in `role`.
 */
export async function pairForCreate(
  tx: Tx,
  actorId: string,
  role: 'dominant' | 'submissive',
  partnerId: string,
  now: Date,
): Promise<PairForCreate | null> {
  if (actorId === partnerId) return null;
  const [dominantId, submissiveId] = role === 'dominant' ? [actorId, partnerId] : [partnerId, actorId];
  const [found] = await activePairForCreate(tx, { actorId, partnerId, dominantId, submissiveId });
  if (found) {
    const otherRole = role === 'dominant' ? 'submissive' : 'dominant';
    if (!found.connected || (found.partnerRole !== otherRole && found.partnerRole !== 'switch')) return null;
    return forCreate(found, found);
  }
  const pair = await resolvePair(tx, actorId, role, partnerId, now);
  if (!pair) return null;
  const [read] = await tx
    .select({ ...createFacts(actorId, partnerId), ...demandFacts(pair.id) })
    .from(users)
    .where(eq(users.id, actorId))
    .limit(1);
  return forCreate(pair, read);
}

const forCreate = (
  pair: PairRow,
  facts: ({ partnerName: string | null; actorTimeZone: string | null } & DemandContext) | undefined,
): PairForCreate => ({
  id: pair.id,
  dominantId: pair.dominantId,
  submissiveId: pair.submissiveId,
  hold: facts?.hold ?? null,
  caps: facts?.caps ?? null,
  zone: facts?.zone ?? null,
  negotiated: facts?.negotiated ?? false,
  partnerName: facts?.partnerName ?? 'Unknown User',
  actorTimeZone: facts?.actorTimeZone ?? 'UTC',
});
