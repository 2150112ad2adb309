import { eq, sql } from 'drizzle-orm';
import { QUIETABLE_KINDS } from '@/shared/domain/notification-kinds';
import type {
  NotificationPreferences,
  NotificationPreferencesInput,
} from '@/shared/schemas/notification-preferences';
import type { Actor } from '../../auth/session';
import type { Queryable } from '../../db/client';
import { notificationPreferences } from '../../db/schema';
import type { AppDeps } from '../../deps';

/** Every quietable kind, on both channels unless the user chose otherwise (decision 085). */
async function readPreferences(db: Queryable, userId: string): Promise<NotificationPreferences> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row]));
  return Object.fromEntries(
    QUIETABLE_KINDS.map((kind) => {
      const row = chosen.get(kind);
      return [kind, { inApp: row?.inApp ?? true, push: row?.push ?? true }];
    }),
  ) as NotificationPreferences;
}

export async function getNotificationPreferences(deps: AppDeps, actor: Actor) {
  return { preferences: await readPreferences(deps.db, actor.id) };
}

/**
 * Saves the kinds named; the others stay as they were. It changes what arrives from now on: notifications
 * already written keep their state, pushes already queued still go.
 */
export async function putNotificationPreferences(
  deps: AppDeps,
  actor: Actor,
  input: NotificationPreferencesInput,
) {
  const now = deps.clock();
  const values = QUIETABLE_KINDS.flatMap((kind) => {
    const channels = input[kind];
    return channels ? [{ userId: actor.id, kind, ...channels, updatedAt: now }] : [];
  });
  await deps.db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: {
        inApp: sql`excluded.in_app`,
        push: sql`excluded.push`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
  return { preferences: await readPreferences(deps.db, actor.id) };
}
