import type { Actor } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { listPartners as partnersOf, removeConnection } from '../pairs/pairs.service';

export { removeConnection };

export const listPartners = (deps: AppDeps, actor: Actor) => partnersOf(deps.db, actor.id);

/** Ends a connection: both partner rows go, every pair between the two becomes inactive. */
export async function disconnectPartner(deps: AppDeps, actor: Actor, input: { partnerId: string }) {
  await deps.publisher.transaction(async (tx, emit) => {
    const removed = await removeConnection(tx, emit, actor.id, input.partnerId, deps.clock());
    if (!removed) throw notFound('Partner not found');
  });
}
