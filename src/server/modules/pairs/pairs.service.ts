import { and, asc, eq, inArray, or, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '@/shared/domain/roles';
import type { PartnerView } from '@/shared/schemas/partners';
import type { Actor } from '../../auth/session';
import type { Db, Queryable, Tx } from '../../db/client';
import { bound, prepared, preparedInTransaction } from '../../db/prepared';
import { outbox, pairs, partners, users } from '../../db/schema';
import { notFound as notFoundError } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';
import { appendRecord } from './pairs.record';
import { activePairIdBetween, type PairRow, pairColumns } from './pairs.scope';
import { pairIsStopped } from './pairs.stops';

/**
 * An active pair for this couple: created, or reactivated when they had one before. A pair that begins
 * (or begins again) is recorded in its record, by `actorId`, who formed it; one already active is left as
 * it is.
 */
export async function ensureActivePair(
  tx: Tx,
  dominantId: string,
  submissiveId: string,
  now: Date,
  actorId: string,
) {
  const [began] = await tx
    .insert(pairs)
    .values({ dominantId, submissiveId, status: 'active' })
    .onConflictDoUpdate({
      target: [pairs.dominantId, pairs.submissiveId],
      // A pair that begins again negotiates again (decision 058).
      set: { status: 'active', updatedAt: now, negotiationConfirmedAt: null },
      setWhere: eq(pairs.status, 'inactive'),
    })
    .returning({ id: pairs.id });
  if (began) {
    await appendRecord(tx, { pairId: began.id, actorId, kind: 'pair.connected', at: now });
    return began.id;
  }
  const [active] = await tx
    .select({ id: pairs.id })
    .from(pairs)
    .where(and(eq(pairs.dominantId, dominantId), eq(pairs.submissiveId, submissiveId)));
  return active!.id;
}

/**
 * Every pair between two people, in either direction, becomes inactive, recorded as ended by `a`. The
 * pushes Red was holding for it are dropped: a former partner is told nothing more (decision 049).
 */
export async function endPairsBetween(tx: Tx, a: string, b: string, now: Date) {
  const ended = await tx
    .update(pairs)
    .set({ status: 'inactive', updatedAt: now })
    .where(
      and(
        eq(pairs.status, 'active'),
        or(
          and(eq(pairs.dominantId, a), eq(pairs.submissiveId, b)),
          and(eq(pairs.dominantId, b), eq(pairs.submissiveId, a)),
        ),
      ),
    )
    .returning({ id: pairs.id });
  if (ended.length === 0) return;
  for (const { id } of ended) {
    await appendRecord(tx, { pairId: id, actorId: a, kind: 'pair.disconnected', at: now });
  }
  await tx.delete(outbox).where(
    and(
      inArray(
        outbox.pairId,
        ended.map((pair) => pair.id),
      ),
      pairIsStopped(outbox.pairId),
    ),
  );
}

/**
 * Removes the connection between two people, if any: both partner rows go, every pair between them
 * becomes inactive, and both hear that their pair ended (a disconnect, a block, an account deletion).
 */
export async function removeConnection(tx: Tx, emit: Emit, actorId: string, otherId: string, now: Date) {
  const deleted = await tx
    .delete(partners)
    .where(
      or(
        and(eq(partners.userId, actorId), eq(partners.partnerId, otherId)),
        and(eq(partners.userId, otherId), eq(partners.partnerId, actorId)),
      ),
    )
    .returning({ id: partners.id });
  if (deleted.length === 0) return false;
  await endPairsBetween(tx, actorId, otherId, now);
  emit([otherId], 'pair.ended', { partnerId: actorId, endedBy: actorId });
  emit([actorId], 'pair.ended', { partnerId: otherId, endedBy: actorId });
  return true;
}

const partnerQuery = (q: Queryable, userId: string | Placeholder) =>
  q
    .select({ id: users.id, displayName: users.displayName, role: users.role, photoUrl: users.photoUrl })
    .from(partners)
    .innerJoin(users, eq(users.id, partners.partnerId))
    .where(eq(partners.userId, userId))
    .orderBy(asc(partners.createdAt));

const partnerList = prepared((db) => partnerQuery(db, bound('userId')).prepare('partners_list'));

const presentPartner = (u: { id: string; displayName: string; role: Role; photoUrl: string | null }) => ({
  id: u.id,
  name: u.displayName,
  role: u.role,
  photoURL: u.photoUrl,
});

/** The people a user is connected with, oldest connection first. */
export async function listPartners(db: Db, userId: string): Promise<PartnerView[]> {
  return (await partnerList(db).execute({ userId })).map(presentPartner);
}

/** The same, inside a transaction that may just have changed them. */
export async function listPartnersIn(tx: Tx, userId: string): Promise<PartnerView[]> {
  return (await partnerQuery(tx, userId)).map(presentPartner);
}

/** Connected: partner rows are always written and removed both ways together, so one direction tells. */
export async function areConnected(q: Queryable, a: string, b: string) {
  const [row] = await q
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.userId, a), eq(partners.partnerId, b)))
    .limit(1);
  return row !== undefined;
}

/**
 * The active pair in which `actor` acts in `role` with `partnerId` on the other side. When the two are
 * connected but have no pair yet (or it ended and they reconnected), it is created: the spec's "a pair is
 * created when a partner link exists and a dominant chooses a submissive". Null when they are not connected
 * or the partner cannot take the other role.
 */
export async function resolvePair(
  tx: Tx,
  actorId: string,
  role: 'dominant' | 'submissive',
  partnerId: string,
  now: Date,
): Promise<PairRow | null> {
  if (!(await canFormPair(tx, actorId, role, partnerId))) return null;
  const [dominantId, submissiveId] = role === 'dominant' ? [actorId, partnerId] : [partnerId, actorId];
  const id = await ensureActivePair(tx, dominantId, submissiveId, now, actorId);
  return { id, dominantId, submissiveId };
}

/** Whether `resolvePair` would form (or find) the pair: connected, and the partner can hold the other role. Reads only. */
export async function canFormPair(
  q: Queryable,
  actorId: string,
  role: 'dominant' | 'submissive',
  partnerId: string,
) {
  if (actorId === partnerId || !(await areConnected(q, actorId, partnerId))) return false;
  const [partner] = await q.select({ role: users.role }).from(users).where(eq(users.id, partnerId)).limit(1);
  const otherRole = role === 'dominant' ? 'submissive' : 'dominant';
  return !!partner && (partner.role === otherRole || partner.role === 'switch');
}

/**
 * The active pair `resolvePair` would answer, read only: its id when it exists and is active, 'formable'
 * when the two may form it (connected, roles that fit), null for anyone else. Nothing is written, so a
 * request refused later (a bad upload) leaves the pair as it was.
 */
export async function findPairInRole(
  q: Queryable,
  actorId: string,
  role: 'dominant' | 'submissive',
  partnerId: string,
): Promise<PairRow | 'formable' | null> {
  if (!(await canFormPair(q, actorId, role, partnerId))) return null;
  const [dominantId, submissiveId] = role === 'dominant' ? [actorId, partnerId] : [partnerId, actorId];
  const [found] = await q
    .select({ id: pairs.id })
    .from(pairs)
    .where(
      and(eq(pairs.dominantId, dominantId), eq(pairs.submissiveId, submissiveId), eq(pairs.status, 'active')),
    )
    .limit(1);
  return found ? { id: found.id, dominantId, submissiveId } : 'formable';
}

const pairBetweenQuery = (tx: Tx) =>
  tx
    .select(pairColumns)
    .from(pairs)
    .where(eq(pairs.id, activePairIdBetween(bound('userId'), bound('partnerId'))))
    .limit(1);
const pairBetween = preparedInTransaction((tx) => pairBetweenQuery(tx).prepare('pair_between'));
const heldPairBetween = preparedInTransaction((tx) =>
  pairBetweenQuery(tx).for('share').prepare('pair_between_held'),
);

/**
 * The pair in which the actor works with `partnerId`: their active pair, or, for two connected people who
 * have none yet (or whose pair ended before they reconnected), the one `resolvePair` forms in the session's
 * acting role. Null for anyone else. With `lock` 'share', the pair found cannot end until the transaction
 * commits.
 */
export async function pairWithPartner(
  tx: Tx,
  actor: Pick<Actor, 'id' | 'actingRole'>,
  partnerId: string,
  now: Date,
  lock?: 'share',
): Promise<PairRow | null> {
  const ids = { userId: actor.id, partnerId };
  const [found] = await (lock ? heldPairBetween(tx, ids) : pairBetween(tx, ids));
  if (found) return found;
  return actor.actingRole ? resolvePair(tx, actor.id, actor.actingRole, partnerId, now) : null;
}

const dominant = alias(users, 'dominant');
const submissive = alias(users, 'submissive');

const pairList = prepared((db) =>
  db
    .select({
      id: pairs.id,
      dominantId: pairs.dominantId,
      dominantName: dominant.displayName,
      submissiveId: pairs.submissiveId,
      submissiveName: submissive.displayName,
    })
    .from(pairs)
    .innerJoin(dominant, eq(dominant.id, pairs.dominantId))
    .innerJoin(submissive, eq(submissive.id, pairs.submissiveId))
    .where(
      and(
        eq(pairs.status, 'active'),
        or(eq(pairs.dominantId, bound('userId')), eq(pairs.submissiveId, bound('userId'))),
      ),
    )
    .orderBy(asc(pairs.createdAt))
    .prepare('pairs_list'),
);

/** The user's active pairs with both names. */
export const listActivePairs = (db: Db, userId: string) => pairList(db).execute({ userId });

/** An active pair of the actor's, with the other member. */
export interface PairOfActor extends PairRow {
  partnerId: string;
}

/**
 * The actor's active pairs, in either role, or only the one with `partnerId` (404 with `notFound` when
 * there is none): locked (in id order) against their ending and against another call or lift of Red or
 * Yellow on them, so that whether a pair is still stopped, and since when, is decided one at a time. It
 * asks for no session role: stopping and asking for a check-in always work (decision 049).
 */
export async function lockActivePairsOf(
  tx: Tx,
  actorId: string,
  partnerId: string | undefined,
  notFound: string,
): Promise<PairOfActor[]> {
  const mine = or(eq(pairs.dominantId, actorId), eq(pairs.submissiveId, actorId));
  const withPartner = partnerId
    ? or(
        and(eq(pairs.dominantId, actorId), eq(pairs.submissiveId, partnerId)),
        and(eq(pairs.submissiveId, actorId), eq(pairs.dominantId, partnerId)),
      )
    : mine;
  const rows = await tx
    .select(pairColumns)
    .from(pairs)
    .where(and(eq(pairs.status, 'active'), withPartner))
    .orderBy(pairs.id)
    .for('no key update');
  if (partnerId && rows.length === 0) throw notFoundError(notFound);
  return rows.map((r) => ({ ...r, partnerId: r.dominantId === actorId ? r.submissiveId : r.dominantId }));
}
