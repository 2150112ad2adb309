import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { paths } from '@/shared/routes';
import type { changePasswordInput } from '@/shared/schemas/settings';
import { type ClientInfo, recordSecurityEvent } from '../../auth/security-log';
import type { Actor, AuthUser } from '../../auth/session';
import { userKeys } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { passwordChangedMail } from '../../email/templates';
import { invalid } from '../../http/errors';
import { revokeOtherSessions } from './settings.security';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

const apiCode = (error: unknown) =>
  error instanceof APIError ? String((error.body as { code?: string } | undefined)?.code ?? '') : '';

/**
 * Changes the password (the library checks the current one and stores the new hash), then signs every
 * other session out, tells the owner by mail and logs it.
 */
export async function changePassword(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof changePasswordInput> & {
    user: AuthUser;
    currentId: string;
    headers: Headers;
    client: ClientInfo;
  },
) {
  try {
    await deps.auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.password,
        revokeOtherSessions: false,
      },
      headers: input.headers,
    });
  } catch (error) {
    const code = apiCode(error);
    if (code === 'INVALID_PASSWORD' || code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
      await recordSecurityEvent(
        deps.db,
        { userId: actor.id, type: 'auth_failure', code: 'password_change_failed', client: input.client },
        deps.clock(),
      );
      throw invalid(WRONG_CURRENT_PASSWORD, {
        fields: {
          currentPassword: WRONG_CURRENT_PASSWORD,
        },
      });
    }
    throw error;
  }
  // The key re-wrapped by the new password in the browser, not re-encrypted (decision 101).
  if (input.passwordWrap) {
    await deps.db
      .update(userKeys)
      .set({ passwordWrap: input.passwordWrap, updatedAt: deps.clock() })
      .where(eq(userKeys.userId, actor.id));
  }
  const revoked = await revokeOtherSessions(deps, actor, { ...input, record: false });
  await recordSecurityEvent(
    deps.db,
    {
      userId: actor.id,
      type: 'other',
      code: 'password_changed',
      client: input.client,
      details: `${revoked} other ${revoked === 1 ? 'session' : 'sessions'} signed out`,
    },
    deps.clock(),
  );
  await deps.mail.enqueue(
    passwordChangedMail(input.user.email, input.user.name, `${deps.appUrl}${paths.auth}`),
    { userId: actor.id },
  );
  return revoked;
}
