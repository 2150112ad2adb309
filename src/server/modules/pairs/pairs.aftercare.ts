import { notify } from '@/shared/domain/notifications';
import type { AftercareOccasion } from '@/shared/schemas/aftercare';
import type { Tx } from '../../db/client';
import { aftercare, aftercareAnswers } from '../../db/schema';
import type { Emit } from '../../realtime/publisher';
import { createNotification } from '../notifications/notifications.service';
import type { PairRow } from './pairs.scope';

/**
 * Aftercare (decisions 049, 054): both partners of the pair are asked "How are you? What do you need?",
 * each with an open answer of their own, and told by one notification each (its push discreet and, unlike
 * Red's, held by quiet hours and by a stop). Asked by the completion of a punishment marked "aftercare
 * required" (once per punishment: completing it again asks nothing more) and by every lift of Red. Lives
 * with the pair because two features ask it. Answers whether it was asked now.
 */
export async function askAftercare(
  tx: Tx,
  emit: Emit,
  pair: PairRow,
  occasion: AftercareOccasion,
  punishmentId: string | null,
  now: Date,
): Promise<boolean> {
  const [asked] = await tx
    .insert(aftercare)
    .values({ pairId: pair.id, occasion, punishmentId, askedAt: now })
    .onConflictDoNothing()
    .returning({ id: aftercare.id });
  if (!asked) return false;
  const both = [pair.dominantId, pair.submissiveId];
  await tx.insert(aftercareAnswers).values(both.map((userId) => ({ aftercareId: asked.id, userId })));
  for (const userId of both) {
    await createNotification(
      tx,
      emit,
      userId,
      notify.aftercareAsked({ pairId: pair.id, aftercareId: asked.id }),
    );
  }
  emit(both, 'aftercare.changed', { pairId: pair.id });
  return true;
}
