import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { media, taskDeletions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, invalid } from '../../http/errors';

/** Unclaimed uploads (a form abandoned after its upload) are removed once they are this old. */
export const UNCLAIMED_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface Claim {
  /** The upload to attach. */
  id: string;
  /** The pair of the row that will hold it. */
  pairId: string;
  kind: 'photo' | 'audio';
  /** Which kind of row holds it, e.g. 'task' (every file of a task: its voice note, proofs, history). */
  holder: string;
  /**
   * Which row holds it: the task (for its history entries too), the punishment, the message. A row inserted
   * after its claim gets its id up front (`randomUUID()`). The database refuses a row pointed at a
   * file whose claim does not name it.
   */
  holderId: string;
}

/**
 * Attaches an upload to a feature's row, in the caller's transaction: one conditional update on the
 * media row, which succeeds only for a file the actor uploaded for this pair, of this kind, not yet
 * attached anywhere. Two claims racing for one file: the second waits for the first's row lock, then
 * finds it taken. Nobody attaches someone else's file or moves one between pairs; a claim, once made,
 * stays with its row (the database refuses moving it).
 */
export async function claimMedia(tx: Tx, actor: Actor, claim: Claim, now: Date) {
  const mine = and(
    eq(media.id, claim.id),
    eq(media.pairId, claim.pairId),
    eq(media.ownerId, actor.id),
    eq(media.kind, claim.kind),
  );
  const claimed = await tx
    .update(media)
    .set({ attachedTo: claim.holder, attachedId: claim.holderId, attachedAt: now })
    .where(and(mine, isNull(media.attachedTo)))
    .returning({ id: media.id });
  if (claimed.length > 0) return;
  const label = claim.kind === 'photo' ? 'Photo' : 'Voice note';
  const [exists] = await tx.select({ id: media.id }).from(media).where(mine).limit(1);
  if (!exists) throw invalid(`${label} not found: upload it again`);
  throw conflict(`${label} is already attached elsewhere`);
}

/**
 * Frees files a feature no longer holds: deletes their rows in the transaction and returns the storage
 * keys, for `removeFiles` once the transaction has committed.
 */
export async function freeMedia(tx: Tx, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return [];
  const rows = await tx.delete(media).where(inArray(media.id, wanted)).returning({ key: media.storageKey });
  return rows.map((row) => row.key);
}

/**
 * A file not held for a deleted task's Undo (decision 099): such a file is gone for both partners at once,
 * from reads and from exports, though kept a minute in case the deletion is undone.
 */
export const notHeldForUndo = sql`not exists (select 1 from ${taskDeletions} where ${media.attachedTo} = 'task' and ${taskDeletions.taskId} = ${media.attachedId})`;

/** Removes files after their rows are gone; a file that cannot be removed is logged, not fatal. */
export async function removeFiles(deps: Pick<AppDeps, 'storage' | 'log'>, keys: string[]) {
  for (const key of keys) {
    await deps.storage.delete(key).catch((error) => deps.log.error({ err: error }, 'media file not removed'));
  }
}

/** Deletes uploads nobody claimed within a day, rows and files. Returns how many went. */
export async function sweepUnclaimedMedia(deps: Pick<AppDeps, 'db' | 'storage' | 'log' | 'clock'>) {
  const cutoff = new Date(deps.clock().getTime() - UNCLAIMED_MAX_AGE_MS);
  const rows = await deps.db
    .delete(media)
    .where(and(isNull(media.attachedTo), lt(media.createdAt, cutoff)))
    .returning({ key: media.storageKey });
  await removeFiles(
    deps,
    rows.map((row) => row.key),
  );
  return rows.length;
}
