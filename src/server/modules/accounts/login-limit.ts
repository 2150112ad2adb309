import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export const tooManyAttemptsMessage = (minutes: number) =>
  `Too many login attempts. Please try again in ${minutes} minutes.`;

/** Minutes left on a lock for this address, or null when a login may be attempted. */
export async function loginLockMinutes(db: Db, email: string, now: Date): Promise<number | null> {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.email, email)).limit(1);
  if (!row || row.failures < LOGIN_MAX_FAILURES) return null;
  const remaining = row.lastAttemptAt.getTime() + LOGIN_WINDOW_MS - now.getTime();
  return remaining > 0 ? Math.ceil(remaining / 60_000) : null;
}

/** One more failure; the count starts again when the last one is older than the window. */
export async function recordLoginFailure(db: Db, email: string, now: Date) {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS);
  await db
    .insert(loginAttempts)
    .values({ email, failures: 1, lastAttemptAt: now })
    .onConflictDoUpdate({
      target: loginAttempts.email,
      set: {
        failures: sql`case when ${loginAttempts.lastAttemptAt} <= ${windowStart.toISOString()}::timestamptz then 1 else ${loginAttempts.failures} + 1 end`,
        lastAttemptAt: now,
      },
    });
}

export async function clearLoginFailures(db: Db, email: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}
