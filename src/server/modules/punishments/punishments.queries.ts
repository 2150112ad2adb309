import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PunishmentAftercare } from '@/shared/schemas/aftercare';
import { PUNISHMENT_MESSAGES } from '@/shared/schemas/punishments';
import { type Actor, requireActingRole } from '../../auth/session';
import type { Queryable } from '../../db/client';
import { bound, prepared } from '../../db/prepared';
import {
  aftercare,
  aftercareAnswers,
  infractions,
  pairs,
  punishments,
  ruleVersions,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { limitTagTitles } from '../pairs/pairs.limits';
import { newestInActorPairsAs } from '../pairs/pairs.scope';
import { presentPunishment } from './punishments.presenter';

const assigner = alias(users, 'assigner');
const assignee = alias(users, 'assignee');

export const PUNISHMENT_NOT_FOUND = PUNISHMENT_MESSAGES.notFound;
/** How many punishments a list answers with. */
const LIST_LIMIT = 500;

/**
 * Where the punishment's aftercare stands (decision 054): never asked (null), asked (a partner has yet to
 * respond), given (both answered) or closed (both responded, one or both by dismissing it).
 */
const aftercareState = sql<PunishmentAftercare>`(select case
    when count(*) = 0 then null
    when count(*) filter (where ${aftercareAnswers.answeredAt} is null) > 0 then 'asked'
    when bool_or(${aftercareAnswers.dismissed}) then 'closed'
    else 'given' end
  from ${aftercare} join ${aftercareAnswers} on ${aftercareAnswers.aftercareId} = ${aftercare.id}
  where ${aftercare.punishmentId} = ${punishments.id})`;

function punishmentQuery(q: Queryable) {
  return q
    .select({
      punishment: punishments,
      aftercare: aftercareState,
      assignedByName: assigner.displayName,
      assignedToName: assignee.displayName,
      dominantId: pairs.dominantId,
      submissiveId: pairs.submissiveId,
      // The infraction it answers (at most one: infractions_punishment_uq) and its rule's title then.
      infraction: {
        id: infractions.id,
        ruleTitle: ruleVersions.title,
        occurredAt: infractions.occurredAt,
        state: infractions.state,
      },
    })
    .from(punishments)
    .innerJoin(pairs, eq(pairs.id, punishments.pairId))
    .leftJoin(assigner, eq(assigner.id, punishments.assignedBy))
    .leftJoin(assignee, eq(assignee.id, punishments.assignedTo))
    .leftJoin(infractions, eq(infractions.punishmentId, punishments.id))
    .leftJoin(
      ruleVersions,
      and(eq(ruleVersions.ruleId, infractions.ruleId), eq(ruleVersions.version, infractions.ruleVersion)),
    );
}

/** A punishment as the API shows it (after a write, in the same transaction). */
export async function loadPunishment(q: Queryable, id: string) {
  const [row] = await punishmentQuery(q).where(eq(punishments.id, id)).limit(1);
  if (!row) throw notFound(PUNISHMENT_NOT_FOUND);
  return presentPunishment(row, await limitTagTitles(q, [row.punishment.limitTags]));
}

/** One statement per acting role, each planned once. */
const punishmentLists = {
  dominant: prepared((db) =>
    punishmentQuery(db)
      .where(
        newestInActorPairsAs(
          punishments,
          punishments.createdAt,
          { id: bound('userId') },
          'dominant',
          LIST_LIMIT,
        ),
      )
      .orderBy(desc(punishments.createdAt), desc(punishments.id))
      .limit(LIST_LIMIT)
      .prepare('punishments_list_dominant'),
  ),
  submissive: prepared((db) =>
    punishmentQuery(db)
      .where(
        newestInActorPairsAs(
          punishments,
          punishments.createdAt,
          { id: bound('userId') },
          'submissive',
          LIST_LIMIT,
        ),
      )
      .orderBy(desc(punishments.createdAt), desc(punishments.id))
      .limit(LIST_LIMIT)
      .prepare('punishments_list_submissive'),
  ),
};

/** The punishments of the pairs in which the actor acts in the session's role, newest first (spec 2 §7). */
export async function listPunishments(deps: AppDeps, actor: Actor) {
  const rows = await punishmentLists[requireActingRole(actor)](deps.db).execute({ userId: actor.id });
  const titles = await limitTagTitles(
    deps.db,
    rows.map((row) => row.punishment.limitTags),
  );
  return rows.map((row) => presentPunishment(row, titles));
}
