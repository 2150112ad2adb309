import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { notify } from '@/shared/domain/notifications';
import {
  type contestInfractionInput,
  INFRACTION_FUTURE_GRACE_MS,
  INFRACTIONS_TEXT,
  type InfractionListView,
  type InfractionView,
  type logInfractionInput,
} from '@/shared/schemas/infractions';
import type { Actor } from '../../auth/session';
import type { Queryable, Tx } from '../../db/client';
import { infractions, pairs, rules, ruleVersions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, idempotencyConflict, invalid, notFound } from '../../http/errors';
import { claimIdempotencyKey, type IdempotencyKey, KEY_REUSED_MESSAGE } from '../../http/idempotency';
import type { Emit } from '../../realtime/publisher';
import { createNotification } from '../notifications/notifications.service';
import { guardDemand } from '../pairs/pairs.demands';
import { requireSessionRole } from '../pairs/pairs.policy';
import { appendRecord } from '../pairs/pairs.record';
import { activePairIdBetween } from '../pairs/pairs.scope';
import { member } from './rules.queries';

type LogInput = z.output<typeof logInfractionInput>;
type ContestInput = z.output<typeof contestInfractionInput>;

/** How many infractions the list answers with, newest first. */
export const INFRACTION_LIST_LIMIT = 100;

const columns = {
  infraction: infractions,
  ruleTitle: ruleVersions.title,
  ruleConsequence: ruleVersions.consequence,
  dominantId: pairs.dominantId,
  submissiveId: pairs.submissiveId,
};

type Row = {
  infraction: typeof infractions.$inferSelect;
  ruleTitle: string;
  ruleConsequence: string | null;
  dominantId: string;
  submissiveId: string;
};

const present = ({
  infraction: i,
  ruleTitle,
  ruleConsequence,
  dominantId,
  submissiveId,
}: Row): InfractionView => ({
  id: i.id,
  pairId: i.pairId,
  dominantId,
  submissiveId,
  ruleId: i.ruleId,
  ruleVersion: i.ruleVersion,
  ruleTitle,
  ruleConsequence,
  occurredAt: i.occurredAt.getTime(),
  note: i.note,
  loggedAt: i.loggedAt.getTime(),
  state: i.state,
  contestNote: i.contestNote,
  contestedAt: i.contestedAt?.getTime() ?? null,
  withdrawnAt: i.withdrawnAt?.getTime() ?? null,
  punishmentId: i.punishmentId,
});

const selectInfractions = (q: Queryable) =>
  q
    .select(columns)
    .from(infractions)
    .innerJoin(pairs, eq(pairs.id, infractions.pairId))
    .innerJoin(
      ruleVersions,
      and(eq(ruleVersions.ruleId, infractions.ruleId), eq(ruleVersions.version, infractions.ruleVersion)),
    );

/** GET /api/infractions?partnerId=: the pair's infractions, newest first (a stranger or former partner: 404). */
export async function listInfractions(
  db: Queryable,
  actor: Actor,
  partnerId: string,
): Promise<InfractionListView> {
  const [pair] = await db
    .select({ id: pairs.id })
    .from(pairs)
    .where(eq(pairs.id, activePairIdBetween(actor.id, partnerId)));
  if (!pair) throw notFound('No partner connection found');
  const rows = await selectInfractions(db)
    .where(eq(infractions.pairId, pair.id))
    .orderBy(desc(infractions.occurredAt), desc(infractions.id))
    .limit(INFRACTION_LIST_LIMIT);
  return { infractions: rows.map(present) };
}

async function readInfraction(q: Queryable, id: string): Promise<InfractionView> {
  const [row] = await selectInfractions(q).where(eq(infractions.id, id));
  if (!row) throw notFound(INFRACTIONS_TEXT.notFound);
  return present(row);
}

/** An infraction of an active pair the actor belongs to, locked for the write; 404 for anyone else. */
async function lockInfraction(tx: Tx, actor: Actor, id: string) {
  const [row] = await selectInfractions(tx)
    .where(and(eq(infractions.id, id), eq(pairs.status, 'active'), member(actor.id)))
    .for('update', { of: infractions });
  if (!row) throw notFound(INFRACTIONS_TEXT.notFound);
  return row;
}

const announce = (
  emit: Emit,
  row: { id: string; pairId: string },
  pair: { dominantId: string; submissiveId: string },
) =>
  emit([pair.dominantId, pair.submissiveId], 'infraction.changed', {
    infractionId: row.id,
    pairId: row.pairId,
  });

/**
 * The dominant logs an infraction of a rule in force of their pair: when it happened (not in the future,
 * not before the rule was written) and a note. It names the version in force at that moment, so a later
 * change of the rule never changes what was broken. Held by Red and Yellow like every demand; nothing
 * follows from it by itself.
 */
export async function logInfraction(
  deps: AppDeps,
  actor: Actor,
  input: LogInput,
  key: IdempotencyKey | null = null,
): Promise<InfractionView> {
  requireSessionRole(actor, 'dominant', INFRACTIONS_TEXT.onlyDominantLogs);
  const now = deps.clock();
  const occurredAt = new Date(input.occurredAt ?? now.getTime());
  if (occurredAt.getTime() > now.getTime() + INFRACTION_FUTURE_GRACE_MS)
    throw invalid(INFRACTIONS_TEXT.inTheFuture);
  return deps.publisher.transaction(async (tx, emit) => {
    // A retry of the same write (its Idempotency-Key) answers the infraction it made while the pair lasts.
    const id = randomUUID();
    const prior = await claimIdempotencyKey(tx, key, id, now);
    if (prior) {
      const [row] = await selectInfractions(tx).where(
        and(eq(infractions.id, prior), eq(pairs.status, 'active'), member(actor.id)),
      );
      if (!row) throw notFound(INFRACTIONS_TEXT.notFound);
      return present(row);
    }
    const [rule] = await tx
      .select({
        id: rules.id,
        pairId: rules.pairId,
        dominantId: pairs.dominantId,
        submissiveId: pairs.submissiveId,
      })
      .from(rules)
      .innerJoin(pairs, and(eq(pairs.id, rules.pairId), eq(pairs.status, 'active'), member(actor.id)))
      .where(and(eq(rules.id, input.ruleId), isNull(rules.retiredAt)))
      .for('share', { of: rules });
    if (!rule) throw notFound('Rule not found');
    if (rule.dominantId !== actor.id) throw forbidden(INFRACTIONS_TEXT.onlyDominantLogs);
    await guardDemand(tx, rule.pairId, { kind: 'rule' }, now);
    const [inForce] = await tx
      .select({ version: ruleVersions.version, title: ruleVersions.title })
      .from(ruleVersions)
      .where(and(eq(ruleVersions.ruleId, rule.id), lte(ruleVersions.writtenAt, occurredAt)))
      .orderBy(desc(ruleVersions.version))
      .limit(1);
    if (!inForce) throw invalid(INFRACTIONS_TEXT.beforeTheRule);
    await tx.insert(infractions).values({
      id,
      pairId: rule.pairId,
      ruleId: rule.id,
      ruleVersion: inForce.version,
      occurredAt,
      note: input.note,
      loggedBy: actor.id,
      loggedAt: now,
    });
    await createNotification(
      tx,
      emit,
      rule.submissiveId,
      notify.infractionLogged({
        by: actor.name,
        title: inForce.title,
        infractionId: id,
        ruleId: rule.id,
        pairId: rule.pairId,
        partnerId: rule.dominantId,
      }),
    );
    await appendRecord(tx, {
      pairId: rule.pairId,
      actorId: actor.id,
      kind: 'infraction.logged',
      data: { infractionId: id, ruleId: rule.id, version: inForce.version },
      at: now,
    });
    announce(emit, { id, pairId: rule.pairId }, rule);
    return readInfraction(tx, id);
  });
}

/**
 * The submissive contests a logged infraction, with an optional note. Never held: saying "that is not
 * what happened" is always allowed, and costs nothing. A withdrawn one, or one contested already, is 409,
 * except for a retry of the same contest (its Idempotency-Key), which answers the infraction as it stands.
 */
export async function contestInfraction(
  deps: AppDeps,
  actor: Actor,
  id: string,
  input: ContestInput,
  key: IdempotencyKey | null = null,
) {
  requireSessionRole(actor, 'submissive', INFRACTIONS_TEXT.onlySubmissiveContests);
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    const row = await lockInfraction(tx, actor, id);
    if (row.submissiveId !== actor.id) throw forbidden(INFRACTIONS_TEXT.onlySubmissiveContests);
    // Claimed under the infraction's lock: a retry waits for the first to commit, then finds its key.
    const prior = await claimIdempotencyKey(tx, key, id, now);
    if (prior === id) return readInfraction(tx, id);
    if (prior) throw idempotencyConflict(KEY_REUSED_MESSAGE);
    if (row.infraction.state === 'withdrawn') throw conflict(INFRACTIONS_TEXT.withdrawn);
    if (row.infraction.state === 'contested') throw conflict(INFRACTIONS_TEXT.alreadyContested);
    await tx
      .update(infractions)
      .set({ state: 'contested', contestNote: input.note, contestedAt: now })
      .where(eq(infractions.id, id));
    await createNotification(
      tx,
      emit,
      row.dominantId,
      notify.infractionContested({
        by: actor.name,
        title: row.ruleTitle,
        infractionId: id,
        ruleId: row.infraction.ruleId,
        pairId: row.infraction.pairId,
        partnerId: row.submissiveId,
      }),
    );
    await appendRecord(tx, {
      pairId: row.infraction.pairId,
      actorId: actor.id,
      kind: 'infraction.contested',
      data: { infractionId: id },
      at: now,
    });
    announce(emit, row.infraction, row);
    return readInfraction(tx, id);
  });
}

/** The dominant withdraws an infraction, contested or not; never held. Withdrawing again changes nothing. */
export async function withdrawInfraction(deps: AppDeps, actor: Actor, id: string) {
  requireSessionRole(actor, 'dominant', INFRACTIONS_TEXT.onlyDominantLogs);
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    const row = await lockInfraction(tx, actor, id);
    if (row.dominantId !== actor.id) throw forbidden(INFRACTIONS_TEXT.onlyDominantLogs);
    if (row.infraction.state !== 'withdrawn') {
      await tx
        .update(infractions)
        .set({ state: 'withdrawn', withdrawnAt: now })
        .where(eq(infractions.id, id));
      await createNotification(
        tx,
        emit,
        row.submissiveId,
        notify.infractionWithdrawn({
          by: actor.name,
          title: row.ruleTitle,
          infractionId: id,
          ruleId: row.infraction.ruleId,
          pairId: row.infraction.pairId,
          partnerId: row.dominantId,
        }),
      );
      await appendRecord(tx, {
        pairId: row.infraction.pairId,
        actorId: actor.id,
        kind: 'infraction.withdrawn',
        data: { infractionId: id },
        at: now,
      });
      announce(emit, row.infraction, row);
    }
    return readInfraction(tx, id);
  });
}
