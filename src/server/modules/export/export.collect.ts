import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  accounts,
  avatars,
  blockedUsers,
  contractEvents,
  contracts,
  contractVersions,
  media,
  notes,
  notifications,
  pairs,
  partnerRequests,
  partners,
  punishments,
  securityEvents,
  sessions,
  taskCompletions,
  tasks,
  users,
} from '../../db/schema';
import { inActorPairs } from '../pairs/pairs.scope';

/** One JSON file of the archive. */
export interface JsonEntry {
  name: string;
  data: unknown;
}

/** One stored file of the archive: read from the media storage only when the archive reaches it. */
export interface FileEntry {
  name: string;
  storageKey: string;
}

const extensionOf = (mime: string) =>
  ({ 'image/jpeg': 'jpg', 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/aac': 'aac' })[
    mime
  ] ?? 'bin';

/**
 * Everything Pact holds about a user (decision 029): their account (never a password hash or a session
 * token), connections, requests, blocks made, notifications, security log and sessions; and for each of
 * their active pairs, every row and file of the pair. Of a pair that has ended only the pair itself is
 * listed: its rows are shown to neither member any more, as everywhere else in Pact.
 */
export async function collectExport(db: Db, userId: string) {
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
  const notificationList = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt));
  const securityLog = await db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(asc(securityEvents.seq));
  const pairList = await db
    .select()
    .from(pairs)
    .where(or(eq(pairs.dominantId, userId), eq(pairs.submissiveId, userId)));

  const json: JsonEntry[] = [
    { name: 'account.json', data: { ...account, credentials, avatar: avatar ? 'avatar.jpg' : null } },
    { name: 'partners.json', data: connected },
    { name: 'partner-requests.json', data: requests },
    { name: 'blocked-users.json', data: blocks },
    { name: 'sessions.json', data: sessionList },
    { name: 'notifications.json', data: notificationList },
    { name: 'security-events.json', data: securityLog },
    { name: 'pairs.json', data: pairList },
  ];
  const files: FileEntry[] = avatar ? [{ name: 'avatar.jpg', storageKey: avatar.storageKey }] : [];

  for (const pair of pairList.filter((p) => p.status === 'active')) {
    const { rows, stored } = await collectPair(db, pair.id, mine);
    const dir = `pairs/${pair.id}`;
    for (const [file, data] of Object.entries(rows)) json.push({ name: `${dir}/${file}.json`, data });
    for (const m of stored) files.push({ name: `${dir}/${m.file}`, storageKey: m.storageKey });
  }
  return { json, files };
}

/** The rows and files of one of the user's active pairs. */
async function collectPair(db: Db, pairId: string, actor: { id: string }) {
  const inPair = (column: PgColumn) => and(eq(column, pairId), inActorPairs(column, actor));
  const pairContracts = await db.select().from(contracts).where(inPair(contracts.pairId));
  const contractIds = pairContracts.map((c) => c.id);
  const files = await db.select().from(media).where(inPair(media.pairId)).orderBy(asc(media.createdAt));
  // The storage key means nothing outside Pact: each row names its file in the archive instead.
  const stored = files.map(({ storageKey, ...row }) => {
    const file = `media/${row.id}.${extensionOf(row.mime)}`;
    return { row: { ...row, file }, file, storageKey };
  });
  const rows = {
    tasks: await db.select().from(tasks).where(inPair(tasks.pairId)).orderBy(asc(tasks.createdAt)),
    'task-history': await db
      .select()
      .from(taskCompletions)
      .where(inPair(taskCompletions.pairId))
      .orderBy(asc(taskCompletions.completedAt)),
    punishments: await db
      .select()
      .from(punishments)
      .where(inPair(punishments.pairId))
      .orderBy(asc(punishments.createdAt)),
    'journal-notes': await db.select().from(notes).where(inPair(notes.pairId)).orderBy(asc(notes.createdAt)),
    contract: {
      contracts: pairContracts,
      versions:
        contractIds.length === 0
          ? []
          : await db
              .select()
              .from(contractVersions)
              .where(inArray(contractVersions.contractId, contractIds))
              .orderBy(asc(contractVersions.number)),
      events:
        contractIds.length === 0
          ? []
          : await db
              .select()
              .from(contractEvents)
              .where(inArray(contractEvents.contractId, contractIds))
              .orderBy(asc(contractEvents.seq)),
    },
    media: stored.map((s) => s.row),
  };
  return { rows, stored };
}
