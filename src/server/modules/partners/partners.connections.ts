import { and, eq, or } from 'drizzle-orm';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { partners } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';
import { endPairsBetween, listPartners as partnersOf } from '../pairs/pairs.service';

export const listPartners = (deps: AppDeps, actor: Actor) => partnersOf(deps.db, actor.id);

/** Ends a connection: both partner rows go, every pair between the two becomes inactive. */
export async function disconnectPartner(deps: AppDeps, actor: Actor, input: { partnerId: string }) {
  await deps.publisher.transaction(async (tx, emit) => {
    const removed = await removeConnection(tx, emit, actor.id, input.partnerId, deps.clock());
    if (!removed) throw new AppError(404, 'NOT_FOUND', 'Partner not found');
  });
}

/** Removes the connection between two people, if any; both hear that their pair ended. */
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
