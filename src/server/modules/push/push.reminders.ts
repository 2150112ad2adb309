import { and, eq, gt, inArray, lt, lte, not, sql } from 'drizzle-orm';
import type { QuietableKind } from '@/shared/domain/notification-kinds';
import { TIMER_MAX_MINUTES } from '@/shared/domain/punishments';
import { reminderPush } from '@/shared/domain/push';
import { REMINDER_CATCH_UP_MS, twoHourReminderDueRange } from '@/shared/domain/tasks';
import {
  notificationPreferences,
  pairs,
  punishments,
  pushPreferences,
  pushTokens,
  remindersSent,
  tasks,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { OutboxEntry } from '../../outbox/worker';
import { pairQuietHours } from '../pairs/pairs.demands';
import { pairIsStopped } from '../pairs/pairs.stops';
import { heldForQuietHours, toDevices } from './push.deliver';
import { presentPreferences } from './push.presenter';

/** A reminder keeps an hour at the push service: past that the page tells it better. */
export const REMINDER_TTL_S = 60 * 60;
/** Reminders share a topic: a device that was away gets only the newest. */
export const REMINDER_TOPIC = 'reminder';
/** A claimed reminder is forgotten after a day, long after its window has closed. */
const KEPT_MS = 24 * 60 * 60 * 1000;

interface Due {
  key: string;
  userId: string;
  pairId: string;
  kind: 'task' | 'timer';
}

/**
 * The reminders due at the clock's now, the rules of the open page (spec 2 §9; shared/domain): a task not
 * completed, due in two hours (twoHourReminderDueRange), to its assignee; a punishment timer that has run
 * out (start + duration, not completed), to the submissive who runs it. Only in active pairs that Red
 * does not hold: a couple that ended has nothing reminded, a former partner is never told anything.
 */
async function dueReminders(deps: AppDeps, now: number): Promise<Due[]> {
  const { after, before } = twoHourReminderDueRange(now);
  // An active pair that Red does not hold (decision 049): nothing is reminded during a stop.
  const active = and(eq(pairs.status, 'active'), not(pairIsStopped(pairs.id)));
  const [dueTasks, ranOut] = await Promise.all([
    deps.db
      .select({ id: tasks.id, userId: tasks.assignedTo, pairId: tasks.pairId, due: tasks.dueDate })
      .from(tasks)
      .innerJoin(pairs, and(eq(pairs.id, tasks.pairId), active))
      .where(
        and(
          sql`not ${tasks.completed}`,
          // A request or a paused task is inert (decision 056): nothing reminds of it.
          sql`${tasks.limitState} is null`,
          gt(tasks.dueDate, new Date(after)),
          lt(tasks.dueDate, new Date(before)),
        ),
      ),
    deps.db
      .select({
        id: punishments.id,
        userId: punishments.assignedTo,
        pairId: punishments.pairId,
        start: punishments.timerStartTime,
      })
      .from(punishments)
      .innerJoin(pairs, and(eq(pairs.id, punishments.pairId), active))
      .where(
        and(
          punishments.timerEnabled,
          sql`not ${punishments.completed}`,
          sql`${punishments.limitState} is null`,
          sql`${punishments.timerStartTime} is not null`,
          // The index's range: no timer runs longer than its maximum.
          gt(punishments.timerStartTime, new Date(now - TIMER_MAX_MINUTES * 60_000 - REMINDER_CATCH_UP_MS)),
          lte(
            sql`${punishments.timerStartTime} + ${punishments.timerDuration} * interval '1 minute'`,
            new Date(now),
          ),
          gt(
            sql`${punishments.timerStartTime} + ${punishments.timerDuration} * interval '1 minute'`,
            new Date(now - REMINDER_CATCH_UP_MS),
          ),
        ),
      ),
  ]);
  return [
    ...dueTasks.map((t) => ({
      key: `task:${t.id}:${t.due.getTime()}`,
      userId: t.userId,
      pairId: t.pairId,
      kind: 'task' as const,
    })),
    ...ranOut.map((p) => ({
      key: `timer:${p.id}:${p.start!.getTime()}`,
      userId: p.userId,
      pairId: p.pairId,
      kind: 'timer' as const,
    })),
  ];
}

/** The kind of notification each reminder belongs to, whose push choice it follows. */
const REMINDER_KIND = { task: 'tasks', timer: 'punishments' } as const satisfies Record<
  Due['kind'],
  QuietableKind
>;

/**
 * The minute's reminders (decision 047), in one transaction: every due reminder's key claimed in one
 * statement (those already sent are skipped by the key's conflict), then the claimed ones' pushes written
 * to the outbox, so that each is sent once however many runs or instances find it due: one discreet push
 * per device of the user, or, during their quiet hours, counted for the summary at their end. Answers how
 * many reminders were claimed (sent or held).
 */
export async function sendDueReminders(deps: AppDeps): Promise<number> {
  const now = deps.clock();
  // In key order: two runs claiming overlapping sets wait for each other instead of deadlocking.
  const due = (await dueReminders(deps, now.getTime())).sort((x, y) => (x.key < y.key ? -1 : 1));
  if (due.length === 0) return 0;
  const claimed = await deps.db.transaction(async (tx) => {
    const keys = await tx
      .insert(remindersSent)
      .values(due.map((r) => ({ key: r.key, userId: r.userId, sentAt: now })))
      .onConflictDoNothing()
      .returning({ key: remindersSent.key });
    const mine = new Set(keys.map((k) => k.key));
    const reminders = due.filter((r) => mine.has(r.key));
    if (reminders.length === 0) return 0;
    const userIds = [...new Set(reminders.map((r) => r.userId))];
    const devices = await tx
      .select({ id: pushTokens.id, userId: pushTokens.userId })
      .from(pushTokens)
      .where(inArray(pushTokens.userId, userIds));
    const preferences = await tx
      .select()
      .from(pushPreferences)
      .where(inArray(pushPreferences.userId, userIds));
    // A reminder is a push of its kind: none where the user quieted that kind's pushes (decision 085).
    const quieted = await tx
      .select({ userId: notificationPreferences.userId, kind: notificationPreferences.kind })
      .from(notificationPreferences)
      .where(and(inArray(notificationPreferences.userId, userIds), eq(notificationPreferences.push, false)));
    const entries: OutboxEntry[] = [];
    for (const reminder of reminders) {
      const theirs = devices.filter((d) => d.userId === reminder.userId);
      if (theirs.length === 0) continue;
      const kind = REMINDER_KIND[reminder.kind];
      if (quieted.some((q) => q.userId === reminder.userId && q.kind === kind)) continue;
      const { quietHours } = presentPreferences(preferences.find((p) => p.userId === reminder.userId));
      if (await heldForQuietHours(tx, reminder.userId, quietHours, now.getTime())) continue;
      // And the contract's quiet hours of the reminder's pair (decision 057).
      const contractQuiet = await pairQuietHours(tx, reminder.pairId);
      if (await heldForQuietHours(tx, reminder.userId, contractQuiet, now.getTime())) continue;
      const pushes = toDevices(reminder.userId, theirs, reminderPush(reminder.kind), {
        ttl: REMINDER_TTL_S,
        urgency: 'normal',
        topic: REMINDER_TOPIC,
      });
      // Should Red stop the pair before they leave, they wait, and the lift drops them (decision 049).
      entries.push(...pushes.map((push) => ({ ...push, pairId: reminder.pairId, lapsesWhenHeld: true })));
    }
    if (entries.length > 0) await deps.outbox.add(tx, entries);
    return reminders.length;
  });
  if (claimed > 0) deps.outbox.wake();
  return claimed;
}

/** Claims older than a day can no longer match: their reminder's window has long closed. */
export async function sweepRemindersSent(deps: Pick<AppDeps, 'db' | 'clock'>) {
  await deps.db
    .delete(remindersSent)
    .where(lt(remindersSent.sentAt, new Date(deps.clock().getTime() - KEPT_MS)));
}
