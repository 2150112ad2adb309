import { and, desc, eq, or, type Placeholder, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db, Queryable } from '../../db/client';
import { bound, prepared } from '../../db/prepared';
import { blockedUsers, partnerRequests, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { presentRequest } from './partners.presenter';

export const REQUEST_NOT_FOUND = () => notFound('Connection request not found or has been deleted');
export const USER_NOT_FOUND = () => notFound('User not found');

/** True when either of the two has blocked the other. */
export const blockedBetween = (a: string, b: string | AnyPgColumn) =>
  or(
    and(eq(blockedUsers.userId, a), eq(blockedUsers.blockedUserId, b)),
    and(eq(blockedUsers.userId, b), eq(blockedUsers.blockedUserId, a)),
  );

/** True when `blocker` has blocked `blocked` (one direction only). */
export async function hasBlocked(q: Queryable, blocker: string, blocked: string) {
  const [row] = await q
    .select({ id: blockedUsers.id })
    .from(blockedUsers)
    .where(and(eq(blockedUsers.userId, blocker), eq(blockedUsers.blockedUserId, blocked)))
    .limit(1);
  return row !== undefined;
}

/** Requests between the two, whichever of them sent it. */
export const requestsBetween = (a: string, b: string) =>
  or(
    and(eq(partnerRequests.senderId, a), eq(partnerRequests.receiverId, b)),
    and(eq(partnerRequests.senderId, b), eq(partnerRequests.receiverId, a)),
  );

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');
const requestColumns = {
  id: partnerRequests.id,
  senderId: partnerRequests.senderId,
  senderName: sql<string>`coalesce(${sender.displayName}, ${partnerRequests.displayName})`,
  senderRole: partnerRequests.role,
  senderPhotoURL: sender.photoUrl,
  receiverId: partnerRequests.receiverId,
  receiverName: receiver.displayName,
  receiverRole: receiver.role,
  receiverPhotoURL: receiver.photoUrl,
  status: partnerRequests.status,
  createdAt: partnerRequests.createdAt,
};

const requestQuery = (q: Queryable) =>
  q
    .select(requestColumns)
    .from(partnerRequests)
    .innerJoin(sender, eq(sender.id, partnerRequests.senderId))
    .innerJoin(receiver, eq(receiver.id, partnerRequests.receiverId));

/** Requests the user sent or received. */
export const involves = (userId: string | Placeholder) =>
  or(eq(partnerRequests.senderId, userId), eq(partnerRequests.receiverId, userId));

/**
 * The newest 100 the user sent and the newest 100 they received, each read from its index in the list's
 * order and stopped at 100 (decision 047): the list's newest 100 are among them, and no more rows are read
 * or sorted however many requests a person has had.
 */
const REQUEST_LIST = 100;
const newestRequestIds = (side: typeof partnerRequests.senderId) =>
  sql`(select ${partnerRequests.id} from ${partnerRequests} where ${side} = ${bound('userId')} order by ${partnerRequests.createdAt} desc, ${partnerRequests.id} desc limit ${sql.raw(String(REQUEST_LIST))})`;
const requestList = prepared((db) =>
  requestQuery(db)
    .where(
      sql`${partnerRequests.id} = any(array(${newestRequestIds(partnerRequests.senderId)} union all ${newestRequestIds(partnerRequests.receiverId)}))`,
    )
    .orderBy(desc(partnerRequests.createdAt), desc(partnerRequests.id))
    .limit(REQUEST_LIST)
    .prepare('partner_requests_list'),
);

/** Requests the user sent or received, newest first. */
export async function listRequestsOf(db: Db, userId: string) {
  return (await requestList(db).execute({ userId })).map(presentRequest);
}

/** One request, for its sender or receiver only; anyone else is told it does not exist. */
export async function findRequest(q: Queryable, userId: string, requestId: string) {
  const [row] = await requestQuery(q)
    .where(and(eq(partnerRequests.id, requestId), involves(userId)))
    .limit(1);
  if (!row) throw REQUEST_NOT_FOUND();
  return presentRequest(row);
}
