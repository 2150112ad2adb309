import { eq, sql } from 'drizzle-orm';
import { inQuietHours, quietHoursEnd } from '@/shared/domain/push';
import type { PushPreferences } from '@/shared/schemas/push';
import type { Actor } from '../../auth/session';
import { pushPreferences } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { preferenceColumns, presentPreferences } from './push.presenter';

export async function getPushPreferences(deps: AppDeps, actor: Actor) {
  const [row] = await deps.db.select().from(pushPreferences).where(eq(pushPreferences.userId, actor.id));
  return { preferences: presentPreferences(row) };
}

/**
 * Saves how the actor's pushes read and when they wait. Pushes already held wait for the new quiet
 * hours' end, or, when the new hours do not hold now (or there are none), go out as their summary at
 * the next round of the summaries.
 */
export async function putPushPreferences(deps: AppDeps, actor: Actor, input: PushPreferences) {
  const now = deps.clock();
  const columns = preferenceColumns(input);
  const heldUntil = inQuietHours(input.quietHours, now.getTime())
    ? new Date(quietHoursEnd(input.quietHours!, now.getTime()))
    : now;
  const [row] = await deps.db
    .insert(pushPreferences)
    .values({ userId: actor.id, ...columns, updatedAt: now })
    .onConflictDoUpdate({
      target: pushPreferences.userId,
      set: {
        ...columns,
        updatedAt: now,
        heldUntil: sql`case when ${pushPreferences.heldCount} > 0 then ${heldUntil.toISOString()}::timestamptz end`,
      },
    })
    .returning();
  return { preferences: presentPreferences(row) };
}
