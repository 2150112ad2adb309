import { z } from 'zod';
import { APP_LOCK_TEXT, LOCK_IDLE_CHOICES, type LockIdleMinutes } from '../texts/app-lock';

export * from '../texts/app-lock';

/**
 * What a device sends for its PIN (decision 078): HMAC-SHA256(key = the device's secret, message = the
 * PIN), in hex. Never the PIN.
 */
const proofField = z
  .string({ error: APP_LOCK_TEXT.proofRule })
  .regex(/^[0-9a-f]{64}$/, { error: APP_LOCK_TEXT.proofRule });

const idleField = z.union(
  LOCK_IDLE_CHOICES.map((m) => z.literal(m)) as [z.ZodLiteral<1>, z.ZodLiteral<5>, z.ZodLiteral<15>],
  { error: APP_LOCK_TEXT.idleRule },
);

/** PUT /api/me/lock: set or change this device's PIN, and its idle time. */
export const setLockInput = z.strictObject({ proof: proofField, idleMinutes: idleField });
export type SetLockInput = z.infer<typeof setLockInput>;

/** PATCH /api/me/lock: only the idle time. */
export const lockSettingsInput = z.strictObject({ idleMinutes: idleField });

/** POST /api/me/lock/unlock. */
export const unlockInput = z.strictObject({ proof: proofField });

/** This device's lock, as GET /api/me/lock and every lock write answer (no content of the app). */
export interface AppLockView {
  pinSet: boolean;
  locked: boolean;
  idleMinutes: LockIdleMinutes;
  /** Wrong PINs still allowed before the device is signed out. */
  attemptsLeft: number;
  /** The account has a passkey, which unlocks too (decision 077). */
  passkey: boolean;
}
