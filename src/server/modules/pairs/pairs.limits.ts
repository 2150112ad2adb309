import { and, eq, inArray, isNull, not, or, sql } from 'drizzle-orm';
import { CUSTOM_PREFIX, catalogueItem, type LimitState, limitVerdict } from '@/shared/domain/limits';
import { notify } from '@/shared/domain/notifications';
import { LIMITS_TEXT, type LimitTagView } from '@/shared/schemas/limits';
import type { Queryable, Tx } from '../../db/client';
import { limitAnswers, limitCustomItems, punishments, tasks } from '../../db/schema';
import { invalid, limitCrossed } from '../../http/errors';
import type { Emit } from '../../realtime/publisher';
import { createNotification } from '../notifications/notifications.service';
import type { PairRow } from './pairs.scope';

const customIdsOf = (tags: readonly string[]) =>
  tags.filter((t) => t.startsWith(CUSTOM_PREFIX)).map((t) => t.slice(CUSTOM_PREFIX.length));

/**
 * The limits guard of a write that tags a task or punishment (decision 056), called beside
 * `assertNotStopped` inside the write's transaction. Refused with 409 LIMIT_CROSSED when either partner
 * answered No to one of the tags (one message, the same whoever said No); a custom item that is not the
 * pair's is 400. Answers the state the row takes: `requested` when the submissive answered Maybe to a tag,
 * else null (active). An item nobody answered is not a No.
 */
export async function assertWithinLimits(
  tx: Queryable,
  pair: Pick<PairRow, 'id' | 'submissiveId'>,
  tags: readonly string[],
): Promise<LimitState | null> {
  if (tags.length === 0) return null;
  const custom = customIdsOf(tags);
  if (custom.length > 0) {
    const found = await tx
      .select({ id: limitCustomItems.id })
      .from(limitCustomItems)
      .where(and(eq(limitCustomItems.pairId, pair.id), inArray(limitCustomItems.id, custom)));
    if (found.length !== new Set(custom).size) throw invalid(LIMITS_TEXT.badItem);
  }
  const answers = await tx
    .select({ userId: limitAnswers.userId, answer: limitAnswers.answer })
    .from(limitAnswers)
    .where(
      and(
        eq(limitAnswers.pairId, pair.id),
        inArray(limitAnswers.itemId, [...tags]),
        inArray(limitAnswers.answer, ['no', 'maybe']),
      ),
    );
  const verdict = limitVerdict(answers, pair.submissiveId);
  if (verdict === 'crossed') throw limitCrossed(LIMITS_TEXT.crossed);
  return verdict === 'requested' ? 'requested' : null;
}

/** The titles of the custom items among these rows' tags, in one read (none when no row has one). */
export async function limitTagTitles(q: Queryable, tagLists: readonly (readonly string[])[]) {
  const ids = [...new Set(tagLists.flatMap(customIdsOf))];
  const titles = new Map<string, string>();
  if (ids.length === 0) return titles;
  const rows = await q
    .select({ id: limitCustomItems.id, title: limitCustomItems.title })
    .from(limitCustomItems)
    .where(inArray(limitCustomItems.id, ids));
  for (const row of rows) titles.set(`${CUSTOM_PREFIX}${row.id}`, row.title);
  return titles;
}

/** A row's tags as the API shows them: each id with its item's title. */
export const presentLimitTags = (
  tags: readonly string[],
  titles: ReadonlyMap<string, string>,
): LimitTagView[] =>
  tags.map((id) => ({ id, title: catalogueItem(id)?.title ?? titles.get(id) ?? 'Your own item' }));

/**
 * An answer tightened to No (decision 056): every open task and punishment of the pair that carries the
 * item is paused, and both partners are told "paused because a limit changed", never whose answer or
 * which. Answers the ids paused, for the caller to announce.
 */
export async function pauseCrossing(
  tx: Tx,
  emit: Emit,
  pair: PairRow,
  itemId: string,
  now: Date,
): Promise<{ taskIds: string[]; punishmentIds: string[] }> {
  const carries = (column: typeof tasks.limitTags | typeof punishments.limitTags) =>
    sql`${itemId} = any(${column})`;
  const openTasks = await tx
    .update(tasks)
    .set({ limitState: 'paused', updatedAt: now })
    .where(
      and(
        eq(tasks.pairId, pair.id),
        not(tasks.completed),
        carries(tasks.limitTags),
        or(isNull(tasks.limitState), eq(tasks.limitState, 'requested')),
      ),
    )
    .returning({ id: tasks.id });
  const openPunishments = await tx
    .update(punishments)
    .set({ limitState: 'paused', updatedAt: now })
    .where(
      and(
        eq(punishments.pairId, pair.id),
        not(punishments.completed),
        carries(punishments.limitTags),
        or(isNull(punishments.limitState), eq(punishments.limitState, 'requested')),
      ),
    )
    .returning({ id: punishments.id });
  const paused = { taskIds: openTasks.map((t) => t.id), punishmentIds: openPunishments.map((p) => p.id) };
  if (paused.taskIds.length + paused.punishmentIds.length > 0) {
    for (const userId of [pair.dominantId, pair.submissiveId]) {
      await createNotification(tx, emit, userId, notify.limitPaused({ pairId: pair.id }));
    }
    for (const taskId of paused.taskIds) {
      emit([pair.dominantId, pair.submissiveId], 'task.changed', { taskId, pairId: pair.id });
    }
    for (const punishmentId of paused.punishmentIds) {
      emit([pair.dominantId, pair.submissiveId], 'punishment.changed', { punishmentId, pairId: pair.id });
    }
  }
  return paused;
}
