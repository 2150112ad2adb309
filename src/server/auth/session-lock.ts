import { eq } from 'drizzle-orm';
import { sessionLocks, sessions } from '../db/schema';
import type { AppDeps } from '../deps';

/**
 * Lifts a session's app lock after its user proved it is them another way than the PIN: one of their
 * passkeys (decisions 077, 078). The count of wrong PINs starts again, as after a right PIN, and every
 * instance forgets the cached session, whose flag the gate reads.
 */
export async function releaseSessionLock(deps: AppDeps, sessionId: string) {
  await deps.db.transaction(async (tx) => {
    await tx.update(sessions).set({ lockedAt: null }).where(eq(sessions.id, sessionId));
    await tx
      .update(sessionLocks)
      .set({ failures: 0, updatedAt: new Date() })
      .where(eq(sessionLocks.sessionId, sessionId));
  });
  await deps.sessions.forget({ sessionIds: [sessionId] });
}
