import { and, asc, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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

/** One JSON file of the archive, read whole (a few rows: the account, the contract). */
export interface JsonEntry {
  name: string;
  data: unknown;
}

/** One JSON file of the archive that is an array of rows, read a page at a time as the archive writes it. */
export interface RowsEntry {
  name: string;
  pages: () => AsyncIterable<unknown[]>;
}

/** One stored file of the archive: read from the media storage only when the archive reaches it. */
export interface FileEntry {
  name: string;
  storageKey: string;
}

/** Rows read per query (decision 044): the archive holds one page of rows and one file at a time. */
export const EXPORT_PAGE_ROWS = 500;

export interface Paging {
  /** Rows per query (EXPORT_PAGE_ROWS). */
  pageRows?: number;
  /** Told of every page read: the archive entry and its number of rows (tests). */
  onPage?: (entry: string, rows: number) => void;
}

/**
 * The rows of `table` matching `where`, in (`order`, `id`) order, a page per query: keyset pagination on
 * the pair, with the order column's value carried as PostgreSQL's own text (a timestamp keeps its
 * microseconds, which a JavaScript date would lose, so no row is read twice or skipped).
 */
function keysetPages<Row>(
  db: Db,
  entry: string,
  paging: Paging,
  q: { table: PgTable; where: SQL | undefined; order: PgColumn; id: PgColumn; map?: (row: never) => Row },
): () => AsyncIterable<Row[]> {
  const size = paging.pageRows ?? EXPORT_PAGE_ROWS;
  const type = sql.raw(q.order.getSQLType());
  return async function* () {
    let after: { key: string; id: string } | null = null;
    for (;;) {
      const cursor = after
        ? sql`(${q.order}, ${q.id}) > (cast(${after.key} as ${type}), ${after.id})`
        : undefined;
      const rows = (await db
        .select({ ...getTableColumns(q.table), exportKey: sql<string>`${q.order}::text` })
        .from(q.table)
        .where(and(q.where, cursor))
        .orderBy(asc(q.order), asc(q.id))
        .limit(size)) as unknown as (Record<string, unknown> & { exportKey: string })[];
      paging.onPage?.(entry, rows.length);
      if (rows.length === 0) return;
      const last = rows.at(-1)!;
      after = { key: last.exportKey, id: last.id as string };
      yield rows.map(({ exportKey: _key, ...row }) => (q.map ? q.map(row as never) : (row as Row)));
      if (rows.length < size) return;
    }
  };
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

  const json: (JsonEntry | RowsEntry)[] = [
    { name: 'account.json', data: { ...account, credentials, avatar: avatar ? 'avatar.jpg' : null } },
    { name: 'partners.json', data: connected },
    { name: 'partner-requests.json', data: requests },
    { name: 'blocked-users.json', data: blocks },
    { name: 'sessions.json', data: sessionList },
    { name: 'notifications.json', pages: notificationList },
    { name: 'security-events.json', pages: securityLog },
    { name: 'pairs.json', data: pairList },
  ];
  const active = pairList.filter((p) => p.status === 'active');
  for (const pair of active) json.push(...(await collectPair(db, pair.id, mine, paging)));

  /** The stored files, listed a page of media rows at a time once the archive reaches them. */
  async function* files(): AsyncIterable<FileEntry> {
    if (avatar) yield { name: 'avatar.jpg', storageKey: avatar.storageKey };
    for (const pair of active) {
      for await (const page of mediaPages(db, pair.id, mine, paging, `pairs/${pair.id}/media`)()) {
        for (const m of page) yield { name: `pairs/${pair.id}/${m.row.file}`, storageKey: m.storageKey };
      }
    }
  }
  return { json, files: files() };
}

/** The media rows of a pair in pages, each with the name of its file in the archive and its storage key. */
function mediaPages(db: Db, pairId: string, actor: { id: string }, paging: Paging, entry: string) {
  return keysetPages(db, entry, paging, {
    table: media,
    where: and(eq(media.pairId, pairId), inActorPairs(media.pairId, actor)),
    order: media.createdAt,
    id: media.id,
    // The storage key means nothing outside Pact: each row names its file in the archive instead.
    map: ({ storageKey, ...row }: typeof media.$inferSelect) => ({
      row: { ...row, file: `media/${row.id}.${extensionOf(row.mime)}` },
      storageKey,
    }),
  });
}

/** The JSON files of one of the user's active pairs: its tables a page at a time, its contract whole. */
async function collectPair(
  db: Db,
  pairId: string,
  actor: { id: string },
  paging: Paging,
): Promise<(JsonEntry | RowsEntry)[]> {
  const dir = `pairs/${pairId}`;
  const inPair = (column: PgColumn) => and(eq(column, pairId), inActorPairs(column, actor));
  const pairContracts = await db.select().from(contracts).where(inPair(contracts.pairId));
  const contractIds = pairContracts.map((c) => c.id);
  const table = (file: string, table: PgTable, pair: PgColumn, order: PgColumn, id: PgColumn) => ({
    name: `${dir}/${file}.json`,
    pages: keysetPages(db, `${dir}/${file}.json`, paging, { table, where: inPair(pair), order, id }),
  });
  const media = mediaPages(db, pairId, actor, paging, `${dir}/media.json`);
  return [
    table('tasks', tasks, tasks.pairId, tasks.createdAt, tasks.id),
    table(
      'task-history',
      taskCompletions,
      taskCompletions.pairId,
      taskCompletions.completedAt,
      taskCompletions.id,
    ),
    table('punishments', punishments, punishments.pairId, punishments.createdAt, punishments.id),
    table('journal-notes', notes, notes.pairId, notes.createdAt, notes.id),
    {
      name: `${dir}/contract.json`,
      data: {
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
    },
    {
      name: `${dir}/media.json`,
      pages: async function* () {
        for await (const page of media()) yield page.map((m) => m.row);
      },
    },
  ];
}
