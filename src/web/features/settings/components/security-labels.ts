import type { SecurityEventType } from '@/shared/domain/security';

/** What each code of the security log means to its owner (decision 025 lists them). */
const EVENT_LABELS: Record<string, string> = {
  account_created: 'Account created',
  sign_in: 'Signed in',
  new_device: 'Signed in from a new device',
  login_failed: 'Failed sign-in attempt',
  login_locked: 'Sign-in locked after too many attempts',
  password_reset: 'Password reset by e-mail link',
  password_changed: 'Password changed',
  password_change_failed: 'Password change refused (wrong current password)',
  sessions_revoked: 'Other sessions signed out',
  passkey_added: 'Passkey added',
  passkey_sign_in: 'Signed in with a passkey',
  passkey_removed: 'Passkey removed',
  passkey_failed: 'Failed sign-in with a passkey',
  passkey_confirm_failed: 'Passkey check refused (app lock)',
  lock_signed_out: 'A device was signed out after five wrong PINs',
  keys_set_up: 'Encryption set up',
  keys_replaced: 'Encryption key replaced',
  key_setup_failed: 'Encryption set-up refused (wrong password)',
  key_rewrap_failed: 'Encryption password update refused (wrong password)',
};

const TYPE_LABELS: Record<SecurityEventType, string> = {
  auth_failure: 'Sign-in failure',
  rate_limit: 'Rate limit',
  suspicious_activity: 'Suspicious activity',
  other: 'Account activity',
};

export const eventLabel = (code: string) => EVENT_LABELS[code] ?? code.replaceAll('_', ' ');
export const typeLabel = (type: SecurityEventType) => TYPE_LABELS[type] ?? type;

/** How the score reads: "Secure" at 80 or more (spec 2 §9), otherwise a call to look. */
export const scoreLabel = (secure: boolean) => (secure ? 'Secure' : 'Needs attention');
