import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES } from '../domain/password';
import type { SecurityEventType, SecurityScore } from '../domain/security';
import { newPasswordField } from './accounts';
import { passwordWrapField } from './keys';

const text = (required: string) => z.string({ error: required });

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';

/** Change password from settings: the current one proves it is the owner, the new one follows the policy. */
export const changePasswordInput = z
  .object({
    currentPassword: text(CURRENT_PASSWORD_REQUIRED)
      .min(1, CURRENT_PASSWORD_REQUIRED)
      .max(PASSWORD_MAX_LENGTH * 4, 'Current password is incorrect'),
    password: newPasswordField,
    confirmPassword: text(PASSWORD_MESSAGES.required).max(PASSWORD_MAX_LENGTH * 4),
    /**
     * The encryption key wrapped again by the new password in the browser (decision 101): stored with the
     * change, so that the next sign-in unlocks it. Absent when the account has no keys or the browser
     * could not open them.
     */
    passwordWrap: passwordWrapField.optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

import { DELETE_CONFIRM_MESSAGE, DELETE_CONFIRMATION } from '../texts/settings';

export { DELETE_CONFIRM_MESSAGE, DELETE_CONFIRMATION };

/** Spec 2 §5: the typed text must be exactly DELETE (no trimming, no other case). */
export const deleteAccountInput = z.object({
  confirm: z.literal(DELETE_CONFIRMATION, { error: DELETE_CONFIRM_MESSAGE }),
});

/** One entry of the security log. Times are epoch milliseconds. */
export interface SecurityEventView {
  id: string;
  type: SecurityEventType;
  /** What happened: login_failed, login_locked, sign_in, new_device, password_reset, password_changed, … */
  code: string;
  /** The device family ("Firefox on Linux"), never the full user agent. */
  device: string;
  details: string;
  createdAt: number;
}

export interface SecurityView {
  events: SecurityEventView[];
  score: SecurityScore;
}

/** A signed-in device of the user; the token is never shown. */
export interface SessionView {
  id: string;
  device: string;
  createdAt: number;
  /** When the session was last refreshed (the library slides it on at most once a day). */
  lastSeenAt: number;
  current: boolean;
}
