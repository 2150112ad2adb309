import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { RecordKind } from '@/shared/schemas/record';
import { canonicalJson, GENESIS_HASH, linkHash, walkChain } from '../../db/chain';
import type { Queryable, Tx } from '../../db/client';
import { bound, preparedInTransaction, preparedSql } from '../../db/prepared';
import { pairRecord, pairRecordHeads, type RecordData } from '../../db/schema';

/** An entry of the pair's record as it is hashed (decision 053). */
export interface RecordContent {
  pairId: string;
  seq: number;
  at: Date;
  actorId: string | null;
  kind: string;
  data: RecordData;
}

/** An entry's canonical content: a JSON array in a fixed order, its facts with their keys sorted. */
export const canonicalRecordEntry = (e: RecordContent) =>
  canonicalJson([e.pairId, e.seq, e.at.toISOString(), e.actorId, e.kind, e.data]);

/**
 * The pair's head moves on by one: inserted at 1 for the first entry, else its sequence number bumped. The
 * answer is the new entry's number and the hash it links to (the head's, not yet moved). The upsert locks
 * the head row, so a pair's appends are one at a time even while its writes share the pair row: a second
 * waits, then reads the number the first committed (no gap, no fork).
 */
const bumpHead = preparedInTransaction((tx) =>
  tx
    .insert(pairRecordHeads)
    .values({ pairId: bound('pairId'), seq: 1, hash: GENESIS_HASH })
    .onConflictDoUpdate({ target: pairRecordHeads.pairId, set: { seq: sql`${pairRecordHeads.seq} + 1` } })
    .returning({ seq: pairRecordHeads.seq, prevHash: pairRecordHeads.hash })
    .prepare('record_head_bump'),
);

/** The entry, and the head's hash moved onto it, in one statement. */
const writeEntry = preparedSql(
  'record_append',
  sql`with written as (
      insert into ${pairRecord} (pair_id, seq, at, actor_id, kind, data, prev_hash, hash)
      values (${bound('pairId')}, ${bound('seq')}, ${bound('at')}, ${bound('actorId')}::uuid, ${bound('kind')}, ${bound('data')}::jsonb, ${bound('prevHash')}, ${bound('hash')})
    )
    update ${pairRecordHeads} set hash = ${bound('hash')} where pair_id = ${bound('pairId')}`,
);

export interface RecordAppend {
  pairId: string;
  /** Who acted; null for the server itself. */
  actorId: string | null;
  kind: RecordKind;
  /** Ids and non-personal facts only ("late", a version number): never a title, a note or a message. */
  data?: RecordData;
  at: Date;
}

/**
 * Appends one entry to the pair's record, inside the write's own transaction (decision 053): it commits and
 * rolls back with the write it records. One call per write.
 */
export async function appendRecord(tx: Tx, entry: RecordAppend): Promise<number> {
  const [head] = await bumpHead(tx, { pairId: entry.pairId });
  const { seq, prevHash } = head!;
  const at = new Date(entry.at.getTime());
  const data = entry.data ?? {};
  const hash = linkHash(prevHash, canonicalRecordEntry({ ...entry, at, data, seq }));
  await writeEntry(tx, {
    pairId: entry.pairId,
    seq,
    at: at.toISOString(),
    actorId: entry.actorId,
    kind: entry.kind,
    data: JSON.stringify(data),
    prevHash,
    hash,
  });
  return seq;
}

/** A pair's record recomputed: ok, or the first entry that does not hold. */
export type RecordCheck =
  | { ok: true; entries: number }
  | { ok: false; entries: number; brokenAt: number; reason: string };

/** How many entries a check reads at a time. */
const VERIFY_BATCH = 1000;

/**
 * Recomputes a pair's record from its rows, in order (decision 053): every entry numbered one more than
 * the one before, linked to its hash and hashing to its own; then that the stored head is the last entry
 * (else entries were cut from the end: broken one past the last). Read a thousand entries at a time.
 */
export async function verifyPairRecord(db: Queryable, pairId: string): Promise<RecordCheck> {
  let prevHash = GENESIS_HASH;
  let count = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(pairRecord)
      .where(and(eq(pairRecord.pairId, pairId), gt(pairRecord.seq, count)))
      .orderBy(asc(pairRecord.seq))
      .limit(VERIFY_BATCH);
    const broken = walkChain(rows, canonicalRecordEntry, undefined, { seq: count, hash: prevHash });
    if (broken) return { ok: false, entries: count + rows.length, ...broken };
    count += rows.length;
    prevHash = rows.at(-1)?.hash ?? prevHash;
    if (rows.length < VERIFY_BATCH) break;
  }
  const [head] = await db
    .select({ seq: pairRecordHeads.seq, hash: pairRecordHeads.hash })
    .from(pairRecordHeads)
    .where(eq(pairRecordHeads.pairId, pairId));
  if ((head?.seq ?? 0) !== count || (count > 0 && head?.hash !== prevHash)) {
    return { ok: false, entries: count, brokenAt: count + 1, reason: 'head' };
  }
  return { ok: true, entries: count };
}
