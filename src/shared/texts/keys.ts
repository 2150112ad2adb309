/** The texts of end-to-end encryption's keys (decision 100). */
export const KEYS_TEXT = {
  publicKeyRule: 'Public key must be a P-256 public key (65 bytes, base64url)',
  wrapRule: 'Wrapped key is not in the expected form',
  passwordWrapRule: 'The password wrap must use Argon2id',
  recoveryWrapRule: 'The recovery wrap must use the recovery key',
  alreadySetUp: 'Encryption is already set up for this account',
  notSetUp: 'Set up encryption first',
  passwordRequired: 'Enter your password',
  wrongPassword: 'Password is incorrect',
  pairNotFound: 'Pair not found',
  wrapsRule: 'Send between 1 and 8 wrapped keys',
  recipientRule: 'A pair key can only be wrapped for you or your partner',
  partnerNotSetUp: 'Your partner has not set up encryption yet',
  keyIdRule: 'Key id must be a whole number from 1',
  keyChanged: 'This key has changed. Reload and try again.',
  keyExists: 'The pair’s keys changed on another device. Reload and try again.',
  makerHoldsIt: 'A new pair key must be wrapped for its maker too',
} as const;
