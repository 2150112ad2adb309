import { z } from 'zod';
import {
  DISPLAY_NAME_MAX,
  displayNameError,
  EMAIL_MAX,
  emailError,
  normalizeDisplayName,
  normalizeEmail,
} from '../domain/identity';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, passwordPolicyErrors } from '../domain/password';
import { ROLES, SESSION_ROLES } from '../domain/roles';

const text = (required: string) => z.string({ error: required });

/** An e-mail field: normalised, then checked with the spec's messages (decision 014: plain ASCII only). */
export const emailField = text('Email is required')
  .max(EMAIL_MAX * 2, 'Please enter a valid email address')
  .transform(normalizeEmail)
  .superRefine((value, ctx) => {
    const error = emailError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

export const displayNameField = text('Display name is required')
  .max(DISPLAY_NAME_MAX * 4, 'Display name must be less than 50 characters')
  .transform(normalizeDisplayName)
  .superRefine((value, ctx) => {
    const error = displayNameError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

/** A new password: every rule of the policy, each with its own message. */
export const newPasswordField = text(PASSWORD_MESSAGES.required).superRefine((value, ctx) => {
  for (const message of passwordPolicyErrors(value)) ctx.addIssue({ code: 'custom', message });
});

/** A password being checked at login: only its presence and a sane length. */
const loginPasswordField = text(PASSWORD_MESSAGES.required)
  .min(1, PASSWORD_MESSAGES.required)
  .max(PASSWORD_MAX_LENGTH * 4, 'Invalid email or password');

const timeZoneField = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

export const registerInput = z
  .object({
    displayName: displayNameField,
    email: emailField,
    password: newPasswordField,
    confirmPassword: text(PASSWORD_MESSAGES.required).max(PASSWORD_MAX_LENGTH * 4),
    role: z.enum(ROLES, { error: 'Please choose a role: dominant, switch or submissive' }),
    ageConfirmed: z.literal(true, { error: 'You must confirm that you are 18 or older' }),
    timeZone: timeZoneField.optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.input<typeof registerInput>;

export const loginInput = z.object({
  email: emailField,
  password: loginPasswordField,
});
export type LoginInput = z.input<typeof loginInput>;

export const emailOnlyInput = z.object({ email: emailField });
export type EmailOnlyInput = z.input<typeof emailOnlyInput>;

const tokenField = text('Reset link invalid or expired')
  .min(1, 'Reset link invalid or expired')
  .max(200, 'Reset link invalid or expired');

export const recoveryCheckInput = z.object({ token: tokenField });

export const resetPasswordInput = z
  .object({
    token: tokenField,
    password: newPasswordField,
    confirmPassword: text(PASSWORD_MESSAGES.required).max(PASSWORD_MAX_LENGTH * 4),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;

export const sessionRoleInput = z.object({
  role: z.enum(SESSION_ROLES, { error: 'Session role must be dominant or submissive' }),
});

/** The current user as the client sees it (spec 1, section 3). Timestamps are epoch milliseconds. */
export interface CurrentUser {
  id: string;
  displayName: string;
  email: string;
  username: string;
  role: (typeof ROLES)[number];
  /** The session role of a Switch; for the others, equal to their role. Null until a Switch chooses. */
  sessionRole: (typeof SESSION_ROLES)[number] | null;
  photoURL: string | null;
  lastVisitAt: number | null;
  timeZone: string;
  partners: { id: string; name: string; role: (typeof ROLES)[number]; photoURL: string | null }[];
}

export type RegisterResult = { status: 'verification_required' } | { status: 'signed_in'; user: CurrentUser };
