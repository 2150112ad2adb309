import { createHash } from 'node:crypto';

/**
 * The one hash chain of Pact (decisions 022, 053): the contract's history and the pair's record. Each entry
 * is numbered 1, 2, 3… in its chain, carries the hash of the entry before (the first, a fixed genesis) and
 * its own: sha256(previous hash + the entry's canonical content), hex. Each chain says what its canonical
 * content is; this module links, hashes and checks.
 */

/** The hash the first entry of every chain links to. */
export const GENESIS_HASH = '0'.repeat(64);

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** An entry's hash: sha256(previous hash + canonical content), hex. */
export const linkHash = (prevHash: string, canonical: string) => sha256Hex(prevHash + canonical);

/**
 * JSON with every object's keys in code-point order, so that content stored as `jsonb` (which keeps its own
 * key order) hashes the same when it is read back.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** An entry as the chain checks it. */
export interface Linked {
  seq: number;
  prevHash: string;
  hash: string;
}

/** Where a chain broke: the entry's sequence number and why ('sequence', 'link', 'hash', or the chain's own). */
export interface ChainBreak {
  brokenAt: number;
  reason: string;
}

/**
 * Walks entries read in sequence order: each must be numbered one more than the one before, link to its
 * hash, and hash to its own from its canonical content; `check` adds a chain's own test of an entry (a
 * reason, or null). `after` is the entry the walk goes on from (a chain read in batches); by default the
 * walk starts at the genesis. Answers the first break, or null.
 */
export function walkChain<E extends Linked>(
  entries: readonly E[],
  canonical: (entry: E) => string,
  check?: (entry: E) => string | null,
  after: { seq: number; hash: string } = { seq: 0, hash: GENESIS_HASH },
): ChainBreak | null {
  let prevHash = after.hash;
  for (const [i, e] of entries.entries()) {
    const at = after.seq + i + 1;
    if (e.seq !== at) return { brokenAt: at, reason: 'sequence' };
    if (e.prevHash !== prevHash) return { brokenAt: at, reason: 'link' };
    if (linkHash(prevHash, canonical(e)) !== e.hash) return { brokenAt: at, reason: 'hash' };
    const own = check?.(e);
    if (own) return { brokenAt: at, reason: own };
    prevHash = e.hash;
  }
  return null;
}

/** Whether entries read in order link 1, 2, 3… from the genesis, without hashing them (a view's quick check). */
export function linksHold(entries: readonly Linked[]): boolean {
  let prevHash = GENESIS_HASH;
  for (const [i, e] of entries.entries()) {
    if (e.seq !== i + 1 || e.prevHash !== prevHash) return false;
    prevHash = e.hash;
  }
  return true;
}
