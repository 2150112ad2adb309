import { and, eq } from 'drizzle-orm';
import { INFRACTIONS_TEXT } from '@/shared/schemas/infractions';
import type { Tx } from '../../db/client';
import { infractions, ruleVersions } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';
import { appendRecord } from './pairs.record';

/**
 * Links a punishment being assigned to the infraction it answers (decision 065; called by createPunishment,
 * in its transaction, after the punishment is written): the infraction must be of the same pair, not withdrawn,
 * and have no punishment yet. Answers what the punishment's view shows of it (decision 066).
 */
export async function linkInfraction(
  tx: Tx,
  emit: Emit,
  link: {
    infractionId: string;
    pair: { id: string; dominantId: string; submissiveId: string };
    punishmentId: string;
    actorId: string;
    now: Date;
  },
) {
  const [row] = await tx
    .select({
      state: infractions.state,
      punishmentId: infractions.punishmentId,
      occurredAt: infractions.occurredAt,
      ruleTitle: ruleVersions.title,
    })
    .from(infractions)
    .innerJoin(
      ruleVersions,
      and(eq(ruleVersions.ruleId, infractions.ruleId), eq(ruleVersions.version, infractions.ruleVersion)),
    )
    .where(and(eq(infractions.id, link.infractionId), eq(infractions.pairId, link.pair.id)))
    .for('update', { of: infractions });
  if (!row) throw notFound(INFRACTIONS_TEXT.notFound);
  if (row.state === 'withdrawn') throw conflict(INFRACTIONS_TEXT.withdrawn);
  if (row.punishmentId) throw conflict(INFRACTIONS_TEXT.alreadyPunished);
  await tx
    .update(infractions)
    .set({ punishmentId: link.punishmentId })
    .where(eq(infractions.id, link.infractionId));
  await appendRecord(tx, {
    pairId: link.pair.id,
    actorId: link.actorId,
    kind: 'infraction.punished',
    data: { infractionId: link.infractionId, punishmentId: link.punishmentId },
    at: link.now,
  });
  emit([link.pair.dominantId, link.pair.submissiveId], 'infraction.changed', {
    infractionId: link.infractionId,
    pairId: link.pair.id,
  });
  return { id: link.infractionId, ruleTitle: row.ruleTitle, occurredAt: row.occurredAt, state: row.state };
}
