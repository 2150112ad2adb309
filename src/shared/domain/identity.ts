/** Display-name, e-mail and username rules (spec 1, sections 3 and 5). */

export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 50;
export const EMAIL_MAX = 254;

export const IDENTITY_MESSAGES = {
  displayNameShort: 'Display name must be at least 2 characters long',
  displayNameLong: 'Display name must be less than 50 characters',
  emailInvalid: 'Please enter a valid email address',
  emailCharacters: 'Email contains invalid characters',
  emailRequired: 'Email is required',
} as const;

/** Lower-cased and trimmed: the one form in which an address is stored and compared. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Plain ASCII addresses only (decision 014), by the same rule as the auth library's own check (zod's
 * e-mail pattern), so that an address the form accepts is one the library accepts: letters, digits and
 * `_ ' + - .` before the "@" (no leading, trailing or doubled dot), dotted labels of letters, digits and
 * hyphens after it, ending in a top-level domain of two letters or more. Internationalised domains are
 * written in their xn-- form.
 */
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([a-z0-9_'+\-.]*)[a-z0-9_+-]@([a-z0-9][a-z0-9-]*\.)+[a-z]{2,}$/;

/** The error for an address, or null when it is acceptable. The input is normalised first. */
export function emailError(raw: string): string | null {
  const email = normalizeEmail(raw);
  if (email.length === 0) return IDENTITY_MESSAGES.emailRequired;
  if (/[<>"'`]/.test(email)) return IDENTITY_MESSAGES.emailCharacters;
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return IDENTITY_MESSAGES.emailInvalid;
  return null;
}

/**
 * Trimmed; inner runs of whitespace collapse to one space. The spec "escapes special characters":
 * we store the text as typed and escape it where it is rendered (React, mail templates), which
 * is the safe place to do it; see docs/decisions/003-display-name-escaping.md.
 */
export const normalizeDisplayName = (name: string) => name.trim().replace(/\s+/g, ' ');

export function displayNameError(raw: string): string | null {
  const name = normalizeDisplayName(raw);
  if (name.length < DISPLAY_NAME_MIN) return IDENTITY_MESSAGES.displayNameShort;
  if (name.length > DISPLAY_NAME_MAX) return IDENTITY_MESSAGES.displayNameLong;
  return null;
}

/** The display name lower-cased with every non-alphanumeric character removed. */
export const deriveUsername = (displayName: string) =>
  displayName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '');
