import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type EmailOnlyInput, emailOnlyInput } from '@/shared/schemas/accounts';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { useRequestPasswordReset } from '../api/password-reset';

export function ForgotPasswordDialog({
  open,
  onOpenChange,
  defaultEmail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultEmail: string;
}) {
  const reset = useRequestPasswordReset();
  const form = useForm<EmailOnlyInput>({
    resolver: zodResolver(emailOnlyInput),
    values: { email: defaultEmail },
  });

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await reset.mutateAsync(email);
      toast.success('Password reset email sent', {
        description: 'If an account exists for this email, a reset link is on its way.',
      });
      onOpenChange(false);
    } catch {
      toast.error('Error: Failed to send password reset email');
    }
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
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending ? 'Sending…' : 'Send Reset Link'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
