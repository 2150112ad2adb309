import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { punishmentTagsInput } from '@/shared/schemas/punishments';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { punishments } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Emit } from '../../realtime/publisher';
import { freeMedia, removeFiles } from '../media/media.claims';
import { assertWithinLimits } from '../pairs/pairs.limits';
import { appendRecord } from '../pairs/pairs.record';
import { answerRequest } from '../pairs/pairs.requests';
import { lockInActorPairs, type PairRow } from '../pairs/pairs.scope';
import { assertNotStopped } from '../pairs/pairs.stops';
import { announcePunishment } from './punishments.events';
import { authorizePunishment } from './punishments.policy';
import { loadPunishment, PUNISHMENT_NOT_FOUND } from './punishments.queries';

type PunishmentRow = typeof punishments.$inferSelect;

/**
 * The dominant changes an open punishment's limit tags (decision 056): checked like a create, beside the
 * stopped guard. A paused one comes back only once it no longer crosses a No; a Maybe of the submissive
 * makes it a request again.
 */
export async function editPunishmentTags(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof punishmentTagsInput> & { id: string },
) {
  return deps.publisher.transaction(async (tx, emit) => {
    const { row, pair } = await lockInActorPairs(tx, punishments, input.id, actor, PUNISHMENT_NOT_FOUND);
    const now = deps.clock();
    authorizePunishment(actor, row, pair, 'editTags', now);
    await assertNotStopped(tx, pair.id);
    const limitState = await assertWithinLimits(tx, pair, input.limitTags);
    await tx
      .update(punishments)
      .set({ limitTags: input.limitTags, limitState, updatedAt: now })
      .where(eq(punishments.id, row.id));
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'punishment.tags_edited',
      data: { punishmentId: row.id },
      at: now,
    });
    announcePunishment(emit, pair, row.id);
    return loadPunishment(tx, row.id);
  });
}

/** The dominant deletes a punishment (a paused one, say): it goes with its voice note and aftercare ask. */
export async function deletePunishment(deps: AppDeps, actor: Actor, input: { id: string }) {
  const keys = await deps.publisher.transaction(async (tx, emit) => {
    const { row, pair } = await lockInActorPairs(tx, punishments, input.id, actor, PUNISHMENT_NOT_FOUND);
    authorizePunishment(actor, row, pair, 'delete', deps.clock());
    return erasePunishment(tx, emit, deps, actor, row, pair, 'punishment.deleted');
  });
  await removeFiles(deps, keys);
}

/**
 * The submissive answers a punishment request (decision 056): accepted, it is an ordinary punishment;
 * declined, erased.
 */
export async function answerPunishmentRequest(
  deps: AppDeps,
  actor: Actor,
  input: { id: string; accept: boolean },
) {
  await answerRequest(deps, actor, input.accept, {
    lock: (tx) => lockInActorPairs(tx, punishments, input.id, actor, PUNISHMENT_NOT_FOUND),
    authorize: (row, pair, now) => authorizePunishment(actor, row, pair, 'answerRequest', now),
    activate: (tx, row, now) =>
      tx.update(punishments).set({ limitState: null, updatedAt: now }).where(eq(punishments.id, row.id)),
    accepted: 'punishment.accepted',
    recordData: (punishmentId) => ({ punishmentId }),
    announce: announcePunishment,
    erase: (tx, emit, row, pair) => erasePunishment(tx, emit, deps, actor, row, pair, 'punishment.declined'),
  });
  return input.accept ? { punishment: await loadPunishment(deps.db, input.id) } : { punishment: null };
}

async function erasePunishment(
  tx: Tx,
  emit: Emit,
  deps: AppDeps,
  actor: Actor,
  row: PunishmentRow,
  pair: PairRow,
  kind: 'punishment.deleted' | 'punishment.declined',
) {
  await tx.delete(punishments).where(eq(punishments.id, row.id));
  const removed = await freeMedia(tx, [row.voiceNote]);
  await appendRecord(tx, {
    pairId: pair.id,
    actorId: actor.id,
    kind,
    data: { punishmentId: row.id },
    at: deps.clock(),
  });
  announcePunishment(emit, pair, row.id);
  return removed;
}
