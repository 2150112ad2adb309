import { and, desc, eq } from 'drizzle-orm';
import type { Actor } from '../../auth/session';
import type { Queryable } from '../../db/client';
import { blockedUsers, partnerRequests, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import { removeConnection } from './partners.connections';
import { presentBlocked } from './partners.presenter';
import { hasBlocked, requestsBetween, USER_NOT_FOUND } from './partners.queries';
import { settleRequestNotification } from './partners.requests';

async function blockedBy(q: Queryable, userId: string) {
  const rows = await q
    .select({
      id: blockedUsers.id,
      userId: blockedUsers.blockedUserId,
      displayName: users.displayName,
      role: users.role,
      username: users.username,
      createdAt: blockedUsers.createdAt,
    })
    .from(blockedUsers)
    .innerJoin(users, eq(users.id, blockedUsers.blockedUserId))
    .where(eq(blockedUsers.userId, userId))
    .orderBy(desc(blockedUsers.createdAt));
  return rows.map(presentBlocked);
}

export const listBlocked = (deps: AppDeps, actor: Actor) => blockedBy(deps.db, actor.id);

/** Blocking also rejects pending requests between the two and ends a connection between them. */
export async function blockUser(deps: AppDeps, actor: Actor, input: { userId: string }) {
  const { userId } = input;
  if (userId === actor.id) throw badRequest('You cannot block yourself');
  return deps.publisher.transaction(async (tx, emit) => {
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    // Someone who has blocked the actor looks, to the actor, exactly like an unknown id (decision 009).
    if (!target || (await hasBlocked(tx, userId, actor.id))) throw USER_NOT_FOUND();
    const now = deps.clock();
    await tx.insert(blockedUsers).values({ userId: actor.id, blockedUserId: userId }).onConflictDoNothing();
    const pending = await tx
      .update(partnerRequests)
      .set({ status: 'rejected', updatedAt: now })
      .where(and(eq(partnerRequests.status, 'pending'), requestsBetween(actor.id, userId)))
      .returning({ id: partnerRequests.id, receiverId: partnerRequests.receiverId });
    for (const { id, receiverId } of pending) {
      await settleRequestNotification(tx, emit, receiverId, id, now);
      emit([actor.id, userId], 'partner_request.updated', { requestId: id, status: 'rejected' });
    }
    await removeConnection(tx, emit, actor.id, userId, now);
    return (await blockedBy(tx, actor.id)).find((b) => b.userId === userId)!;
  });
}

export async function unblock(deps: AppDeps, actor: Actor, input: { id: string }) {
  const deleted = await deps.db
    .delete(blockedUsers)
    .where(and(eq(blockedUsers.id, input.id), eq(blockedUsers.userId, actor.id)))
    .returning({ id: blockedUsers.id });
  if (deleted.length === 0) throw notFound('Blocked user not found');
}
