import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@/shared/domain/password';
import type { ChangePasswordInput } from '@/shared/schemas/settings';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { NewPasswordFields } from '@/web/components/ui/new-password-fields';
import { ApiError, errorMessage } from '@/web/lib/api';
import { useCurrentUser } from '@/web/lib/current-user';
import { rewrapForNewPassword } from '@/web/lib/e2ee/unlock';
import { lazyResolver, loadZodResolver } from '@/web/lib/lazy-resolver';
import { toast } from '@/web/lib/toast';
import { useChangePassword } from '../api/settings';
import { SettingsSection } from './settings-section';

/** The form's rules (zod and the schema) come at its first check, not with the page (decision 059). */
const resolver = lazyResolver<ChangePasswordInput>(async () =>
  (await loadZodResolver())((await import('@/shared/schemas/settings')).changePasswordInput),
);

const EMPTY: ChangePasswordInput = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * Change password (issue 12): the current one, a new one by the registration rules, its confirmation.
 * The server signs every other session out and mails the owner; this session stays.
 */
export function ChangePasswordSection() {
  const change = useChangePassword();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const form = useForm<ChangePasswordInput>({
    resolver,
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    async (values) => {
      try {
        // The encryption key follows the password: wrapped again here, stored with the change.
        const passwordWrap = await rewrapForNewPassword(
          queryClient,
          user.id,
          values.currentPassword,
          values.password,
        );
        const { revoked } = await change.mutateAsync({
          ...values,
          ...(passwordWrap ? { passwordWrap } : {}),
        });
        toast.success('Password updated', {
          description:
            revoked > 0
              ? `Your other ${revoked === 1 ? 'session was' : `${revoked} sessions were`} signed out.`
              : 'Use your new password the next time you log in.',
        });
        form.reset(EMPTY);
      } catch (error) {
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.fields)) {
            if (field in EMPTY) form.setError(field as keyof ChangePasswordInput, { message });
          }
        }
        toast.error('Error updating password', { description: errorMessage(error) });
      }
    },
    (invalid) => {
      if (invalid.confirmPassword?.message === PASSWORD_MESSAGES.mismatch) {
        toast.error('Password mismatch', { description: PASSWORD_MESSAGES.mismatch, duration: 3000 });
      } else if (
        (form.getValues('password') ?? '').length < PASSWORD_MIN_LENGTH &&
        !invalid.currentPassword
      ) {
        toast.error('Password too short', { description: PASSWORD_MESSAGES.tooShort, duration: 3000 });
      }
    },
  );

  return (
    <SettingsSection
      title="Change password"
      Icon={KeyRound}
      description="Every other device signed in to your account is signed out, and you get an e-mail."
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Change password">
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <NewPasswordFields
          form={form}
          labels={{ password: 'New password', confirm: 'Confirm new password' }}
        />
        <Button type="submit" pending={change.isPending}>
          {change.isPending ? 'Updating…' : 'Update password'}
        </Button>
      </form>
    </SettingsSection>
  );
}
