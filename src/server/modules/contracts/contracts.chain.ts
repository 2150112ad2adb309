import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { type Caps, normalizeCaps } from '@/shared/domain/caps';
import type { ChainVerdict, ContractEventKind } from '@/shared/schemas/contracts';
import { canonicalJson, GENESIS_HASH, linkHash, linksHold, sha256Hex, walkChain } from '../../db/chain';
import type { Db, Queryable, Tx } from '../../db/client';
import { readTogether } from '../../db/reads';
import { contractEvents, contracts, contractVersions } from '../../db/schema';
import { appendRecord } from '../pairs/pairs.record';

interface EntryContent {
  contractId: string;
  seq: number;
  kind: ContractEventKind;
  actorId: string | null;
  actorRole: 'dominant' | 'submissive' | null;
  versionId: string;
  versionSha256: string;
  createdAt: Date;
  /** A `caps_lowered` entry's caps (decision 057); null on every other entry. */
  caps?: Caps | null;
}

/**
 * Decision 022: an entry's canonical content, a JSON array in a fixed order; an entry that carries caps
 * (decision 057) has them, in canonical JSON, as a ninth element, so that every earlier entry hashes as it did.
 */
export const canonicalEntry = (e: EntryContent) => {
  const fields = [
    e.contractId,
    e.seq,
    e.kind,
    e.actorId,
    e.actorRole,
    e.versionId,
    e.versionSha256,
    e.createdAt.toISOString(),
  ];
  if (!e.caps) return JSON.stringify(fields);
  return `${JSON.stringify(fields).slice(0, -1)},${canonicalJson(normalizeCaps(e.caps))}]`;
};

/** Between a version's text and its caps in what its SHA-256 covers: a NUL, which no contract text holds. */
const CAPS_SEPARATOR = '\n\u0000caps:';

/**
 * A version's SHA-256 (decision 022), hex: of its text alone when it carries no caps (every version
 * written before them), else of its text, a NUL and its caps in canonical JSON (decision 057).
 */
export const versionSha256 = (content: string, caps: Caps | null | undefined) =>
  caps ? sha256Hex(content + CAPS_SEPARATOR + canonicalJson(normalizeCaps(caps))) : sha256Hex(content);

/** sha256(previous hash + canonical content), hex: the one chain's link (`db/chain`). */
export const entryHash = (prevHash: string, e: EntryContent) => linkHash(prevHash, canonicalEntry(e));

/** The verdict a contract row keeps (decision 047): written with each entry, read on view. */
export interface StoredChain {
  chainEntries: number;
  chainHeadHash: string | null;
  chainBrokenAt: number | null;
  chainReason: string | null;
}

/** A new contract's: nothing recorded yet. */
export const EMPTY_CHAIN: StoredChain = {
  chainEntries: 0,
  chainHeadHash: null,
  chainBrokenAt: null,
  chainReason: null,
};

export const verdictOf = (c: StoredChain): ChainVerdict =>
  c.chainBrokenAt === null
    ? { ok: true, entries: c.chainEntries }
    : { ok: false, entries: c.chainEntries, brokenAt: c.chainBrokenAt, reason: c.chainReason ?? 'unknown' };

const storedColumns = (verdict: ChainVerdict, headHash: string | null): StoredChain => ({
  chainEntries: verdict.entries,
  chainHeadHash: headHash,
  chainBrokenAt: verdict.ok ? null : verdict.brokenAt,
  chainReason: verdict.ok ? null : verdict.reason,
});

/**
 * Appends one entry to a contract's history. The caller holds the contract row's lock, so entries of one
 * contract are appended one at a time and `seq` has no gaps (its unique index would refuse a fork).
 * `stored` is the verdict the locked row holds: when its head is the last entry (same hash, and that entry
 * hashes to it) only the new link is made and the verdict carried on; otherwise something changed the
 * history outside Pact (or it was written before verdicts were kept), and it is verified whole.
 */
export async function appendContractEvent(
  tx: Tx,
  entry: Omit<EntryContent, 'seq'>,
  stored: StoredChain,
  pairId: string,
): Promise<{ id: string; hash: string }> {
  const [last] = await tx
    .select()
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
  const intact = last
    ? stored.chainHeadHash === last.hash &&
      entryHash(last.prevHash, last) === last.hash &&
      (stored.chainBrokenAt !== null || stored.chainEntries === last.seq)
    : stored.chainHeadHash === null && stored.chainEntries === 0;
  const verdict: ChainVerdict = intact
    ? { ...verdictOf(stored), entries: stored.chainEntries + 1 }
    : await verifyContractHistory(tx, entry.contractId);
  await tx
    .update(contracts)
    .set({
      ...storedColumns(verdict, hash),
      // The first entry, or a history just verified whole.
      ...(!intact || !last ? { chainVerifiedAt: entry.createdAt } : {}),
    })
    .where(eq(contracts.id, entry.contractId));
  // The pair's record names the entry by the contract's ids and number: the text stays in the contract.
  await appendRecord(tx, {
    pairId,
    actorId: entry.actorId,
    kind: `contract.${entry.kind}`,
    data: { contractId: entry.contractId, versionId: entry.versionId, contractSeq: seq },
    at: entry.createdAt,
  });
  return { id: row!.id, hash };
}

type EventRow = typeof contractEvents.$inferSelect;

/**
 * What a view can check without hashing the history: the entries it read run 1, 2, 3… each linked to the
 * one before, each naming its text's stored hash; the last is the stored head and hashes to it; the
 * contract's text and signatures are those the entries record. True when the stored verdict still holds.
 */
export function headStillHolds(
  events: EventRow[],
  versionHashes: Map<string, string>,
  head: { current: string | null; dominant: string | null; submissive: string | null },
  stored: StoredChain,
): boolean {
  if (stored.chainHeadHash === null || events.length !== stored.chainEntries) return false;
  if (!linksHold(events) || events.some((e) => versionHashes.get(e.versionId) !== e.versionSha256))
    return false;
  const last = events.at(-1);
  if (!last || last.hash !== stored.chainHeadHash || entryHash(last.prevHash, last) !== last.hash)
    return false;
  return last.versionId === head.current && signaturesRecorded(events, head);
}

function signaturesRecorded(
  events: Pick<EventRow, 'kind' | 'actorRole' | 'versionId'>[],
  head: { dominant: string | null; submissive: string | null },
) {
  const recorded = (role: 'dominant' | 'submissive', version: string | null) =>
    version === null ||
    events.some((e) => e.kind === 'signed' && e.actorRole === role && e.versionId === version);
  return recorded('dominant', head.dominant) && recorded('submissive', head.submissive);
}

/**
 * Verifies a contract's history whole and stores the verdict (the PDF, the sweep, a view whose stored head
 * no longer matches). A write that lands meanwhile has stored its own verdict; this one is then not kept.
 */
export async function verifyAndStore(db: Db, contractId: string, now: Date): Promise<ChainVerdict> {
  const [before] = await db
    .select({ head: contracts.chainHeadHash })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  const { verdict, headHash } = await verifyChain(db, contractId);
  await db
    .update(contracts)
    .set({ ...storedColumns(verdict, headHash), chainVerifiedAt: now })
    .where(
      and(
        eq(contracts.id, contractId),
        before?.head == null ? isNull(contracts.chainHeadHash) : eq(contracts.chainHeadHash, before.head),
      ),
    );
  return verdict;
}

/** How many contracts one sweep verifies at most: the longest unverified first. */
const SWEEP_BATCH = 100;

/** The daily full verification: contracts not verified whole for a day, or never, a batch per run. */
export async function sweepContractChains({ db, clock }: { db: Db; clock: () => Date }) {
  const now = clock();
  const stale = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      or(
        isNull(contracts.chainVerifiedAt),
        lt(contracts.chainVerifiedAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)),
      ),
    )
    .orderBy(sql`${contracts.chainVerifiedAt} asc nulls first`)
    .limit(SWEEP_BATCH);
  let broken = 0;
  for (const { id } of stale) if (!(await verifyAndStore(db, id, now)).ok) broken++;
  return { verified: stale.length, broken };
}

/**
 * Recomputes a contract's history from its rows: every entry's sequence number, link to the one before,
 * own hash, and the hash of the text it names (against the stored text itself); then that the contract's
 * text and signatures are those the last entries record. Answers the first broken entry, by sequence
 * number (one past the last when entries are missing from the end).
 */
export async function verifyContractHistory(db: Queryable, contractId: string): Promise<ChainVerdict> {
  return (await verifyChain(db, contractId)).verdict;
}

async function verifyChain(
  db: Queryable,
  contractId: string,
): Promise<{ verdict: ChainVerdict; headHash: string | null }> {
  // At once on the database; one after another inside a write's transaction.
  const [events, versions] = await readTogether(
    db,
    () =>
      db
        .select()
        .from(contractEvents)
        .where(eq(contractEvents.contractId, contractId))
        .orderBy(asc(contractEvents.seq), asc(contractEvents.createdAt)),
    () =>
      db
        .select({
          id: contractVersions.id,
          content: contractVersions.content,
          caps: contractVersions.caps,
          sha256: contractVersions.sha256,
        })
        .from(contractVersions)
        .where(eq(contractVersions.contractId, contractId)),
  );
  const headHash = events.at(-1)?.hash ?? null;
  const textHash = new Map(
    versions.map((v) => [v.id, { stored: v.sha256, actual: versionSha256(v.content, v.caps) }]),
  );
  const broken = walkChain(events, canonicalEntry, (e) => {
    const text = textHash.get(e.versionId);
    return !text || text.stored !== text.actual || text.stored !== e.versionSha256 ? 'text' : null;
  });
  if (broken) {
    return { verdict: { ok: false, entries: events.length, ...broken } as ChainVerdict, headHash };
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
  if (head && (events.at(-1)?.versionId !== head.current || !signaturesRecorded(events, head))) {
    return {
      verdict: { ok: false, entries: events.length, brokenAt: events.length + 1, reason: 'head' },
      headHash,
    };
  }
  return { verdict: { ok: true, entries: events.length }, headHash };
}
