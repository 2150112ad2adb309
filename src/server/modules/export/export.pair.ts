import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  contractEvents,
  contracts,
  contractVersions,
  infractions,
  journalMessages,
  media,
  pairRecord,
  permissionRequests,
  pointsEntries,
  punishments,
  rewardRedemptions,
  rewards,
  ritualMarks,
  rituals,
  ruleAcknowledgements,
  rules,
  ruleVersions,
  taskCompletions,
  tasks,
} from '../../db/schema';
import { notHeldForUndo } from '../media/media.claims';
import { inActorPairs } from '../pairs/pairs.scope';
import { extensionOf, type JsonEntry, keysetPages, type Paging, type RowsEntry } from './export.pages';

/** A pair of the user's, as the export reads it: an ended one is read as far as the user's own part. */
export interface ExportedPair {
  id: string;
  status: 'active' | 'inactive';
}

/**
 * The rows of a pair the export reads: of an active pair every row (in the actor's active pairs, the one
 * scope of pair data); of an ended one, `own` (the user's part of it).
 */
const rowsOf = (pair: ExportedPair, column: PgColumn, actor: { id: string }, own: SQL | undefined) =>
  pair.status === 'active'
    ? and(eq(column, pair.id), inActorPairs(column, actor))
    : and(eq(column, pair.id), own);

/** The media rows of a pair in pages, each with the name of its file in the archive and its storage key. */
export function mediaPages(db: Db, pair: ExportedPair, actor: { id: string }, paging: Paging, entry: string) {
  return keysetPages(db, entry, paging, {
    table: media,
    // Not the files of a task deleted in the last minute, held only for its Undo (decision 099).
    where: and(rowsOf(pair, media.pairId, actor, eq(media.ownerId, actor.id)), notHeldForUndo),
    order: media.createdAt,
    id: media.id,
    // The storage key means nothing outside Pact: each row names its file in the archive instead.
    map: ({ storageKey, ...row }: typeof media.$inferSelect) => ({
      row: { ...row, file: `media/${row.id}.${extensionOf(row.mime)}` },
      storageKey,
    }),
  });
}

/**
 * The JSON files of one of the user's pairs: its record, its tables a page at a time, its contract whole.
 * Of an ended pair, the user's part: every task, history entry and punishment names them (a pair has two
 * members), the journal only the messages they sent.
 */
export async function collectPair(
  db: Db,
  pair: ExportedPair,
  actor: { id: string },
  paging: Paging,
): Promise<(JsonEntry | RowsEntry)[]> {
  const dir = `pairs/${pair.id}`;
  const me = actor.id;
  /** Every row of one of the pair's tables, both members', in `order` and then by id. */
  const pairRows = async <T extends PgTable & { pairId: PgColumn; id: PgColumn }>(
    table: T,
    order: PgColumn,
  ): Promise<T['$inferSelect'][]> =>
    db
      .select()
      .from(table as PgTable)
      .where(rowsOf(pair, table.pairId, actor, undefined))
      .orderBy(asc(order), asc(table.id));
  /** The rows of a table below the pair's (a contract's versions, a rule's), whose `column` is in `ids`. */
  const rowsUnder = async <T extends PgTable>(
    table: T,
    column: PgColumn,
    ids: string[],
    ...order: PgColumn[]
  ): Promise<T['$inferSelect'][]> =>
    ids.length === 0
      ? []
      : db
          .select()
          .from(table as PgTable)
          .where(inArray(column, ids))
          .orderBy(...order.map((c) => asc(c)));
  const pairContracts = await db
    .select()
    .from(contracts)
    .where(rowsOf(pair, contracts.pairId, actor, undefined));
  const contractIds = pairContracts.map((c) => c.id);
  // The pair's rules (decision 064), like its contract: both members', every version and acknowledgement.
  const pairRules = await pairRows(rules, rules.createdAt);
  const ruleIds = pairRules.map((r) => r.id);
  const table = (
    file: string,
    table: PgTable,
    column: PgColumn,
    order: PgColumn,
    id: PgColumn,
    own: SQL | undefined,
  ) => ({
    name: `${dir}/${file}.json`,
    pages: keysetPages(db, `${dir}/${file}.json`, paging, {
      table,
      where: rowsOf(pair, column, actor, own),
      order,
      id,
    }),
  });
  const media = mediaPages(db, pair, actor, paging, `${dir}/media.json`);
  return [
    // The record is both members' whole, active or ended (decision 053).
    {
      name: `${dir}/record.json`,
      pages: keysetPages(db, `${dir}/record.json`, paging, {
        table: pairRecord,
        where: eq(pairRecord.pairId, pair.id),
        order: pairRecord.seq,
        id: pairRecord.id,
      }),
    },
    table(
      'tasks',
      tasks,
      tasks.pairId,
      tasks.createdAt,
      tasks.id,
      or(eq(tasks.assignedBy, me), eq(tasks.assignedTo, me)),
    ),
    table(
      'task-history',
      taskCompletions,
      taskCompletions.pairId,
      taskCompletions.completedAt,
      taskCompletions.id,
      or(
        eq(taskCompletions.assignedBy, me),
        eq(taskCompletions.assignedTo, me),
        eq(taskCompletions.completedBy, me),
      ),
    ),
    table(
      'punishments',
      punishments,
      punishments.pairId,
      punishments.createdAt,
      punishments.id,
      or(eq(punishments.assignedBy, me), eq(punishments.assignedTo, me)),
    ),
    table(
      'journal-messages',
      journalMessages,
      journalMessages.pairId,
      journalMessages.createdAt,
      journalMessages.id,
      eq(journalMessages.senderId, me),
    ),
    {
      name: `${dir}/contract.json`,
      data: {
        contracts: pairContracts,
        versions: await rowsUnder(
          contractVersions,
          contractVersions.contractId,
          contractIds,
          contractVersions.number,
        ),
        events: await rowsUnder(contractEvents, contractEvents.contractId, contractIds, contractEvents.seq),
      },
    },
    {
      name: `${dir}/rules.json`,
      data: {
        rules: pairRules,
        versions: await rowsUnder(
          ruleVersions,
          ruleVersions.ruleId,
          ruleIds,
          ruleVersions.ruleId,
          ruleVersions.version,
        ),
        acknowledgements: await rowsUnder(
          ruleAcknowledgements,
          ruleAcknowledgements.ruleId,
          ruleIds,
          ruleAcknowledgements.ruleId,
          ruleAcknowledgements.version,
        ),
        // Infractions (decision 065), with both partners' notes: each was written for the other to read.
        infractions: await pairRows(infractions, infractions.occurredAt),
      },
    },
    {
      // The pair's points (decision 067): the whole ledger, the catalogue and every redemption, with notes.
      name: `${dir}/points.json`,
      data: {
        ledger: await pairRows(pointsEntries, pointsEntries.createdAt),
        rewards: await pairRows(rewards, rewards.createdAt),
        redemptions: await pairRows(rewardRedemptions, rewardRedemptions.requestedAt),
      },
    },
    {
      // The pair's permission requests (decision 069), with both partners' notes.
      name: `${dir}/permission-requests.json`,
      data: {
        requests: await pairRows(permissionRequests, permissionRequests.createdAt),
      },
    },
    await ritualsFile(db, pair, actor, dir),
    {
      name: `${dir}/media.json`,
      pages: async function* () {
        for await (const page of media()) yield page.map((m) => m.row);
      },
    },
  ];
}

/**
 * The pair's rituals (decision 074), retired ones too, with every day's mark and note: both partners', as
 * the record is (a ritual is set for the one and marked for the other to read).
 */
async function ritualsFile(
  db: Db,
  pair: ExportedPair,
  actor: { id: string },
  dir: string,
): Promise<JsonEntry> {
  const pairRituals = await db
    .select()
    .from(rituals)
    .where(rowsOf(pair, rituals.pairId, actor, undefined))
    .orderBy(asc(rituals.createdAt), asc(rituals.id));
  const ids = pairRituals.map((r) => r.id);
  return {
    name: `${dir}/rituals.json`,
    data: {
      rituals: pairRituals,
      marks:
        ids.length === 0
          ? []
          : await db
              .select()
              .from(ritualMarks)
              .where(inArray(ritualMarks.ritualId, ids))
              .orderBy(asc(ritualMarks.ritualId), asc(ritualMarks.date)),
    },
  };
}
