import { createHash } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import {
  inQuietHours,
  isSafetyPush,
  notificationPush,
  notificationSubject,
  pushUrgency,
  quietHoursEnd,
  summaryPush,
  TEST_PUSH,
} from '@/shared/domain/push';
import type { PushMessage, QuietHours } from '@/shared/schemas/push';
import type { Actor } from '../../auth/session';
import type { Queryable } from '../../db/client';
import { notifications, pushPreferences, pushTokens } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { OutboxEntry } from '../../outbox/worker';
import type { PushJob } from '../../push/delivery';
import type { PushOptions } from '../../push/sender';
import { pairQuietHours } from '../pairs/pairs.demands';
import { presentPreferences } from './push.presenter';

/** Seconds a push service keeps an undelivered push: after that the bell tells it better (decision 030). */
export const NOTIFICATION_TTL_S = 60 * 60;
export const SUMMARY_TTL_S = 60 * 60;
export const TEST_TTL_S = 5 * 60;

/** Discreet pushes all read the same: one topic, so a device that was away gets only the newest. */
export const DISCREET_TOPIC = 'activity';
export const SUMMARY_TOPIC = 'summary';
export const TEST_TOPIC = 'test';

/** A detailed push's topic: its subject hashed (the push service learns no id), 22 base64url characters. */
export const topicOf = (subject: string) =>
  createHash('sha256').update(`pact-topic:${subject}`).digest('base64url').slice(0, 22);

export async function devicesOf(deps: AppDeps, userId: string) {
  return deps.db.select({ id: pushTokens.id }).from(pushTokens).where(eq(pushTokens.userId, userId));
}

/** One outbox row per device (decision 037): the push leaves from the worker, retried over hours. */
export function toDevices(
  userId: string,
  devices: { id: string }[],
  message: PushMessage,
  options: PushOptions,
): OutboxEntry[] {
  return devices.map((device) => ({
    kind: 'push',
    payload: { tokenId: device.id, message, options } satisfies PushJob,
    userId,
  }));
}

/**
 * During the user's quiet hours a push is only counted, for the summary at their end (flushHeldPushes):
 * true when it was held.
 */
export async function heldForQuietHours(
  q: Queryable,
  userId: string,
  quietHours: QuietHours | null,
  now: number,
) {
  if (!quietHours || !inQuietHours(quietHours, now)) return false;
  const end = new Date(quietHoursEnd(quietHours, now));
  // Upserted: the contract's quiet hours (decision 057) hold pushes of a user who never set preferences.
  await q
    .insert(pushPreferences)
    .values({ userId, heldCount: 1, heldUntil: end })
    .onConflictDoUpdate({
      target: pushPreferences.userId,
      set: {
        heldCount: sql`${pushPreferences.heldCount} + 1`,
        heldUntil: sql`coalesce(${pushPreferences.heldUntil}, ${end.toISOString()}::timestamptz)`,
      },
    });
  return true;
}

/**
 * The pushes of one notification, from its outbox row once the transaction that created it has committed
 * (off the request path): one per device of the user, discreet unless they chose details; during their
 * quiet hours it is only counted, for the summary at their end. None for a user without devices.
 */
export async function deliverNotification(
  deps: AppDeps,
  userId: string,
  notificationId: string,
): Promise<OutboxEntry[]> {
  const devices = await devicesOf(deps, userId);
  if (devices.length === 0) return [];
  const [row] = await deps.db
    .select({
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      data: notifications.data,
      showDetails: pushPreferences.showDetails,
      quietStart: pushPreferences.quietStart,
      quietEnd: pushPreferences.quietEnd,
      quietTimeZone: pushPreferences.quietTimeZone,
    })
    .from(notifications)
    .leftJoin(pushPreferences, eq(pushPreferences.userId, notifications.userId))
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)));
  if (!row) return [];
  const preferences = presentPreferences(row);
  const now = deps.clock().getTime();
  if (!isSafetyPush(row.type)) {
    if (await heldForQuietHours(deps.db, userId, preferences.quietHours, now)) return [];
    // The contract's quiet hours hold what the pair's notifications push (decision 057).
    const pairId = typeof row.data.pairId === 'string' ? row.data.pairId : null;
    const contractQuiet = pairId ? await pairQuietHours(deps.db, pairId) : null;
    if (await heldForQuietHours(deps.db, userId, contractQuiet, now)) return [];
  }
  const topic =
    preferences.showDetails || isSafetyPush(row.type) ? topicOf(notificationSubject(row)) : DISCREET_TOPIC;
  return toDevices(userId, devices, notificationPush(row, preferences.showDetails), {
    ttl: NOTIFICATION_TTL_S,
    urgency: pushUrgency(row.type),
    topic,
  });
}

/**
 * Quiet hours that have ended: each user's held pushes become one discreet summary ("3 new
 * notifications in Pact"). Run every minute; on several instances the row lock lets one of them send it.
 * A user whose hours still hold (the clocks changed, the hours were moved) waits for their new end.
 */
export async function flushHeldPushes(deps: AppDeps): Promise<number> {
  const now = deps.clock();
  const due = and(gt(pushPreferences.heldCount, 0), lte(pushPreferences.heldUntil, now));
  const users = await deps.db.select({ userId: pushPreferences.userId }).from(pushPreferences).where(due);
  let summaries = 0;
  for (const { userId } of users) {
    const held = await deps.db.transaction(async (tx) => {
      const mine = and(eq(pushPreferences.userId, userId), due);
      const [row] = await tx.select().from(pushPreferences).where(mine).for('update');
      if (!row) return 0;
      const { quietHours } = presentPreferences(row);
      if (quietHours && inQuietHours(quietHours, now.getTime())) {
        const heldUntil = new Date(quietHoursEnd(quietHours, now.getTime()));
        await tx.update(pushPreferences).set({ heldUntil }).where(eq(pushPreferences.userId, userId));
        return 0;
      }
      await tx
        .update(pushPreferences)
        .set({ heldCount: 0, heldUntil: null })
        .where(eq(pushPreferences.userId, userId));
      return row.heldCount;
    });
    if (held === 0) continue;
    const devices = await devicesOf(deps, userId);
    await deps.outbox.add(
      deps.db,
      toDevices(userId, devices, summaryPush(held), {
        ttl: SUMMARY_TTL_S,
        urgency: 'normal',
        topic: SUMMARY_TOPIC,
      }),
    );
    summaries++;
  }
  return summaries;
}

/** "Send a test notification": to each of the actor's devices at once, quiet hours or not. */
export async function sendTestPush(deps: AppDeps, actor: Actor) {
  const devices = await devicesOf(deps, actor.id);
  await deps.outbox.add(
    deps.db,
    toDevices(actor.id, devices, TEST_PUSH, { ttl: TEST_TTL_S, urgency: 'high', topic: TEST_TOPIC }),
  );
  return { devices: devices.length };
}
