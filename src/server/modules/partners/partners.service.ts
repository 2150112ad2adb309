import { and, desc, eq, exists, ne, or, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { type Actor, requireActingRole } from '../../auth/session';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { blockedUsers, partnerRequests, partners, users } from '../../db/schema';
import type { Mailer } from '../../email/mailer';
import { connectionRequestMail } from '../../email/templates';
import { AppError } from '../../http/errors';
import type { Logger } from '../../logger';
import type { Emit, Publisher, Tx } from '../../realtime/publisher';
import { createNotification } from '../notifications/notifications.service';
import { areConnected, displayNameOf, endPairsBetween, ensureActivePair, listPartners } from '../pairs/pairs';
import { presentBlocked, presentRequest, presentSearchResult } from './partners.presenter';

export { listPartners };

export interface PartnersDeps {
  db: Db;
  publisher: Publisher;
  mailer: Mailer;
  log: Logger;
  appUrl: string;
  clock: () => Date;
  requireEmailVerification: boolean;
}

type Q = Db | Tx;

const REQUEST_NOT_FOUND = () =>
  new AppError(404, 'NOT_FOUND', 'Connection request not found or has been deleted');
const USER_NOT_FOUND = () => new AppError(404, 'NOT_FOUND', 'User not found');

/** True when either of the two has blocked the other. */
const blockedBetween = (a: string, b: string | AnyPgColumn) =>
  or(
    and(eq(blockedUsers.userId, a), eq(blockedUsers.blockedUserId, b)),
    and(eq(blockedUsers.userId, b), eq(blockedUsers.blockedUserId, a)),
  );

async function isBlockedEitherWay(q: Q, a: string, b: string) {
  const [row] = await q
    .select({ id: blockedUsers.id })
    .from(blockedUsers)
    .where(blockedBetween(a, b))
    .limit(1);
  return row !== undefined;
}

async function pendingBetween(q: Q, a: string, b: string) {
  const [row] = await q
    .select({ id: partnerRequests.id })
    .from(partnerRequests)
    .where(
      and(
        eq(partnerRequests.status, 'pending'),
        or(
          and(eq(partnerRequests.senderId, a), eq(partnerRequests.receiverId, b)),
          and(eq(partnerRequests.senderId, b), eq(partnerRequests.receiverId, a)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Exact address only; never lists; hides the searcher and anyone on either side of a block. */
export async function searchUsers(deps: PartnersDeps, actor: Actor, email: string) {
  const rows = await deps.db
    .select({ id: users.id, displayName: users.displayName, role: users.role, photoUrl: users.photoUrl })
    .from(users)
    .where(
      and(
        eq(users.email, email),
        ne(users.id, actor.id),
        deps.requireEmailVerification ? eq(users.emailVerified, true) : undefined,
        sql`not ${exists(deps.db.select({ one: sql`1` }).from(blockedUsers).where(blockedBetween(actor.id, users.id)))}`,
      ),
    )
    .limit(1);
  return rows.map(presentSearchResult);
}

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');
const requestColumns = {
  id: partnerRequests.id,
  senderId: partnerRequests.senderId,
  senderName: sql<string>`coalesce(${sender.displayName}, ${partnerRequests.displayName})`,
  senderRole: partnerRequests.role,
  receiverId: partnerRequests.receiverId,
  receiverName: receiver.displayName,
  receiverRole: receiver.role,
  status: partnerRequests.status,
  createdAt: partnerRequests.createdAt,
};

const requestQuery = (q: Q) =>
  q
    .select(requestColumns)
    .from(partnerRequests)
    .innerJoin(sender, eq(sender.id, partnerRequests.senderId))
    .innerJoin(receiver, eq(receiver.id, partnerRequests.receiverId));

const involves = (userId: string) =>
  or(eq(partnerRequests.senderId, userId), eq(partnerRequests.receiverId, userId));

/** Requests the user sent or received, newest first. */
export async function listRequests(q: Q, userId: string) {
  const rows = await requestQuery(q)
    .where(involves(userId))
    .orderBy(desc(partnerRequests.createdAt), desc(partnerRequests.id))
    .limit(100);
  return rows.map(presentRequest);
}

/** One request, for its sender or receiver only; anyone else is told it does not exist. */
export async function getRequest(q: Q, userId: string, requestId: string) {
  const [row] = await requestQuery(q)
    .where(and(eq(partnerRequests.id, requestId), involves(userId)))
    .limit(1);
  if (!row) throw REQUEST_NOT_FOUND();
  return presentRequest(row);
}

export async function sendRequest(deps: PartnersDeps, actor: Actor, receiverId: string) {
  const role = requireActingRole(actor);
  if (receiverId === actor.id) throw new AppError(400, 'BAD_REQUEST', 'You cannot connect with yourself');
  let mail: { to: string; receiverName: string; senderName: string; requestId: string } | null = null;
  let request: ReturnType<typeof presentRequest>;
  try {
    request = await deps.publisher.transaction(async (tx, emit) => {
      const [target] = await tx
        .select({
          id: users.id,
          email: users.email,
          displayName: users.displayName,
          verified: users.emailVerified,
        })
        .from(users)
        .where(eq(users.id, receiverId))
        .limit(1);
      if (!target || (deps.requireEmailVerification && !target.verified)) throw USER_NOT_FOUND();
      // A block, either way, looks exactly like an unknown user.
      if (await isBlockedEitherWay(tx, actor.id, receiverId)) throw USER_NOT_FOUND();
      if (await areConnected(tx, actor.id, receiverId)) {
        throw new AppError(409, 'CONFLICT', 'You are already connected with this user');
      }
      if (await pendingBetween(tx, actor.id, receiverId)) throw requestExists();
      const [me] = await tx
        .select({ displayName: users.displayName })
        .from(users)
        .where(eq(users.id, actor.id));
      const [row] = await tx
        .insert(partnerRequests)
        .values({ senderId: actor.id, receiverId, displayName: me!.displayName, role, status: 'pending' })
        .returning({ id: partnerRequests.id });
      await createNotification(tx, emit, {
        userId: receiverId,
        type: 'connection_request',
        title: 'New Connection Request',
        message: `${me!.displayName} wants to connect with you`,
        data: { requestId: row!.id, senderId: actor.id },
      });
      emit([receiverId], 'partner_request.created', { requestId: row!.id });
      mail = {
        to: target.email,
        receiverName: target.displayName,
        senderName: me!.displayName,
        requestId: row!.id,
      };
      return getRequest(tx, actor.id, row!.id);
    });
  } catch (error) {
    // Two requests racing between the same two people: the unique index lets one through.
    if (isUniqueViolation(error)) throw requestExists();
    throw error;
  }
  if (mail) sendConnectionMail(deps, mail, role);
  return request;
}

const requestExists = () =>
  new AppError(409, 'CONFLICT', 'A connection request already exists with this user');

function sendConnectionMail(
  deps: PartnersDeps,
  m: { to: string; receiverName: string; senderName: string; requestId: string },
  senderRole: 'dominant' | 'submissive',
) {
  const link = `${deps.appUrl}/dashboard?request=${encodeURIComponent(m.requestId)}`;
  deps.mailer
    .send(connectionRequestMail(m.to, m.receiverName, m.senderName, senderRole, link))
    .catch((error) => deps.log.error({ err: error }, 'connection e-mail failed'));
}

/** Locks a pending request addressed to the actor, or refuses with the spec's messages. */
async function lockRequestForReceiver(tx: Tx, actor: Actor, requestId: string) {
  const [row] = await tx
    .select()
    .from(partnerRequests)
    .where(and(eq(partnerRequests.id, requestId), involves(actor.id)))
    .for('update')
    .limit(1);
  if (!row) throw REQUEST_NOT_FOUND();
  if (row.receiverId !== actor.id) {
    throw new AppError(403, 'FORBIDDEN', 'Only the person who received this request can answer it');
  }
  if (row.status !== 'pending') {
    throw new AppError(409, 'CONFLICT', `Connection request has already been ${row.status}`);
  }
  return row;
}

async function connect(tx: Tx, a: string, b: string) {
  await tx
    .insert(partners)
    .values([
      { userId: a, partnerId: b },
      { userId: b, partnerId: a },
    ])
    .onConflictDoNothing();
}

export async function acceptRequest(deps: PartnersDeps, actor: Actor, requestId: string) {
  return deps.publisher.transaction(async (tx, emit) => {
    const request = await lockRequestForReceiver(tx, actor, requestId);
    const now = deps.clock();
    await tx
      .update(partnerRequests)
      .set({ status: 'accepted', updatedAt: now })
      .where(eq(partnerRequests.id, requestId));
    await connect(tx, request.senderId, actor.id);
    // The pair follows the roles the two act in: the sender's when sending, the receiver's now.
    const receiverRole = actor.actingRole;
    if (receiverRole && receiverRole !== request.role) {
      const [dominantId, submissiveId] =
        request.role === 'dominant' ? [request.senderId, actor.id] : [actor.id, request.senderId];
      await ensureActivePair(tx, dominantId, submissiveId, now);
    }
    const myName = await displayNameOf(tx, actor.id);
    await createNotification(tx, emit, {
      userId: request.senderId,
      type: 'connection_request',
      title: 'Connection accepted',
      message: `You are now connected with ${myName}`,
      data: { requestId, partnerId: actor.id, status: 'accepted' },
    });
    emit([request.senderId], 'partner.connected', { partnerId: actor.id });
    emit([actor.id], 'partner.connected', { partnerId: request.senderId });
    emit([request.senderId, actor.id], 'partner_request.updated', { requestId, status: 'accepted' });
    const [partner] = (await listPartners(tx, actor.id)).filter((p) => p.id === request.senderId);
    return { partner: partner! };
  });
}

async function rejectLocked(
  tx: Tx,
  emit: Emit,
  actor: Actor,
  request: { id: string; senderId: string },
  now: Date,
) {
  await tx
    .update(partnerRequests)
    .set({ status: 'rejected', updatedAt: now })
    .where(eq(partnerRequests.id, request.id));
  const myName = await displayNameOf(tx, actor.id);
  await createNotification(tx, emit, {
    userId: request.senderId,
    type: 'connection_request',
    title: 'Connection request declined',
    message: `${myName} declined your connection request`,
    data: { requestId: request.id, status: 'rejected' },
  });
  emit([request.senderId, actor.id], 'partner_request.updated', {
    requestId: request.id,
    status: 'rejected',
  });
}

export async function rejectRequest(
  deps: PartnersDeps,
  actor: Actor,
  requestId: string,
  opts: { block: boolean },
) {
  await deps.publisher.transaction(async (tx, emit) => {
    const request = await lockRequestForReceiver(tx, actor, requestId);
    const now = deps.clock();
    await rejectLocked(tx, emit, actor, request, now);
    if (opts.block) {
      await tx
        .insert(blockedUsers)
        .values({ userId: actor.id, blockedUserId: request.senderId })
        .onConflictDoNothing();
    }
  });
}

/** Ends a connection: both partner rows go, every pair between the two becomes inactive. */
export async function disconnectPartner(deps: PartnersDeps, actor: Actor, partnerId: string) {
  await deps.publisher.transaction(async (tx, emit) => {
    const removed = await removeConnection(tx, emit, actor.id, partnerId, deps.clock());
    if (!removed) throw new AppError(404, 'NOT_FOUND', 'Partner not found');
  });
}

async function removeConnection(tx: Tx, emit: Emit, actorId: string, otherId: string, now: Date) {
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

/** Blocking also rejects pending requests between the two and ends a connection between them. */
export async function blockUser(deps: PartnersDeps, actor: Actor, userId: string) {
  if (userId === actor.id) throw new AppError(400, 'BAD_REQUEST', 'You cannot block yourself');
  return deps.publisher.transaction(async (tx, emit) => {
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!target) throw USER_NOT_FOUND();
    const now = deps.clock();
    await tx.insert(blockedUsers).values({ userId: actor.id, blockedUserId: userId }).onConflictDoNothing();
    const pending = await tx
      .update(partnerRequests)
      .set({ status: 'rejected', updatedAt: now })
      .where(
        and(
          eq(partnerRequests.status, 'pending'),
          or(
            and(eq(partnerRequests.senderId, actor.id), eq(partnerRequests.receiverId, userId)),
            and(eq(partnerRequests.senderId, userId), eq(partnerRequests.receiverId, actor.id)),
          ),
        ),
      )
      .returning({ id: partnerRequests.id });
    for (const { id } of pending) {
      emit([actor.id, userId], 'partner_request.updated', { requestId: id, status: 'rejected' });
    }
    await removeConnection(tx, emit, actor.id, userId, now);
    return (await listBlocked(tx, actor.id)).find((b) => b.userId === userId)!;
  });
}

export async function listBlocked(q: Q, userId: string) {
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

export async function unblock(deps: PartnersDeps, actor: Actor, blockId: string) {
  const deleted = await deps.db
    .delete(blockedUsers)
    .where(and(eq(blockedUsers.id, blockId), eq(blockedUsers.userId, actor.id)))
    .returning({ id: blockedUsers.id });
  if (deleted.length === 0) throw new AppError(404, 'NOT_FOUND', 'Blocked user not found');
}
