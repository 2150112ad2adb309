import { and, desc, eq, isNull, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AFTERCARE_TEXT, type AftercareListView, type AftercareSide } from '@/shared/schemas/aftercare';
import type { Actor } from '../../auth/session';
import type { Queryable } from '../../db/client';
import { aftercare, aftercareAnswers, pairs, punishments } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';

/** How many open asks the list answers with: more than a couple ever leaves open. */
const LIST_LIMIT = 20;

const mine = alias(aftercareAnswers, 'mine');
const theirs = alias(aftercareAnswers, 'theirs');

const member = (userId: string) => or(eq(pairs.dominantId, userId), eq(pairs.submissiveId, userId));

type AnswerRow = typeof aftercareAnswers.$inferSelect;

const sideOf = (row: AnswerRow): AftercareSide => ({
  state: row.answeredAt === null ? 'open' : row.dismissed ? 'dismissed' : 'answered',
  note: row.note,
  answeredAt: row.answeredAt ? row.answeredAt.getTime() : null,
});

/**
 * The aftercare asks the user has yet to answer or dismiss, in their active pairs, newest first, each with
 * the partner's side (their note once they answered: the two partners read each other's notes).
 */
export async function listAftercare(db: Queryable, userId: string): Promise<AftercareListView> {
  const rows = await db
    .select({
      ask: aftercare,
      title: punishments.title,
      mine,
      theirs,
    })
    .from(mine)
    .innerJoin(aftercare, eq(aftercare.id, mine.aftercareId))
    .innerJoin(pairs, and(eq(pairs.id, aftercare.pairId), eq(pairs.status, 'active'), member(userId)))
    .innerJoin(theirs, and(eq(theirs.aftercareId, aftercare.id), ne(theirs.userId, userId)))
    .leftJoin(punishments, eq(punishments.id, aftercare.punishmentId))
    .where(and(eq(mine.userId, userId), isNull(mine.answeredAt)))
    .orderBy(desc(aftercare.askedAt), desc(aftercare.id))
    .limit(LIST_LIMIT);
  return {
    aftercare: rows.map((r) => ({
      id: r.ask.id,
      pairId: r.ask.pairId,
      partnerId: r.theirs.userId,
      occasion: r.ask.occasion,
      punishmentId: r.ask.punishmentId,
      punishmentTitle: r.title,
      askedAt: r.ask.askedAt.getTime(),
      mine: sideOf(r.mine),
      theirs: sideOf(r.theirs),
    })),
  };
}

/**
 * The user answers an aftercare ask, with an optional note, or dismisses it: either closes it for them,
 * costs nothing and is never counted. Allowed whatever the pair's state (also while Red holds it) and in
 * either role. Only the two partners of an active pair reach it (404 for anyone else, a former partner
 * too). Answering again changes nothing.
 */
export async function respondToAftercare(
  deps: AppDeps,
  actor: Actor,
  input: { id: string } & ({ dismiss: true } | { dismiss: false; note: string | null }),
): Promise<AftercareListView> {
  return deps.publisher.transaction(async (tx, emit) => {
    const [found] = await tx
      .select({
        answeredAt: mine.answeredAt,
        pairId: aftercare.pairId,
        punishmentId: aftercare.punishmentId,
        dominantId: pairs.dominantId,
        submissiveId: pairs.submissiveId,
      })
      .from(mine)
      .innerJoin(aftercare, eq(aftercare.id, mine.aftercareId))
      .innerJoin(pairs, and(eq(pairs.id, aftercare.pairId), eq(pairs.status, 'active')))
      .where(and(eq(mine.aftercareId, input.id), eq(mine.userId, actor.id)))
      .for('update', { of: mine });
    if (!found) throw notFound(AFTERCARE_TEXT.notFound);
    if (found.answeredAt === null) {
      await tx
        .update(aftercareAnswers)
        .set(
          input.dismiss
            ? { dismissed: true, note: null, answeredAt: deps.clock() }
            : { dismissed: false, note: input.note, answeredAt: deps.clock() },
        )
        .where(and(eq(aftercareAnswers.aftercareId, input.id), eq(aftercareAnswers.userId, actor.id)));
      const both = [found.dominantId, found.submissiveId];
      emit(both, 'aftercare.changed', { pairId: found.pairId });
      // The punishment's card shows when aftercare was given.
      if (found.punishmentId) {
        emit(both, 'punishment.changed', { punishmentId: found.punishmentId, pairId: found.pairId });
      }
    }
    return listAftercare(tx, actor.id);
  });
}
