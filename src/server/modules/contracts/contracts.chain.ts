import { createHash } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import type { ChainVerdict, ContractEventKind } from '@/shared/schemas/contracts';
import type { Queryable, Tx } from '../../db/client';
import { contractEvents, contracts, contractVersions } from '../../db/schema';

/** The hash the first entry of every contract's history chains from. */
export const GENESIS_HASH = '0'.repeat(64);

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface EntryContent {
  contractId: string;
  seq: number;
  kind: ContractEventKind;
  actorId: string | null;
  actorRole: 'dominant' | 'submissive' | null;
  versionId: string;
  versionSha256: string;
  createdAt: Date;
}

/** Decision 022: an entry's canonical content, a JSON array in a fixed order. */
export const canonicalEntry = (e: EntryContent) =>
  JSON.stringify([
    e.contractId,
    e.seq,
    e.kind,
    e.actorId,
    e.actorRole,
    e.versionId,
    e.versionSha256,
    e.createdAt.toISOString(),
  ]);

/** sha256(previous hash + canonical content), hex. */
export const entryHash = (prevHash: string, e: EntryContent) => sha256Hex(prevHash + canonicalEntry(e));

/**
 * Appends one entry to a contract's history. The caller holds the contract row's lock, so entries of one
 * contract are appended one at a time and `seq` has no gaps (its unique index would refuse a fork).
 */
export async function appendContractEvent(
  tx: Tx,
  entry: Omit<EntryContent, 'seq'>,
): Promise<{ id: string; hash: string }> {
  const [last] = await tx
    .select({ seq: contractEvents.seq, hash: contractEvents.hash })
    .from(contractEvents)
    .where(eq(contractEvents.contractId, entry.contractId))
    .orderBy(desc(contractEvents.seq))
    .limit(1);
  const seq = (last?.seq ?? 0) + 1;
  const prevHash = last?.hash ?? GENESIS_HASH;
  const full = { ...entry, seq };
  const hash = entryHash(prevHash, full);
  const [row] = await tx
    .insert(contractEvents)
    .values({ ...full, prevHash, hash })
    .returning({ id: contractEvents.id });
  return { id: row!.id, hash };
}

/**
 * Recomputes a contract's history from its rows: every entry's sequence number, link to the one before,
 * own hash, and the hash of the text it names (against the stored text itself); then that the contract's
 * text and signatures are those the last entries record. Answers the first broken entry, by sequence
 * number (one past the last when entries are missing from the end).
 */
export async function verifyContractHistory(db: Queryable, contractId: string): Promise<ChainVerdict> {
  const [events, versions] = await Promise.all([
    db
      .select()
      .from(contractEvents)
      .where(eq(contractEvents.contractId, contractId))
      .orderBy(asc(contractEvents.seq), asc(contractEvents.createdAt)),
    db
      .select({ id: contractVersions.id, content: contractVersions.content, sha256: contractVersions.sha256 })
      .from(contractVersions)
      .where(eq(contractVersions.contractId, contractId)),
  ]);
  const textHash = new Map(versions.map((v) => [v.id, { stored: v.sha256, actual: sha256Hex(v.content) }]));
  let prevHash = GENESIS_HASH;
  for (const [i, e] of events.entries()) {
    const at = i + 1;
    const broken = (reason: string): ChainVerdict => ({
      ok: false,
      entries: events.length,
      brokenAt: at,
      reason,
    });
    if (e.seq !== at) return broken('sequence');
    if (e.prevHash !== prevHash) return broken('link');
    if (entryHash(prevHash, e) !== e.hash) return broken('hash');
    const text = textHash.get(e.versionId);
    if (!text || text.stored !== text.actual || text.stored !== e.versionSha256) return broken('text');
    prevHash = e.hash;
  }
  // The contract as it stands must be what the last entries say: its text the one the last entry names,
  // each signature it holds recorded on that text. Else entries were cut from the end.
  const [head] = await db
    .select({
      current: contracts.currentVersionId,
      dominant: contracts.dominantSignedVersionId,
      submissive: contracts.submissiveSignedVersionId,
    })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  const last = events.at(-1);
  const recorded = (role: 'dominant' | 'submissive', version: string | null) =>
    version === null ||
    events.some((e) => e.kind === 'signed' && e.actorRole === role && e.versionId === version);
  if (
    head &&
    (last?.versionId !== head.current ||
      !recorded('dominant', head.dominant) ||
      !recorded('submissive', head.submissive))
  ) {
    return { ok: false, entries: events.length, brokenAt: events.length + 1, reason: 'head' };
  }
  return { ok: true, entries: events.length };
}
