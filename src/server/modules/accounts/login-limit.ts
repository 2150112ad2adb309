import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export const tooManyAttemptsMessage = (minutes: number) =>
  `Too many login attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;

/** Minutes left on a lock for this address, or null when a login may be attempted. */
export async function loginLockMinutes(db: Db, email: string, now: Date): Promise<number | null> {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.email, email)).limit(1);
  if (!row || row.failures < LOGIN_MAX_FAILURES) return null;
  const remaining = row.lastAttemptAt.getTime() + LOGIN_WINDOW_MS - now.getTime();
  return remaining > 0 ? Math.ceil(remaining / 60_000) : null;
}

/**
 * Takes one attempt for this address, counted as a failure until the password proves right, in one
 * atomic statement that refuses while the address is locked. Counting before the (slow) password check
 * keeps a burst of simultaneous guesses from all passing one "not locked yet" reading.
 * Returns the minutes left on the lock, or null when the attempt may go ahead.
 * The count starts again when the last attempt is older than the window.
 */
export async function claimLoginAttempt(db: Db, email: string, now: Date): Promise<number | null> {
  const windowStart = sql`${new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString()}::timestamptz`;
  const claimed = await db
    .insert(loginAttempts)
    .values({ email, failures: 1, lastAttemptAt: now })
    .onConflictDoUpdate({
      target: loginAttempts.email,
      set: {
        failures: sql`case when ${loginAttempts.lastAttemptAt} <= ${windowStart} then 1 else ${loginAttempts.failures} + 1 end`,
        lastAttemptAt: now,
      },
      setWhere: sql`not (${loginAttempts.failures} >= ${LOGIN_MAX_FAILURES} and ${loginAttempts.lastAttemptAt} > ${windowStart})`,
    })
    .returning({ failures: loginAttempts.failures });
  if (claimed.length > 0) return null;
  // Locked. Should the lock vanish meanwhile (a password reset), refuse this once all the same.
  return (await loginLockMinutes(db, email, now)) ?? 1;
}

/** Gives back an attempt that turned out not to be a wrong password (an unconfirmed address, an outage). */
export async function releaseLoginAttempt(db: Db, email: string) {
  await db
    .update(loginAttempts)
    .set({ failures: sql`${loginAttempts.failures} - 1` })
    .where(and(eq(loginAttempts.email, email), gt(loginAttempts.failures, 0)));
}

/**
 * Forgets counters whose window has passed: they no longer lock anything. Attempts on addresses that do not
 * exist leave rows too (the answer must not tell them apart), and this keeps them from piling up.
 */
export async function sweepLoginAttempts(db: Db, now: Date) {
  await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.lastAttemptAt, new Date(now.getTime() - LOGIN_WINDOW_MS)));
}

export async function clearLoginFailures(db: Db, email: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}
