import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  APP_LOCK_TEXT,
  type AppLockView,
  DEFAULT_LOCK_IDLE,
  type LockIdleMinutes,
  MAX_PIN_FAILURES,
  type SetLockInput,
} from '@/shared/schemas/app-lock';
import { type ClientInfo, recordSecurityEvent } from '../../auth/security-log';
import type { Actor } from '../../auth/session';
import type { Queryable } from '../../db/client';
import { passkeys, sessionLocks, sessions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, lockSignedOut, wrongPin } from '../../http/errors';

/**
 * What the server keeps of a proof (decision 078): its SHA-256. The proof is already HMAC(device secret,
 * PIN); hashing it once more means a copy of this table cannot be replayed as a proof either.
 */
export const verifierOf = (proof: string) => createHash('sha256').update(proof, 'utf8').digest('hex');

/** Both are 64 hex characters (the schema and the column's check): compared in constant time. */
const sameVerifier = (stored: string, proof: string) =>
  timingSafeEqual(Buffer.from(stored, 'utf8'), Buffer.from(verifierOf(proof), 'utf8'));

interface LockRow {
  failures: number;
  idleMinutes: number;
}

const view = (row: LockRow | undefined, locked: boolean): Omit<AppLockView, 'passkey'> => ({
  pinSet: Boolean(row),
  locked: Boolean(row) && locked,
  idleMinutes: (row?.idleMinutes ?? DEFAULT_LOCK_IDLE) as LockIdleMinutes,
  attemptsLeft: MAX_PIN_FAILURES - (row?.failures ?? 0),
});

/** Whether the account has a passkey, which unlocks as the PIN does (decision 077). */
export async function hasPasskey(q: Queryable, userId: string) {
  const [row] = await q
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return row !== undefined;
}

async function readLock(q: Queryable, sessionId: string) {
  const [row] = await q
    .select({ failures: sessionLocks.failures, idleMinutes: sessionLocks.idleMinutes })
    .from(sessionLocks)
    .where(eq(sessionLocks.sessionId, sessionId));
  return row;
}

/** GET /api/me/lock: this device's lock; `locked` is the session's own flag, read with it. */
export async function getLock(deps: AppDeps, sessionId: string, locked: boolean) {
  return view(await readLock(deps.db, sessionId), locked);
}

/** PUT /api/me/lock: sets or replaces this device's PIN; the count of wrong PINs starts again. */
export async function setLock(deps: AppDeps, actor: Actor, sessionId: string, input: SetLockInput) {
  const verifier = verifierOf(input.proof);
  const now = new Date();
  await deps.db
    .insert(sessionLocks)
    .values({ sessionId, userId: actor.id, verifier, idleMinutes: input.idleMinutes, failures: 0 })
    .onConflictDoUpdate({
      target: sessionLocks.sessionId,
      set: { verifier, idleMinutes: input.idleMinutes, failures: 0, updatedAt: now },
    });
  return view({ failures: 0, idleMinutes: input.idleMinutes }, false);
}

/** PATCH /api/me/lock: the idle time only; 409 without a PIN. */
export async function setIdle(deps: AppDeps, sessionId: string, idleMinutes: LockIdleMinutes) {
  const [row] = await deps.db
    .update(sessionLocks)
    .set({ idleMinutes, updatedAt: new Date() })
    .where(eq(sessionLocks.sessionId, sessionId))
    .returning({ failures: sessionLocks.failures, idleMinutes: sessionLocks.idleMinutes });
  if (!row) throw conflict(APP_LOCK_TEXT.noPin);
  return view(row, false);
}

/** DELETE /api/me/lock: no PIN on this device any more (it is unlocked, or the gate had refused). */
export async function removeLock(deps: AppDeps, sessionId: string) {
  const removed = await deps.db
    .delete(sessionLocks)
    .where(eq(sessionLocks.sessionId, sessionId))
    .returning({ sessionId: sessionLocks.sessionId });
  if (removed.length === 0) throw conflict(APP_LOCK_TEXT.noPin);
  return view(undefined, false);
}

/** POST /api/me/lock/engage: the device locks itself (idle, or sent to the background); 409 without a PIN. */
export async function engageLock(deps: AppDeps, sessionId: string) {
  const row = await readLock(deps.db, sessionId);
  if (!row) throw conflict(APP_LOCK_TEXT.pinSetElsewhere);
  const changed = await deps.db
    .update(sessions)
    .set({ lockedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.lockedAt)))
    .returning({ id: sessions.id });
  // The gate reads the flag with the cached session: every instance forgets it (its stream stays open).
  if (changed.length > 0) await deps.sessions.forget({ sessionIds: [sessionId] });
  return view(row, true);
}

type UnlockOutcome = { kind: 'unlocked'; row: LockRow } | { kind: 'wrong'; left: number } | { kind: 'out' };

/**
 * POST /api/me/lock/unlock: a right proof unlocks and resets the count; a wrong one counts, and the fifth
 * in a row deletes the session (signs the device out; its lock row goes with it) and logs it. The row is
 * locked while it is judged, so two guesses at once are counted as two.
 */
export async function unlock(
  deps: AppDeps,
  actor: Actor,
  sessionId: string,
  proof: string,
  client: ClientInfo,
): Promise<Omit<AppLockView, 'passkey'>> {
  const outcome = await deps.db.transaction(async (tx): Promise<UnlockOutcome> => {
    const [row] = await tx
      .select({
        verifier: sessionLocks.verifier,
        failures: sessionLocks.failures,
        idleMinutes: sessionLocks.idleMinutes,
      })
      .from(sessionLocks)
      .where(eq(sessionLocks.sessionId, sessionId))
      .for('update');
    if (!row) throw conflict(APP_LOCK_TEXT.noPin);
    if (sameVerifier(row.verifier, proof)) {
      await tx
        .update(sessionLocks)
        .set({ failures: 0, updatedAt: new Date() })
        .where(eq(sessionLocks.sessionId, sessionId));
      await tx.update(sessions).set({ lockedAt: null }).where(eq(sessions.id, sessionId));
      return { kind: 'unlocked', row: { failures: 0, idleMinutes: row.idleMinutes } };
    }
    const failures = row.failures + 1;
    if (failures >= MAX_PIN_FAILURES) {
      await tx.delete(sessions).where(eq(sessions.id, sessionId));
      const now = new Date();
      await recordSecurityEvent(
        tx,
        { userId: actor.id, type: 'auth_failure', code: 'lock_signed_out', client },
        now,
      );
      return { kind: 'out' };
    }
    await tx
      .update(sessionLocks)
      .set({ failures: sql`${sessionLocks.failures} + 1`, updatedAt: new Date() })
      .where(eq(sessionLocks.sessionId, sessionId));
    return { kind: 'wrong', left: MAX_PIN_FAILURES - failures };
  });
  if (outcome.kind === 'wrong') throw wrongPin(APP_LOCK_TEXT.wrongPin(outcome.left));
  if (outcome.kind === 'out') {
    await deps.sessions.forget({ sessionIds: [sessionId] }, { closeStreams: true });
    throw lockSignedOut(APP_LOCK_TEXT.signedOut);
  }
  await deps.sessions.forget({ sessionIds: [sessionId] });
  return view(outcome.row, false);
}
