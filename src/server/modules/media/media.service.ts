import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MediaView } from '@/shared/schemas/tasks';
import { type Actor, requireActingRole } from '../../auth/session';
import type { Db } from '../../db/client';
import { media, taskCompletions, tasks } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Logger } from '../../logger';
import { processAudio, processPhoto } from '../../media/process';
import type { MediaStorage } from '../../media/storage';
import type { Publisher, Tx } from '../../realtime/publisher';
import { activePairIdsOf, resolvePair } from '../pairs/pairs';

export interface MediaDeps {
  db: Db;
  publisher: Publisher;
  storage: MediaStorage;
  log: Logger;
  clock: () => Date;
}

export const presentMedia = (row: typeof media.$inferSelect): MediaView => ({
  id: row.id,
  kind: row.kind,
  mime: row.mime,
  sizeBytes: row.sizeBytes,
  durationMs: row.durationMs,
});

/** Stores an upload for the pair the actor forms with `partnerId` (created if they are connected). */
export async function uploadMedia(
  deps: MediaDeps,
  actor: Actor,
  input: { partnerId: string; kind: 'photo' | 'audio'; body: Buffer; durationMs?: number | undefined },
) {
  const role = requireActingRole(actor);
  const processed =
    input.kind === 'photo'
      ? { ...(await processPhoto(input.body)), durationMs: null }
      : await processAudio(input.body, input.durationMs ?? 0);
  const key = await deps.storage.put(processed.data, processed.extension);
  try {
    return await deps.db.transaction(async (tx) => {
      const pair = await resolvePair(tx, actor.id, role, input.partnerId, deps.clock());
      if (!pair) throw new AppError(404, 'NOT_FOUND', 'No partner connection found');
      const [row] = await tx
        .insert(media)
        .values({
          pairId: pair.id,
          ownerId: actor.id,
          kind: input.kind,
          mime: processed.mime,
          sizeBytes: processed.data.length,
          durationMs: processed.durationMs,
          storageKey: key,
        })
        .returning();
      return presentMedia(row!);
    });
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
}

/** A file, for the two members of its (active) pair only; anyone else is told it does not exist. */
export async function readMedia(deps: MediaDeps, actor: Actor, id: string) {
  const [row] = await deps.db
    .select()
    .from(media)
    .where(and(eq(media.id, id), sql`${media.pairId} in ${activePairIdsOf(actor.id)}`))
    .limit(1);
  const data = row ? await deps.storage.get(row.storageKey) : null;
  if (!row || !data) throw new AppError(404, 'NOT_FOUND', 'File not found');
  return { row, data };
}

/**
 * A file the actor uploaded for this pair, of this kind, not yet used anywhere else: the only kind a task
 * may point to, so that nobody attaches someone else's file or moves one between pairs.
 */
export async function claimMedia(tx: Tx, actor: Actor, id: string, pairId: string, kind: 'photo' | 'audio') {
  const [row] = await tx
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.id, id), eq(media.pairId, pairId), eq(media.ownerId, actor.id), eq(media.kind, kind)))
    .limit(1);
  const label = kind === 'photo' ? 'Photo' : 'Voice note';
  if (!row) throw new AppError(400, 'VALIDATION_ERROR', `${label} not found: upload it again`);
  const [used] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(sql`${tasks.photoProof} = ${id} or ${tasks.voiceNote} = ${id}`)
    .limit(1);
  const [usedInHistory] = await tx
    .select({ id: taskCompletions.id })
    .from(taskCompletions)
    .where(sql`${taskCompletions.photoProof} = ${id} or ${taskCompletions.voiceNote} = ${id}`)
    .limit(1);
  if (used || usedInHistory) throw new AppError(409, 'CONFLICT', `${label} is already attached elsewhere`);
}

/** Deletes media rows (in the transaction) and returns their storage keys, to remove after commit. */
export async function deleteMediaRows(tx: Tx, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return [];
  const rows = await tx.delete(media).where(inArray(media.id, wanted)).returning({ key: media.storageKey });
  return rows.map((r) => r.key);
}

export async function removeFiles(deps: MediaDeps, keys: string[]) {
  for (const key of keys) {
    await deps.storage.delete(key).catch((error) => deps.log.error({ err: error }, 'media file not removed'));
  }
}
