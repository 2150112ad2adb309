/**
 * The app lock and the cover (decisions 078, 079): limits and words, without zod, for the lock screen and
 * the settings section (decision 059).
 */

/** A PIN is digits only, at least six of them. */
export const PIN_MIN_LENGTH = 6;
export const PIN_MAX_LENGTH = 32;
/** Wrong PINs in a row that sign the device out. */
export const MAX_PIN_FAILURES = 5;
/** The idle times a user may choose, in minutes. */
export const LOCK_IDLE_CHOICES = [1, 5, 15] as const;
export type LockIdleMinutes = (typeof LOCK_IDLE_CHOICES)[number];
export const DEFAULT_LOCK_IDLE: LockIdleMinutes = 5;

/**
 * The tab's title while the lock or the cover is up: it names nothing of the app's content. One constant,
 * so that a discreet name can replace it in one place.
 */
export const LOCKED_TITLE = 'Locked';

export const APP_LOCK_TEXT = {
  locked: 'This device is locked. Enter your PIN to continue.',
  lockedShort: 'Locked',
  wrongPin: (left: number) =>
    `Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left before this device is signed out.`,
  signedOut: 'Five wrong PINs: this device has been signed out. Sign in again with your password.',
  noPin: 'No PIN is set on this device.',
  passkeyRefused: 'The passkey did not unlock Pact. Try your PIN.',
  pinSetElsewhere: 'Set a PIN before locking this device.',
  pinRule: `A PIN is ${PIN_MIN_LENGTH} to ${PIN_MAX_LENGTH} digits.`,
  pinMismatch: 'The two PINs do not match.',
  proofRule: 'The PIN proof must be 64 hexadecimal characters.',
  idleRule: `Lock after ${LOCK_IDLE_CHOICES.join(', ')} minutes only.`,
  forgot: 'Forgot your PIN? Sign out, then sign in again with your password.',
  offline: 'You are offline. Connect to unlock: your PIN is checked by the server.',
  noSecret: 'This browser no longer holds the key your PIN was set with. Sign out and sign in again.',
} as const;

/** Whether a string is a PIN the lock accepts (checked on the device: the server never sees it). */
export const isValidPin = (pin: string) =>
  pin.length >= PIN_MIN_LENGTH && pin.length <= PIN_MAX_LENGTH && /^[0-9]+$/.test(pin);
