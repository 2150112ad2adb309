import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accounts,
  aftercareWishes,
  avatars,
  blockedUsers,
  limitAnswers,
  limitCustomItems,
  limitLists,
  notifications,
  pairs,
  partnerRequests,
  partners,
  securityEvents,
  sessions,
  users,
} from '../../db/schema';
import { type FileEntry, type JsonEntry, keysetPages, type Paging, type RowsEntry } from './export.pages';
import { collectPair, mediaPages } from './export.pair';

export {
  EXPORT_PAGE_ROWS,
  type FileEntry,
  type JsonEntry,
  type Paging,
  type RowsEntry,
} from './export.pages';

/**
 * Everything Pact holds about a user (decisions 029, 053): their account (never a password hash or a
 * session token), connections, requests, blocks made, notifications, security log and sessions; and for
 * each pair they are or were in, its record and its rows and files. Of an active pair, every row and file;
 * of a pair that has ended, what they wrote and what was asked of them: its tasks, history, punishments and
 * contract (each one theirs, given or asked), their own journal messages and the files they uploaded.
 */
export async function collectExport(db: Db, userId: string, paging: Paging = {}) {
  const mine = { id: userId };
  const [account] = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      username: users.username,
      timeZone: users.timeZone,
      lastVisitAt: users.lastVisitAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;
  const credentials = await db
    .select({ provider: accounts.providerId, createdAt: accounts.createdAt, updatedAt: accounts.updatedAt })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  const [avatar] = await db.select().from(avatars).where(eq(avatars.userId, userId));

  const connected = await db
    .select({
      partnerId: partners.partnerId,
      displayName: users.displayName,
      role: users.role,
      connectedAt: partners.createdAt,
    })
    .from(partners)
    .innerJoin(users, eq(users.id, partners.partnerId))
    .where(eq(partners.userId, userId))
    .orderBy(asc(partners.createdAt));
  const requests = await db
    .select()
    .from(partnerRequests)
    .where(or(eq(partnerRequests.senderId, userId), eq(partnerRequests.receiverId, userId)))
    .orderBy(asc(partnerRequests.createdAt));
  const blocks = await db
    .select({
      id: blockedUsers.id,
      blockedUserId: blockedUsers.blockedUserId,
      displayName: users.displayName,
      role: users.role,
      createdAt: blockedUsers.createdAt,
    })
    .from(blockedUsers)
    .innerJoin(users, eq(users.id, blockedUsers.blockedUserId))
    .where(eq(blockedUsers.userId, userId));
  const sessionList = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
      sessionRole: sessions.sessionRole,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const notificationList = keysetPages(db, 'notifications.json', paging, {
    table: notifications,
    where: eq(notifications.userId, userId),
    order: notifications.createdAt,
    id: notifications.id,
  });
  const securityLog = keysetPages(db, 'security-events.json', paging, {
    table: securityEvents,
    where: eq(securityEvents.userId, userId),
    order: securityEvents.seq,
    id: securityEvents.id,
  });
  const pairList = await db
    .select()
    .from(pairs)
    .where(or(eq(pairs.dominantId, userId), eq(pairs.submissiveId, userId)));

  // The limits lists (decision 055): the user's own answers and finished marks only, never the partner's;
  // the titles of the items either partner added to the user's pairs, which both of them answer.
  const limitsOwn = {
    answers: await db
      .select({
        pairId: limitAnswers.pairId,
        itemId: limitAnswers.itemId,
        answer: limitAnswers.answer,
        answeredAt: limitAnswers.answeredAt,
      })
      .from(limitAnswers)
      .where(eq(limitAnswers.userId, userId))
      .orderBy(asc(limitAnswers.pairId), asc(limitAnswers.itemId)),
    finished: await db
      .select({ pairId: limitLists.pairId, finishedAt: limitLists.finishedAt })
      .from(limitLists)
      .where(eq(limitLists.userId, userId)),
    customItems:
      pairList.length === 0
        ? []
        : await db
            .select({
              id: limitCustomItems.id,
              pairId: limitCustomItems.pairId,
              title: limitCustomItems.title,
              addedByMe: eq(limitCustomItems.addedBy, userId),
              addedAt: limitCustomItems.addedAt,
            })
            .from(limitCustomItems)
            .where(
              inArray(
                limitCustomItems.pairId,
                pairList.map((p) => p.id),
              ),
            )
            .orderBy(asc(limitCustomItems.addedAt)),
  };

  const json: (JsonEntry | RowsEntry)[] = [
    { name: 'account.json', data: { ...account, credentials, avatar: avatar ? 'avatar.jpg' : null } },
    { name: 'partners.json', data: connected },
    { name: 'partner-requests.json', data: requests },
    { name: 'blocked-users.json', data: blocks },
    { name: 'sessions.json', data: sessionList },
    { name: 'notifications.json', pages: notificationList },
    { name: 'security-events.json', pages: securityLog },
    { name: 'pairs.json', data: pairList },
    { name: 'limits.json', data: limitsOwn },
    // The user's own aftercare wishes (decision 058), never the partner's.
    {
      name: 'aftercare-wishes.json',
      data: await db
        .select({
          pairId: aftercareWishes.pairId,
          wishes: aftercareWishes.wishes,
          updatedAt: aftercareWishes.updatedAt,
        })
        .from(aftercareWishes)
        .where(eq(aftercareWishes.userId, userId))
        .orderBy(asc(aftercareWishes.pairId)),
    },
  ];
  for (const pair of pairList) json.push(...(await collectPair(db, pair, mine, paging)));

  /** The stored files, listed a page of media rows at a time once the archive reaches them. */
  async function* files(): AsyncIterable<FileEntry> {
    if (avatar) yield { name: 'avatar.jpg', storageKey: avatar.storageKey };
    for (const pair of pairList) {
      for await (const page of mediaPages(db, pair, mine, paging, `pairs/${pair.id}/media`)()) {
        for (const m of page) yield { name: `pairs/${pair.id}/${m.row.file}`, storageKey: m.storageKey };
      }
    }
  }
  return { json, files: files() };
}
