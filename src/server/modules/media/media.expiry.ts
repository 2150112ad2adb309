import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { ProofGone } from '@/shared/texts/media';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { journalMessages, media, pairs, punishments, taskCompletions, tasks } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';
import { appendRecord } from '../pairs/pairs.record';
import { removeFiles } from './media.claims';

/** How many expired files one transaction of the sweep removes; the sweep goes on until none is left. */
export const EXPIRY_BATCH = 200;

interface Removed {
  id: string;
  pairId: string;
  ownerId: string;
  attachedTo: string | null;
  attachedId: string | null;
}

/**
 * Marks where each file was, in every row that holds it as a proof (decision 076): a task and its history
 * entry may hold the same photo. The file columns themselves are emptied by their foreign keys (`set
 * null`) when the media row is deleted next. A task's instruction voice note has no mark: only proofs
 * are given a keep-time by the app.
 */
async function markHolders(tx: Tx, ids: string[], gone: ProofGone) {
  await tx.update(tasks).set({ photoProofGone: gone }).where(inArray(tasks.photoProof, ids));
  await tx.update(tasks).set({ voiceProofGone: gone }).where(inArray(tasks.voiceProof, ids));
  await tx
    .update(taskCompletions)
    .set({ photoProofGone: gone })
    .where(inArray(taskCompletions.photoProof, ids));
  await tx
    .update(taskCompletions)
    .set({ voiceProofGone: gone })
    .where(inArray(taskCompletions.voiceProof, ids));
  await tx.update(punishments).set({ voiceNoteGone: gone }).where(inArray(punishments.voiceNote, ids));
  await tx
    .update(journalMessages)
    .set({ voiceNoteGone: gone })
    .where(inArray(journalMessages.voiceNote, ids));
}

/** The row that held a file, under the key the record names such a row by (its subject). */
const HOLDER_KEYS: Record<string, string> = {
  task: 'taskId',
  punishment: 'punishmentId',
  message: 'messageId',
};
const holderOf = (row: Removed) =>
  row.attachedTo && row.attachedId ? { [HOLDER_KEYS[row.attachedTo] ?? 'holderId']: row.attachedId } : {};

/**
 * Removes files in the caller's transaction: the rows that held them marked, the media rows deleted (their
 * holders' file columns emptied), one record entry each (ids only: the file, the kind of row that held it
 * and that row), and `proof.removed` for both partners of each pair. Answers the storage keys, for
 * `removeFiles` once the transaction has committed.
 */
async function removeProofs(
  tx: Tx,
  emit: Emit,
  rows: Removed[],
  gone: ProofGone,
  by: string | null,
  now: Date,
) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  await markHolders(tx, ids, gone);
  const keys = await tx.delete(media).where(inArray(media.id, ids)).returning({ key: media.storageKey });
  for (const row of rows) {
    await appendRecord(tx, {
      pairId: row.pairId,
      // An expiry is the sender's choice made at upload: the entry names them.
      actorId: by ?? row.ownerId,
      kind: gone === 'expired' ? 'proof.expired' : 'proof.deleted',
      data: { mediaId: row.id, ...holderOf(row) },
      at: now,
    });
  }
  const pairIds = [...new Set(rows.map((r) => r.pairId))];
  const members = await tx
    .select({ id: pairs.id, dominantId: pairs.dominantId, submissiveId: pairs.submissiveId })
    .from(pairs)
    .where(inArray(pairs.id, pairIds));
  for (const pair of members) {
    emit([pair.dominantId, pair.submissiveId], 'proof.removed', { pairId: pair.id });
  }
  return keys.map((k) => k.key);
}

const removedColumns = {
  id: media.id,
  pairId: media.pairId,
  ownerId: media.ownerId,
  attachedTo: media.attachedTo,
  attachedId: media.attachedId,
};

/**
 * The files whose keep-time has run out at the clock's now (decision 076), a batch per transaction: each
 * row locked (an early deletion racing it waits, then finds it gone), its holders marked `expired`, the
 * row deleted, the record written; the bytes (a file under DATA_DIR/media or a `media_blobs` row) removed
 * once committed. Run hourly by the one instance that claims the hour; answers how many expired.
 */
export async function expireProofs(deps: Pick<AppDeps, 'publisher' | 'storage' | 'log' | 'clock'>) {
  const now = deps.clock();
  let total = 0;
  for (;;) {
    const { keys, count } = await deps.publisher.transaction(async (tx, emit) => {
      const due = await tx
        .select(removedColumns)
        .from(media)
        .where(and(isNotNull(media.expiresAt), lte(media.expiresAt, now)))
        .orderBy(asc(media.expiresAt), asc(media.id))
        .limit(EXPIRY_BATCH)
        .for('update', { skipLocked: true });
      return { keys: await removeProofs(tx, emit, due, 'expired', null, now), count: due.length };
    });
    await removeFiles(deps, keys);
    total += count;
    if (count < EXPIRY_BATCH) return total;
  }
}

/**
 * The sender deletes a file they sent, before its time (decision 076): only its owner, whatever the pair's
 * state (a former partner keeps the right to delete what they sent); anyone else is told it does not
 * exist. The item keeps a `deleted` mark; nothing else about it changes (a task stays completed).
 */
export async function deleteProof(deps: AppDeps, actor: Actor, input: { id: string }) {
  const now = deps.clock();
  const keys = await deps.publisher.transaction(async (tx, emit) => {
    const [row] = await tx
      .select(removedColumns)
      .from(media)
      .where(and(eq(media.id, input.id), eq(media.ownerId, actor.id)))
      .limit(1)
      .for('update');
    if (!row) throw notFound('File not found');
    return removeProofs(tx, emit, [row], 'deleted', actor.id, now);
  });
  await removeFiles(deps, keys);
}
