import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { notify } from '@/shared/domain/notifications';
import { type createPunishmentInput, PUNISHMENT_MESSAGES } from '@/shared/schemas/punishments';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { bound, preparedInTransaction } from '../../db/prepared';
import { punishments } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { claimIdempotencyKey, type IdempotencyKey } from '../../http/idempotency';
import { claimMedia } from '../media/media.claims';
import { createNotification } from '../notifications/notifications.service';
import { pairForCreate } from '../pairs/pairs.create';
import { guardDemand } from '../pairs/pairs.demands';
import { linkInfraction } from '../pairs/pairs.infractions';
import { assertWithinLimits, limitTagTitles } from '../pairs/pairs.limits';
import { requireSessionRole } from '../pairs/pairs.policy';
import { appendRecord } from '../pairs/pairs.record';
import { lockInActorPairs } from '../pairs/pairs.scope';
import { listPartnersIn } from '../pairs/pairs.service';
import { announcePunishment } from './punishments.events';
import { presentPunishment } from './punishments.presenter';
import { loadPunishment, PUNISHMENT_NOT_FOUND } from './punishments.queries';

type CreateInput = z.output<typeof createPunishmentInput>;

const noPartner = () => notFound(PUNISHMENT_MESSAGES.noPartner);

/** A new punishment, every column given, the whole row returned: one prepared statement. */
const insertPunishment = preparedInTransaction((tx) =>
  tx
    .insert(punishments)
    .values({
      id: bound('id'),
      pairId: bound('pairId'),
      assignedBy: bound('assignedBy'),
      assignedTo: bound('assignedTo'),
      title: bound('title'),
      description: bound('description'),
      severity: bound('severity'),
      reason: bound('reason'),
      notes: bound('notes'),
      aftercareRequired: bound('aftercareRequired'),
      timerEnabled: bound('timerEnabled'),
      timerDuration: bound('timerDuration'),
      voiceNote: bound('voiceNote'),
      voiceNoteDescription: bound('voiceNoteDescription'),
      areas: sql`${bound('areas')}::text[]`,
      createdAt: bound('now'),
      updatedAt: bound('now'),
      limitTags: bound('limitTags'),
      limitState: bound('limitState'),
    })
    .returning()
    .prepare('punishment_create'),
);

/** The chosen submissive, or (spec 2 §5) the first partner who can take the submissive role. */
async function submissiveFor(tx: Tx, actor: Actor, chosen: string | null) {
  if (chosen) return chosen;
  const first = (await listPartnersIn(tx, actor.id)).find((p) => p.role !== 'dominant');
  if (!first) throw noPartner();
  return first.id;
}

/** The dominant assigns a punishment to a submissive of one of their pairs; the submissive is notified. */
export async function createPunishment(
  deps: AppDeps,
  actor: Actor,
  input: CreateInput,
  key: IdempotencyKey | null = null,
) {
  requireSessionRole(actor, 'dominant', 'Only the dominant can assign punishments');
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    // Written after its voice note is claimed: the id is chosen first, for the claim to name it.
    const punishmentId = randomUUID();
    const prior = await claimIdempotencyKey(tx, key, punishmentId, now);
    if (prior) {
      // A replay answers the punishment while the pair lasts; a former partner's key finds nothing (404).
      const found = await lockInActorPairs(tx, punishments, prior, actor, PUNISHMENT_NOT_FOUND);
      return loadPunishment(tx, found.row.id);
    }
    const assignedTo = await submissiveFor(tx, actor, input.assignedTo);
    const pair = await pairForCreate(tx, actor.id, 'dominant', assignedTo, now);
    if (!pair) throw noPartner();
    // Nothing new is asked while Red or Yellow holds the pair (decision 049), nor past a cap of the contract
    // (decision 057): the one guard, with what was read with the pair.
    const demand = {
      kind: 'punishment' as const,
      areas: input.areas,
      severity: input.severity,
      timerMinutes: input.timerEnabled ? input.timerDuration : null,
    };
    await guardDemand(tx, pair.id, demand, now, pair);
    // Beside the guard: a No of either partner refuses it, the submissive's Maybe makes a request (decision 056).
    const limitState = await assertWithinLimits(tx, pair, input.limitTags);
    if (input.voiceNoteId) {
      await claimMedia(
        tx,
        actor,
        {
          id: input.voiceNoteId,
          pairId: pair.id,
          kind: 'audio',
          holder: 'punishment',
          holderId: punishmentId,
        },
        now,
      );
    }
    // The written row comes back whole: nothing is read again (decision 046).
    const [row] = await insertPunishment(tx, {
      id: punishmentId,
      pairId: pair.id,
      assignedBy: actor.id,
      assignedTo,
      title: input.title,
      description: input.description,
      severity: input.severity,
      reason: input.reason,
      notes: input.notes,
      aftercareRequired: input.aftercareRequired,
      timerEnabled: input.timerEnabled,
      timerDuration: input.timerDuration,
      voiceNote: input.voiceNoteId,
      voiceNoteDescription: input.voiceNoteId ? input.voiceNoteDescription || null : null,
      areas: input.areas,
      now,
      limitTags: input.limitTags,
      limitState,
    });
    const infraction = input.infractionId
      ? await linkInfraction(tx, emit, {
          infractionId: input.infractionId,
          pair,
          punishmentId,
          actorId: actor.id,
          now,
        })
      : null;
    await createNotification(
      tx,
      emit,
      assignedTo,
      (limitState === 'requested' ? notify.punishmentRequested : notify.punishmentAssigned)({
        assignerName: actor.name,
        title: row!.title,
        punishmentId,
        pairId: pair.id,
      }),
    );
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'punishment.assigned',
      data: { punishmentId },
      at: now,
    });
    announcePunishment(emit, pair, punishmentId);
    return presentPunishment(
      {
        punishment: row!,
        assignedByName: actor.name,
        assignedToName: pair.partnerName,
        dominantId: pair.dominantId,
        submissiveId: pair.submissiveId,
        infraction,
      },
      await limitTagTitles(tx, [input.limitTags]),
    );
  });
}
