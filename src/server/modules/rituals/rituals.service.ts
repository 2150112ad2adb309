import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { dateIn } from '@/shared/domain/calendar';
import { notify } from '@/shared/domain/notifications';
import {
  type createRitualInput,
  RITUALS_IN_USE_MAX,
  RITUALS_TEXT,
  type RitualView,
  type updateRitualInput,
} from '@/shared/schemas/rituals';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { rituals, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, notFound } from '../../http/errors';
import { claimIdempotencyKey, type IdempotencyKey } from '../../http/idempotency';
import type { Emit } from '../../realtime/publisher';
import { createNotification } from '../notifications/notifications.service';
import { pairForCreate } from '../pairs/pairs.create';
import { guardDemand } from '../pairs/pairs.demands';
import { requireSessionRole } from '../pairs/pairs.policy';
import { appendRecord } from '../pairs/pairs.record';
import type { PairRow } from '../pairs/pairs.scope';
import { type FoundRitual, lockRitual, pairOf, readRitual } from './rituals.queries';

type CreateInput = z.output<typeof createRitualInput>;
type UpdateInput = z.output<typeof updateRitualInput>;

/*
 * Rituals (decisions 072 and 074): the pair's dominant sets, changes and retires them. Setting or changing
 * one asks something of the submissive, so it is held like a rule (decision 064) by Red, Yellow and the
 * first negotiation; retiring one takes a demand away and is never held.
 */

/** Both partners refetch the pair's rituals (ids only). */
export const announceRitual = (emit: Emit, pair: PairRow, ritualId: string) =>
  emit([pair.dominantId, pair.submissiveId], 'ritual.changed', { ritualId, pairId: pair.id });

type RitualNotice = ReturnType<typeof notify.ritualSet> | ReturnType<typeof notify.ritualRetired>;
type RecordKind = 'ritual.set' | 'ritual.edited' | 'ritual.retired';

/**
 * The tail every dominant's write shares: the submissive is told, the record keeps what happened (ids
 * only) and both partners refetch.
 */
async function tellAndRecord(
  tx: Tx,
  emit: Emit,
  actor: Actor,
  pair: PairRow,
  change: { notice: RitualNotice; kind: RecordKind; ritualId: string; at: Date },
) {
  await createNotification(tx, emit, pair.submissiveId, change.notice);
  await appendRecord(tx, {
    pairId: pair.id,
    actorId: actor.id,
    kind: change.kind,
    data: { ritualId: change.ritualId },
    at: change.at,
  });
  announceRitual(emit, pair, change.ritualId);
}

const RITUAL_DEMAND = { kind: 'ritual' } as const;

const contentOf = (input: CreateInput | UpdateInput) => ({
  name: input.name,
  steps: input.steps,
  days: input.days,
  time: input.time,
  award: input.award,
});

/**
 * POST /api/rituals: the dominant sets a new ritual for the pair with `partnerId`, in their own time zone,
 * counted from today there. At most RITUALS_IN_USE_MAX in use (409). The submissive is told.
 */
export async function createRitual(
  deps: AppDeps,
  actor: Actor,
  input: CreateInput,
  key: IdempotencyKey | null = null,
): Promise<RitualView> {
  requireSessionRole(actor, 'dominant', RITUALS_TEXT.onlyDominantWrites);
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    // A retry of the same write (its Idempotency-Key) answers the ritual it made while the pair lasts.
    const id = randomUUID();
    const prior = await claimIdempotencyKey(tx, key, id, now);
    if (prior) return readRitual(tx, (await lockRitual(tx, actor, prior, 'share')).id, now);
    const pair = await pairForCreate(tx, actor.id, 'dominant', input.partnerId, now);
    if (!pair) throw notFound('No partner connection found with the selected submissive');
    await guardDemand(tx, pair.id, RITUAL_DEMAND, now, pair);
    // Counted without a lock of its own, as the rules are: two set at the same instant may pass the cap by
    // one. It keeps the list readable and guards nothing else.
    const [inUse] = await tx
      .select({ n: count() })
      .from(rituals)
      .where(and(eq(rituals.pairId, pair.id), isNull(rituals.retiredAt)));
    if ((inUse?.n ?? 0) >= RITUALS_IN_USE_MAX) throw conflict(RITUALS_TEXT.tooMany);
    const timeZone = pair.actorTimeZone;
    const since = dateIn(now, timeZone);
    await tx.insert(rituals).values({
      id,
      pairId: pair.id,
      ...contentOf(input),
      timeZone,
      since,
      daysFrom: since,
      createdAt: now,
      updatedAt: now,
    });
    await tellAndRecord(tx, emit, actor, pair, {
      notice: notify.ritualSet({
        by: actor.name,
        name: input.name,
        ritualId: id,
        pairId: pair.id,
        partnerId: pair.dominantId,
        edited: false,
      }),
      kind: 'ritual.set',
      ritualId: id,
      at: now,
    });
    return readRitual(tx, id, now);
  });
}

/** The pair's dominant, acting as the dominant; its submissive is refused (403). */
function requireRitualWriter(actor: Actor, ritual: FoundRitual) {
  if (ritual.dominantId !== actor.id) throw forbidden(RITUALS_TEXT.onlyDominantWrites);
}

/**
 * PATCH /api/rituals/:id: the dominant changes a ritual, set again in their time zone now. Marks already
 * given stay as they were; `since` stays the day it began, and new days apply from today (`days_from`): the
 * days before count as they were marked. The submissive is told.
 */
export async function updateRitual(
  deps: AppDeps,
  actor: Actor,
  id: string,
  input: UpdateInput,
): Promise<RitualView> {
  requireSessionRole(actor, 'dominant', RITUALS_TEXT.onlyDominantWrites);
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    const ritual = await lockRitual(tx, actor, id, 'update');
    requireRitualWriter(actor, ritual);
    await guardDemand(tx, ritual.pairId, RITUAL_DEMAND, now);
    const [dominant] = await tx
      .select({ timeZone: users.timeZone })
      .from(users)
      .where(eq(users.id, actor.id));
    const timeZone = dominant?.timeZone ?? ritual.timeZone;
    const content = contentOf(input);
    // New days apply from today on; the days before are counted as they were marked (decision 074).
    const sameDays = content.days.join() === ritual.days.join();
    await tx
      .update(rituals)
      .set({
        ...content,
        timeZone,
        daysFrom: sameDays ? ritual.daysFrom : dateIn(now, timeZone),
        updatedAt: now,
      })
      .where(eq(rituals.id, id));
    const pair = pairOf(ritual);
    await tellAndRecord(tx, emit, actor, pair, {
      notice: notify.ritualSet({
        by: actor.name,
        name: input.name,
        ritualId: id,
        pairId: pair.id,
        partnerId: pair.dominantId,
        edited: true,
      }),
      kind: 'ritual.edited',
      ritualId: id,
      at: now,
    });
    return readRitual(tx, id, now);
  });
}

/**
 * DELETE /api/rituals/:id: the dominant retires a ritual. It is no longer listed, changed or marked; it and
 * its marks stay for the record and the export. Allowed while Red holds the pair: it takes a demand away.
 */
export async function retireRitual(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  requireSessionRole(actor, 'dominant', RITUALS_TEXT.onlyDominantWrites);
  const now = deps.clock();
  await deps.publisher.transaction(async (tx, emit) => {
    const ritual = await lockRitual(tx, actor, id, 'update');
    requireRitualWriter(actor, ritual);
    await tx.update(rituals).set({ retiredAt: now, updatedAt: now }).where(eq(rituals.id, id));
    const pair = pairOf(ritual);
    await tellAndRecord(tx, emit, actor, pair, {
      notice: notify.ritualRetired({
        by: actor.name,
        name: ritual.name,
        ritualId: id,
        pairId: pair.id,
        partnerId: pair.dominantId,
      }),
      kind: 'ritual.retired',
      ritualId: id,
      at: now,
    });
  });
}
