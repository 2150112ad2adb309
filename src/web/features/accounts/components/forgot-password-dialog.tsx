import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '@/shared/routes';
import type { EmailOnlyInput } from '@/shared/schemas/accounts';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { lazyResolver, loadZodResolver } from '@/web/lib/lazy-resolver';
import { toast } from '@/web/lib/toast';
import type { AccountFormAnswer } from '../api/login';
import { useRequestPasswordReset } from '../api/password-reset';

const SENT = 'Password reset email sent';
const SENT_DETAIL = 'If an account exists for this email, a reset link is on its way.';
const FAILED = 'Error: Failed to send password reset email';

/** The one reset form: its field, its check and its request, in the dialog and on the page alike. */
function useResetForm(defaultEmail: string, onSent: () => void) {
  const reset = useRequestPasswordReset();
  const form = useForm<EmailOnlyInput>({
    resolver: lazyResolver(async () =>
      (await loadZodResolver())((await import('@/shared/schemas/accounts')).emailOnlyInput),
    ),
    values: { email: defaultEmail },
  });
  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await reset.mutateAsync(email);
      onSent();
    } catch {
      toast.error(FAILED);
    }
  });
  return { reset, form, submit };
}

export function ForgotPasswordDialog({
  open,
  onOpenChange,
  defaultEmail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultEmail: string;
}) {
  const { reset, form, submit } = useResetForm(defaultEmail, () => {
    toast.success(SENT, { description: SENT_DETAIL });
    onOpenChange(false);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reset your password"
      description="Enter your email and we will send you a link to choose a new password."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" pending={reset.isPending}>
            {reset.isPending ? 'Sending…' : 'Send Reset Link'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The reset form on the page itself: what "Forgot password?" opens when it is pressed before the page's
 * code ran (decision 048). It is sent the browser's own way to the page's action until then, and through
 * the same request as the dialog after.
 */
export function ForgotPasswordView({ answer }: { answer: AccountFormAnswer }) {
  const [sent, setSent] = useState(Boolean(answer.resetSent));
  const { reset, form, submit } = useResetForm(answer.email, () => setSent(true));
  const failure = sent ? null : answer.failure;

  return (
    <div className="space-y-4 rounded-card border border-border bg-card p-card shadow-sm">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">Reset your password</h2>
        <p className="text-sm text-muted-foreground">
          Enter your email and we will send you a link to choose a new password.
        </p>
      </div>
      {sent ? (
        <p role="status" className="rounded-control bg-muted p-3 text-sm">
          <span className="font-medium">{SENT}.</span> {SENT_DETAIL}
        </p>
      ) : (
        <form
          onSubmit={submit}
          method="post"
          noValidate
          className="space-y-4"
          aria-label="Reset your password"
          data-sent-natively
        >
          <input type="hidden" name="intent" value="forgot-send" />
          <FormAlert>{failure}</FormAlert>
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={form.formState.errors.email?.message}
            defaultValue={answer.email}
            {...form.register('email')}
          />
          <Button type="submit" className="w-full" pending={reset.isPending}>
            {reset.isPending ? 'Sending…' : 'Send Reset Link'}
          </Button>
        </form>
      )}
      <Link
        to={paths.auth}
        reloadDocument
        className="inline-flex min-h-11 items-center text-sm text-primary underline-offset-4 hover:underline"
      >
        Back to log in
      </Link>
    </div>
  );
}
