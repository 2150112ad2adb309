import { and, eq } from 'drizzle-orm';
import type { MediaView } from '@/shared/schemas/media';
import { type ProofKeep, proofKeepDays } from '@/shared/texts/media';
import { type Actor, requireActingRole } from '../../auth/session';
import { media } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { processAudio, processPhoto } from '../../media/process';
import { inActorPairs } from '../pairs/pairs.scope';
import { findPairInRole, resolvePair } from '../pairs/pairs.service';
import { notHeldForUndo } from './media.claims';

export const presentMedia = (row: typeof media.$inferSelect): MediaView => ({
  id: row.id,
  kind: row.kind,
  mime: row.mime,
  sizeBytes: row.sizeBytes,
  durationMs: row.durationMs,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** `keep`: how long the sender keeps it (decision 076); absent, until they delete it. */
export type UploadInput = { partnerId: string; read: () => Promise<Buffer>; keep?: ProofKeep } & (
  | { kind: 'photo' }
  | { kind: 'audio'; durationMs: number }
);

/**
 * Stores an upload for the pair the actor forms with `partnerId` (created if they are connected). The
 * right to upload is checked before a byte of the body is read: a stranger's upload costs nothing. The
 * file stays unclaimed until a feature attaches it; unclaimed files are swept after a day.
 */
export async function uploadMedia(deps: AppDeps, actor: Actor, input: UploadInput) {
  const role = requireActingRole(actor);
  const noPartner = () => notFound('No partner connection found');
  // Read only: an upload refused below (too large, not an image) leaves the pair row as it was.
  const found = await findPairInRole(deps.db, actor.id, role, input.partnerId);
  if (!found) throw noPartner();
  const body = await input.read();
  const processed =
    input.kind === 'photo'
      ? { ...(await processPhoto(body)), durationMs: null }
      : await processAudio(body, input.durationMs);
  // Two connected people without a pair yet form it now, once the file is accepted.
  const pair =
    found === 'formable'
      ? await deps.db.transaction((tx) => resolvePair(tx, actor.id, role, input.partnerId, deps.clock()))
      : found;
  if (!pair) throw noPartner();
  const key = await deps.storage.put(processed.data, processed.extension);
  const now = deps.clock();
  const days = input.keep ? proofKeepDays(input.keep) : null;
  try {
    const [row] = await deps.db
      .insert(media)
      .values({
        pairId: pair.id,
        ownerId: actor.id,
        kind: input.kind,
        mime: processed.mime,
        sizeBytes: processed.data.length,
        durationMs: processed.durationMs,
        storageKey: key,
        createdAt: now,
        expiresAt: days === null ? null : new Date(now.getTime() + days * DAY_MS),
      })
      .returning();
    return presentMedia(row!);
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
}

/** A file, for the two members of its (active) pair only; anyone else is told it does not exist. */
export async function readMedia(deps: AppDeps, actor: Actor, input: { id: string }) {
  const [row] = await deps.db
    .select()
    .from(media)
    .where(and(eq(media.id, input.id), inActorPairs(media.pairId, actor), notHeldForUndo))
    .limit(1);
  const data = row ? await deps.storage.get(row.storageKey) : null;
  if (!row || !data) throw notFound('File not found');
  return { row, data };
}
