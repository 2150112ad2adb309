import { and, eq, inArray } from 'drizzle-orm';
import { notify } from '@/shared/domain/notifications';
import { TASK_AWARD_TEXT } from '@/shared/texts/tasks';
import type { Tx } from '../../db/client';
import { pairs, tasks, users } from '../../db/schema';
import type { Emit } from '../../realtime/publisher';
import { createNotification } from '../notifications/notifications.service';
import { awardOnce, entryReason } from '../pairs/pairs.points';
import { appendRecord } from '../pairs/pairs.record';
import { inActorPairs, type PairRow } from '../pairs/pairs.scope';

/**
 * Locks the pair of the actor's task (FOR NO KEY UPDATE, the ledger's lock) before the task is locked. A
 * completion may write the ledger, which takes the pair's lock; Red's lift and a limit's pause hold the pair
 * and then write its tasks. Taking the pair first keeps one order, so the two never wait on each other in a
 * circle. Nothing found: the task's own lookup answers 404 next.
 */
export async function lockPairOfTask(tx: Tx, taskId: string, actor: { id: string }) {
  await tx
    .select({ id: pairs.id })
    .from(pairs)
    .where(
      and(
        inArray(pairs.id, tx.select({ id: tasks.pairId }).from(tasks).where(eq(tasks.id, taskId))),
        inActorPairs(pairs.id, actor),
      ),
    )
    .for('no key update');
}

/**
 * A task's default award (decision 075), made in the completion's transaction: one entry per completion,
 * keyed by it (`task-completion:<id>`), by the dominant who set it, whoever recorded the completion. An
 * award of 0 makes nothing. The submissive is told with the points' own notification (discreet in push);
 * awardOnce has both partners refetch the points. Nothing here or anywhere else takes it back.
 */
export async function awardCompletion(
  tx: Tx,
  emit: Emit,
  pair: PairRow,
  task: Pick<typeof tasks.$inferSelect, 'id' | 'title' | 'awardPoints'>,
  completionId: string,
  now: Date,
) {
  const reason = entryReason(TASK_AWARD_TEXT.reasonPrefix, task.title);
  const entry = await awardOnce(tx, emit, pair, {
    amount: task.awardPoints,
    reason,
    idempotencyKey: `task-completion:${completionId}`,
    madeBy: pair.dominantId,
    createdAt: now,
  });
  if (!entry) return null;
  const [dominant] = await tx
    .select({ name: users.displayName })
    .from(users)
    .where(eq(users.id, pair.dominantId));
  await createNotification(
    tx,
    emit,
    pair.submissiveId,
    notify.pointsAwarded({
      by: dominant?.name ?? 'Your partner',
      amount: entry.amount,
      reason,
      correction: false,
      entryId: entry.id,
      pairId: pair.id,
      partnerId: pair.dominantId,
    }),
  );
  await appendRecord(tx, {
    pairId: pair.id,
    actorId: pair.dominantId,
    kind: 'points.awarded',
    data: { entryId: entry.id, amount: entry.amount, taskId: task.id, completionId },
    at: now,
  });
  return entry;
}
