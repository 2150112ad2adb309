import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AREA_LABELS, normalizeCaps, touchedProtected } from '@/shared/domain/caps';
import { notify } from '@/shared/domain/notifications';
import {
  type askPermissionInput,
  type decidePermissionInput,
  PERMISSIONS_TEXT,
  type PermissionRequestView,
} from '@/shared/schemas/permissions';
import type { RecordKind } from '@/shared/schemas/record';
import type { Actor } from '../../auth/session';
import type { Tx } from '../../db/client';
import { permissionRequests } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { capExceeded, conflict, forbidden } from '../../http/errors';
import { claimIdempotencyKey, type IdempotencyKey } from '../../http/idempotency';
import type { Emit } from '../../realtime/publisher';
import { createNotification } from '../notifications/notifications.service';
import { readDemandContext } from '../pairs/pairs.demands';
import { assertWithinLimits } from '../pairs/pairs.limits';
import { requireSessionRole } from '../pairs/pairs.policy';
import { appendRecord } from '../pairs/pairs.record';
import type { PairRow } from '../pairs/pairs.scope';
import { pairBetween, pairOfRequest, readRequest } from './permissions.queries';

type AskInput = z.output<typeof askPermissionInput>;
type DecideInput = z.output<typeof decidePermissionInput>;

/*
 * Permission requests (decision 069). The submissive asks the dominant; the dominant grants or denies it
 * once; the submissive may withdraw it while it waits. Nothing here is a demand (decision 057): asking is
 * the submissive asking for themselves, and an answer only answers them, so Red, Yellow and the first
 * negotiation hold none of it. A request never concerns a protected area of the contract in force, nor a
 * limit item either partner said No to.
 */

const announce = (emit: Emit, pair: PairRow) =>
  emit([pair.dominantId, pair.submissiveId], 'permission.changed', { pairId: pair.id });

/** POST /api/permission-requests: the pair's submissive asks; the dominant is told. */
export async function askPermission(
  deps: AppDeps,
  actor: Actor,
  input: AskInput,
  key: IdempotencyKey | null = null,
): Promise<PermissionRequestView> {
  requireSessionRole(actor, 'submissive', PERMISSIONS_TEXT.onlySubmissiveAsks);
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    // A retry of the same request (its Idempotency-Key) answers the request it made while the pair lasts.
    const id = randomUUID();
    const prior = await claimIdempotencyKey(tx, key, id, now);
    if (prior) return readRequest(tx, prior, await pairOfRequest(tx, actor, prior));
    const pair = await pairBetween(tx, actor, input.partnerId);
    if (pair.submissiveId !== actor.id) throw forbidden(PERMISSIONS_TEXT.onlySubmissiveAsks);
    await assertNotProtected(tx, pair.id, input.areas);
    // A No of either partner refuses it; the submissive's own Maybe does not: they are the one asking.
    await assertWithinLimits(tx, pair, input.limitTags);
    await tx.insert(permissionRequests).values({
      id,
      pairId: pair.id,
      what: input.what,
      whenAt: input.when === null ? null : new Date(input.when),
      note: input.note,
      areas: input.areas,
      limitTags: input.limitTags,
      createdAt: now,
    });
    await createNotification(
      tx,
      emit,
      pair.dominantId,
      notify.permissionRequested({
        by: actor.name,
        what: input.what,
        requestId: id,
        pairId: pair.id,
        partnerId: pair.submissiveId,
      }),
    );
    await record(tx, pair, actor, 'permission.requested', id, now);
    announce(emit, pair);
    return readRequest(tx, id, pair);
  });
}

/** The contract in force protects none of these areas (decision 057); 409 CAP_EXCEEDED naming the one. */
async function assertNotProtected(tx: Tx, pairId: string, areas: readonly string[]) {
  if (areas.length === 0) return;
  const { caps } = await readDemandContext(tx, pairId);
  if (!caps) return;
  const [area] = touchedProtected(areas, normalizeCaps(caps));
  if (area) throw capExceeded(PERMISSIONS_TEXT.protectedArea(AREA_LABELS[area]));
}

const record = (tx: Tx, pair: PairRow, actor: Actor, kind: RecordKind, requestId: string, at: Date) =>
  appendRecord(tx, { pairId: pair.id, actorId: actor.id, kind, data: { requestId }, at });

/**
 * Moves a pending request to its end state in one statement: a second decision, or a decision after a
 * withdrawal, finds it no longer pending (409), also when two are sent at once.
 */
async function settle(
  tx: Tx,
  id: string,
  status: 'granted' | 'denied' | 'withdrawn',
  note: string | null,
  now: Date,
  refusal: string,
) {
  const [row] = await tx
    .update(permissionRequests)
    .set({ status, decisionNote: note, decidedAt: now })
    .where(and(eq(permissionRequests.id, id), eq(permissionRequests.status, 'pending')))
    .returning({ what: permissionRequests.what });
  if (!row) throw conflict(refusal);
  return row;
}

/** POST /api/permission-requests/:id/grant or /deny: the dominant answers once; the submissive is told. */
export async function decidePermission(
  deps: AppDeps,
  actor: Actor,
  id: string,
  input: DecideInput,
  decision: 'granted' | 'denied',
): Promise<PermissionRequestView> {
  requireSessionRole(actor, 'dominant', PERMISSIONS_TEXT.onlyDominantDecides);
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    const pair = await pairOfRequest(tx, actor, id);
    if (pair.dominantId !== actor.id) throw forbidden(PERMISSIONS_TEXT.onlyDominantDecides);
    const { what } = await settle(tx, id, decision, input.note, now, PERMISSIONS_TEXT.alreadyDecided);
    const facts = { by: actor.name, what, requestId: id, pairId: pair.id, partnerId: pair.dominantId };
    await createNotification(
      tx,
      emit,
      pair.submissiveId,
      decision === 'granted' ? notify.permissionGranted(facts) : notify.permissionDenied(facts),
    );
    await record(
      tx,
      pair,
      actor,
      decision === 'granted' ? 'permission.granted' : 'permission.denied',
      id,
      now,
    );
    announce(emit, pair);
    return readRequest(tx, id, pair);
  });
}

/** POST /api/permission-requests/:id/withdraw: the submissive takes back a pending request; nobody is told but the screens. */
export async function withdrawPermission(
  deps: AppDeps,
  actor: Actor,
  id: string,
): Promise<PermissionRequestView> {
  requireSessionRole(actor, 'submissive', PERMISSIONS_TEXT.onlySubmissiveWithdraws);
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    const pair = await pairOfRequest(tx, actor, id);
    if (pair.submissiveId !== actor.id) throw forbidden(PERMISSIONS_TEXT.onlySubmissiveWithdraws);
    await settle(tx, id, 'withdrawn', null, now, PERMISSIONS_TEXT.notPending);
    await record(tx, pair, actor, 'permission.withdrawn', id, now);
    announce(emit, pair);
    return readRequest(tx, id, pair);
  });
}
