import { KeyRound, ShieldAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@/shared/domain/password';
import type { resetPasswordInput } from '@/shared/schemas/accounts';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { NewPasswordFields } from '@/web/components/ui/new-password-fields';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api';
import { lazyResolver, loadZodResolver } from '@/web/lib/lazy-resolver';
import { toast } from '@/web/lib/toast';
import { useRecoveryCheck, useRequestPasswordReset, useResetPassword } from '../api/password-reset';

type FormValues = z.input<typeof resetPasswordInput>;

/** /auth in recovery mode: check the link, then the reset form or "Reset link invalid". */
export function RecoveryView({
  token,
  email,
  onDone,
}: {
  token: string;
  email: string | null;
  onDone: () => void;
}) {
  const check = useRecoveryCheck(token);
  if (check.isPending) return <Spinner label="Checking your reset link…" />;
  if (check.isError) return <InvalidLink email={email} onBack={onDone} />;
  return <ResetForm token={token} email={email} onDone={onDone} />;
}

function InvalidLink({ email, onBack }: { email: string | null; onBack: () => void }) {
  const resend = useRequestPasswordReset();
  return (
    <Card role="region" aria-labelledby="invalid-title" className="space-y-4 text-center">
      <ShieldAlert className="mx-auto h-10 w-10 text-destructive" aria-hidden />
      <h2 id="invalid-title" className="text-xl font-semibold">
        Reset link invalid
      </h2>
      <p className="text-sm text-muted-foreground">
        This password reset link is invalid, has expired or has already been used. Request a new password
        reset link.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        {email ? (
          <Button
            variant="outline"
            pending={resend.isPending}
            onClick={() =>
              resend.mutate(email, {
                onSuccess: () =>
                  toast.success('Password reset email sent', { description: `Check ${email}` }),
                onError: () => toast.error('Error: Failed to send password reset email'),
              })
            }
          >
            Resend reset link
          </Button>
        ) : null}
        <Button onClick={onBack}>Back to login</Button>
      </div>
    </Card>
  );
}

function ResetForm({ token, email, onDone }: { token: string; email: string | null; onDone: () => void }) {
  const reset = useResetPassword();
  const form = useForm<FormValues>({
    resolver: lazyResolver(async () =>
      (await loadZodResolver())((await import('@/shared/schemas/accounts')).resetPasswordInput),
    ),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const password = form.watch('password') ?? '';

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await reset.mutateAsync(values);
        toast.success('Password updated', { description: 'You can now log in with your new password.' });
        onDone();
      } catch (error) {
        if (error instanceof ApiError && error.code === 'INVALID_TOKEN') {
          toast.error('Reset link invalid or expired', {
            description: 'Please request a new password reset link.',
          });
          onDone();
          return;
        }
        toast.error('Error updating password', {
          description: error instanceof ApiError ? error.message : 'An unexpected error occurred',
        });
      }
    },
    (invalid) => {
      if (invalid.confirmPassword?.message === PASSWORD_MESSAGES.mismatch) {
        toast.error('Password mismatch', { description: PASSWORD_MESSAGES.mismatch, duration: 3000 });
      } else if (password.length < PASSWORD_MIN_LENGTH) {
        toast.error('Password too short', { description: PASSWORD_MESSAGES.tooShort, duration: 3000 });
      }
    },
  );

  return (
    <Card className="space-y-4">
      <div className="text-center">
        <KeyRound className="mx-auto h-10 w-10 text-primary" aria-hidden />
        <h2 className="mt-2 text-xl font-semibold">Reset Your Password</h2>
        {email ? <p className="text-sm text-muted-foreground">for {email}</p> : null}
      </div>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Reset Your Password">
        <NewPasswordFields form={form} labels={{ password: 'New Password', confirm: 'Confirm Password' }} />
        <Button type="submit" className="w-full" pending={reset.isPending}>
          {reset.isPending ? 'Updating…' : 'Update Password'}
        </Button>
      </form>
    </Card>
  );
}
