/**
 * Password policy and strength score (spec 1, section 5). Shared by the registration form,
 * the reset form and the server, so that the rule the user sees is the rule that is enforced.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes any length, but an unbounded input is a cheap denial-of-service lever. */
export const PASSWORD_MAX_LENGTH = 128;

export const SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~';

export const COMMON_PASSWORDS = [
  'password',
  '123456',
  '12345678',
  'qwerty',
  'abc123',
  'letmein',
  'admin',
  'welcome',
  'monkey',
  'dragon',
  'iloveyou',
  'passw0rd',
  'football',
  'baseball',
  'master',
  'sunshine',
  'trustno1',
] as const;

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: 'Password must be at least 8 characters long',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
  common: 'Password contains common words that are easily guessed',
  mismatch: 'Passwords do not match',
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  weakWarning: 'Consider using a stronger password for better security',
} as const;

const hasUppercase = (p: string) => /[A-Z]/.test(p);
const hasLowercase = (p: string) => /[a-z]/.test(p);
const hasNumber = (p: string) => /[0-9]/.test(p);
const hasSpecial = (p: string) => [...p].some((ch) => SPECIAL_CHARACTERS.includes(ch));
export const containsCommonPassword = (p: string) => {
  const lower = p.toLowerCase();
  return COMMON_PASSWORDS.some((word) => lower.includes(word));
};
const hasTripleRepeat = (p: string) => /(.)\1\1/.test(p);

/** Every rule the password breaks, in the order the form lists them; empty when it is acceptable. */
export function passwordPolicyErrors(password: string): string[] {
  if (password.length === 0) return [PASSWORD_MESSAGES.required];
  const errors: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) errors.push(PASSWORD_MESSAGES.tooShort);
  if (password.length > PASSWORD_MAX_LENGTH) errors.push(PASSWORD_MESSAGES.tooLong);
  if (!hasUppercase(password)) errors.push(PASSWORD_MESSAGES.uppercase);
  if (!hasLowercase(password)) errors.push(PASSWORD_MESSAGES.lowercase);
  if (!hasNumber(password)) errors.push(PASSWORD_MESSAGES.number);
  if (!hasSpecial(password)) errors.push(PASSWORD_MESSAGES.special);
  if (containsCommonPassword(password)) errors.push(PASSWORD_MESSAGES.common);
  return errors;
}

export type StrengthLabel = 'Strong' | 'Good' | 'Fair' | 'Weak';

export interface PasswordStrength {
  score: number;
  label: StrengthLabel;
  warning: string | null;
}

/**
 * 25 for length, 15 for each of the four character classes, 15 for no common word;
 * minus 30 for a common word; minus 10 for three or more repeated characters; clamped to 0..100.
 */
export function passwordStrength(password: string): PasswordStrength {
  let score = 0;
  if (password.length >= PASSWORD_MIN_LENGTH) score += 25;
  if (hasUppercase(password)) score += 15;
  if (hasLowercase(password)) score += 15;
  if (hasNumber(password)) score += 15;
  if (hasSpecial(password)) score += 15;
  if (containsCommonPassword(password)) score -= 30;
  else score += 15;
  if (hasTripleRepeat(password)) score -= 10;
  score = Math.max(0, Math.min(100, score));
  const label: StrengthLabel = score >= 80 ? 'Strong' : score >= 60 ? 'Good' : score >= 40 ? 'Fair' : 'Weak';
  return { score, label, warning: score < 80 ? PASSWORD_MESSAGES.weakWarning : null };
}
