import { randomUUID } from 'node:crypto';
import { and, eq, or, type Placeholder, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { notify } from '@/shared/domain/notifications';
import { paths, withQuery } from '@/shared/routes';
import type { RequestView } from '@/shared/schemas/partners';
import { type Actor, asRole, requireActingRole } from '../../auth/session';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { bound, preparedInTransaction } from '../../db/prepared';
import { blockedUsers, notifications, partnerRequests, partners, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { connectionRequestMail } from '../../email/templates';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { claimIdempotencyKey, type IdempotencyKey } from '../../http/idempotency';
import type { Emit } from '../../realtime/publisher';
import { createNotification } from '../notifications/notifications.service';
import { ensureActivePair, listPartnersIn } from '../pairs/pairs.service';
import { presentRequest } from './partners.presenter';
import { findRequest, involves, listRequestsOf, REQUEST_NOT_FOUND, USER_NOT_FOUND } from './partners.queries';

const requestExists = () => conflict('A connection request already exists with this user');

export const listRequests = (deps: AppDeps, actor: Actor) => listRequestsOf(deps.db, actor.id);

export const getRequest = (deps: AppDeps, actor: Actor, input: { id: string }) =>
  findRequest(deps.db, actor.id, input.id);

interface ConnectionMail {
  to: string;
  receiverName: string;
  senderName: string;
  requestId: string;
}

const either = (a: { left: AnyPgColumn; right: AnyPgColumn }, one: Placeholder, other: Placeholder) =>
  or(and(eq(a.left, one), eq(a.right, other)), and(eq(a.left, other), eq(a.right, one)));

/**
 * The receiver of a new request and everything that could refuse it, in one prepared statement: who they
 * are, a block either way, an existing connection, a pending request either way.
 */
const requestTarget = preparedInTransaction((tx) => {
  const senderId = bound('senderId');
  const receiverId = bound('receiverId');
  return tx
    .select({
      email: users.email,
      displayName: users.displayName,
      role: users.role,
      verified: users.emailVerified,
      photoUrl: users.photoUrl,
      senderPhotoUrl: sql<
        string | null
      >`(select ${users.photoUrl} from ${users} where ${users.id} = ${senderId})`,
      blocked: sql<boolean>`exists (${tx
        .select({ one: sql`1` })
        .from(blockedUsers)
        .where(
          either({ left: blockedUsers.userId, right: blockedUsers.blockedUserId }, senderId, receiverId),
        )})`,
      connected: sql<boolean>`exists (${tx
        .select({ one: sql`1` })
        .from(partners)
        .where(and(eq(partners.userId, senderId), eq(partners.partnerId, receiverId)))})`,
      pending: sql<boolean>`exists (${tx
        .select({ one: sql`1` })
        .from(partnerRequests)
        .where(
          and(
            eq(partnerRequests.status, 'pending'),
            either(
              { left: partnerRequests.senderId, right: partnerRequests.receiverId },
              senderId,
              receiverId,
            ),
          ),
        )})`,
    })
    .from(users)
    .where(eq(users.id, receiverId))
    .limit(1)
    .prepare('partner_request_target');
});

/** A new pending request, its creation time returned: one prepared statement. */
const insertRequest = preparedInTransaction((tx) =>
  tx
    .insert(partnerRequests)
    .values({
      id: bound('id'),
      senderId: bound('senderId'),
      receiverId: bound('receiverId'),
      displayName: bound('displayName'),
      role: bound('role'),
      status: 'pending',
    })
    .returning({ createdAt: partnerRequests.createdAt })
    .prepare('partner_request_create'),
);

/** Sends a request in the role this session acts in; the receiver is told in the app and by mail. */
export async function sendRequest(
  deps: AppDeps,
  actor: Actor,
  input: { receiverId: string },
  key: IdempotencyKey | null = null,
) {
  const { receiverId } = input;
  const role = requireActingRole(actor);
  if (receiverId === actor.id) throw badRequest('You cannot connect with yourself');
  let request: RequestView;
  try {
    request = await deps.publisher.transaction(async (tx, emit) => {
      const requestId = randomUUID();
      const prior = await claimIdempotencyKey(tx, key, requestId, deps.clock());
      if (prior) return findRequest(tx, actor.id, prior);
      const [target] = await requestTarget(tx, { senderId: actor.id, receiverId });
      if (!target || (deps.requireEmailVerification && !target.verified)) throw USER_NOT_FOUND();
      // A block, either way, looks exactly like an unknown user.
      if (target.blocked) throw USER_NOT_FOUND();
      if (target.connected) throw conflict('You are already connected with this user');
      if (target.pending) throw requestExists();
      const senderName = actor.name;
      const [row] = await insertRequest(tx, {
        id: requestId,
        senderId: actor.id,
        receiverId,
        displayName: senderName,
        role,
      });
      await createNotification(
        tx,
        emit,
        receiverId,
        notify.connectionRequested({ senderName, requestId, senderId: actor.id }),
      );
      emit([receiverId], 'partner_request.created', { requestId });
      // In the transaction: the mail leaves if, and only if, the request is made (decision 037).
      const mail = { to: target.email, receiverName: target.displayName, senderName, requestId };
      await sendConnectionMail(deps, tx, mail, role, receiverId);
      return presentRequest({
        id: requestId,
        senderId: actor.id,
        senderName,
        senderRole: role,
        senderPhotoURL: target.senderPhotoUrl,
        receiverId,
        receiverName: target.displayName,
        receiverRole: asRole(target.role),
        receiverPhotoURL: target.photoUrl,
        status: 'pending',
        createdAt: row!.createdAt,
      });
    });
  } catch (error) {
    // Two requests racing between the same two people: the unique index lets one through.
    if (isUniqueViolation(error)) throw requestExists();
    throw error;
  }
  return request;
}

function sendConnectionMail(
  deps: AppDeps,
  tx: Tx,
  m: ConnectionMail,
  senderRole: 'dominant' | 'submissive',
  receiverId: string,
) {
  const link = `${deps.appUrl}${withQuery(paths.dashboard, { request: m.requestId })}`;
  const mail = connectionRequestMail(m.to, m.receiverName, m.senderName, senderRole, link);
  return deps.mail.enqueue(mail, { tx, userId: receiverId });
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
    throw forbidden('Only the person who received this request can answer it');
  }
  if (row.status !== 'pending') {
    throw conflict(`Connection request has already been ${row.status}`);
  }
  return row;
}

export async function acceptRequest(deps: AppDeps, actor: Actor, input: { id: string }) {
  const requestId = input.id;
  // A Switch accepts in the role chosen for the session; declining needs no role.
  requireActingRole(actor);
  return deps.publisher.transaction(async (tx, emit) => {
    const request = await lockRequestForReceiver(tx, actor, requestId);
    const now = deps.clock();
    await tx
      .update(partnerRequests)
      .set({ status: 'accepted', updatedAt: now })
      .where(eq(partnerRequests.id, requestId));
    await settleRequestNotification(tx, emit, actor.id, requestId, now);
    await tx
      .insert(partners)
      .values([
        { userId: request.senderId, partnerId: actor.id },
        { userId: actor.id, partnerId: request.senderId },
      ])
      .onConflictDoNothing();
    // The pair follows the roles the two act in: the sender's when sending, the receiver's now.
    const receiverRole = actor.actingRole;
    if (receiverRole && receiverRole !== request.role) {
      const [dominantId, submissiveId] =
        request.role === 'dominant' ? [request.senderId, actor.id] : [actor.id, request.senderId];
      await ensureActivePair(tx, dominantId, submissiveId, now, actor.id);
    }
    const receiverName = actor.name;
    await createNotification(
      tx,
      emit,
      request.senderId,
      notify.connectionAccepted({ receiverName, requestId, receiverId: actor.id }),
    );
    emit([request.senderId], 'partner.connected', { partnerId: actor.id });
    emit([actor.id], 'partner.connected', { partnerId: request.senderId });
    emit([request.senderId, actor.id], 'partner_request.updated', { requestId, status: 'accepted' });
    const [partner] = (await listPartnersIn(tx, actor.id)).filter((p) => p.id === request.senderId);
    return { partner: partner! };
  });
}

/**
 * The receiver's notification of a request is settled with the request: once it is answered it no longer
 * counts in the bell (the badge counts each pending request once, spec 1 §9).
 */
export async function settleRequestNotification(
  tx: Tx,
  emit: Emit,
  receiverId: string,
  requestId: string,
  now: Date,
) {
  const settled = await tx
    .update(notifications)
    .set({ read: true, updatedAt: now })
    .where(
      and(
        eq(notifications.userId, receiverId),
        eq(notifications.type, 'connection_request'),
        eq(notifications.read, false),
        sql`${notifications.data}->>'requestId' = ${requestId}`,
      ),
    )
    .returning({ id: notifications.id });
  for (const { id } of settled) emit([receiverId], 'notification.read', { notificationId: id });
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
  await settleRequestNotification(tx, emit, actor.id, request.id, now);
  const receiverName = actor.name;
  await createNotification(
    tx,
    emit,
    request.senderId,
    notify.connectionDeclined({ receiverName, requestId: request.id }),
  );
  emit([request.senderId, actor.id], 'partner_request.updated', {
    requestId: request.id,
    status: 'rejected',
  });
}

/** The receiver declines; with `block`, the sender is also blocked. */
export async function rejectRequest(deps: AppDeps, actor: Actor, input: { id: string; block: boolean }) {
  await deps.publisher.transaction(async (tx, emit) => {
    const request = await lockRequestForReceiver(tx, actor, input.id);
    await rejectLocked(tx, emit, actor, request, deps.clock());
    if (input.block) {
      await tx
        .insert(blockedUsers)
        .values({ userId: actor.id, blockedUserId: request.senderId })
        .onConflictDoNothing();
    }
  });
}
