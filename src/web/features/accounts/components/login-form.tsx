import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useActionData, useNavigate } from 'react-router';
import { paths } from '@/shared/routes';
import type { LoginInput } from '@/shared/schemas/accounts';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { ApiError } from '@/web/lib/api';
import { unlockAtSignIn } from '@/web/lib/e2ee/unlock';
import { lazyResolver, loadZodResolver } from '@/web/lib/lazy-resolver';
import { toast } from '@/web/lib/toast';
import { type AccountFormAnswer, useLogin } from '../api/login';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { PasskeySignIn } from './passkey-sign-in';

const FORGOT_FORM = 'forgot-password-open';

export function LoginForm({ onUnconfirmed }: { onUnconfirmed: (email: string) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  // Prerendered, the form shows before its code runs: until then it is sent the browser's own way, as a
  // POST to the page's action (never in the address), which answers with the session or the refusal.
  const sent = useActionData<AccountFormAnswer>();
  const answer = sent?.intent === 'login' ? sent : undefined;
  const [forgotOpen, setForgotOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(answer?.failure ?? null);
  const form = useForm<LoginInput>({
    resolver: lazyResolver(async () =>
      (await loadZodResolver())((await import('@/shared/schemas/accounts')).loginInput),
    ),
    defaultValues: { email: answer?.email ?? '', password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const user = await login.mutateAsync(values);
      // The password just typed opens this account's encryption keys here too: no second prompt.
      void unlockAtSignIn(queryClient, user.id, values.password);
      toast.success('Welcome back', { description: `Signed in as ${user.displayName}` });
      navigate(paths.dashboard, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_CONFIRMED') {
        toast.info('Email verification required', {
          description: 'Please check your email to confirm your account.',
          duration: 6000,
        });
        onUnconfirmed(values.email.trim().toLowerCase());
        return;
      }
      setFailure(error instanceof ApiError ? error.message : 'An unexpected error occurred');
    }
  });

  return (
    <>
      <form
        onSubmit={submit}
        method="post"
        noValidate
        className="space-y-4"
        aria-label="Login"
        data-sent-natively
      >
        <input type="hidden" name="intent" value="login" />
        <FormAlert>{failure}</FormAlert>
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          // Rendered into the page, so that a login refused before the code ran keeps the address typed.
          defaultValue={answer?.email}
          {...form.register('email')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex justify-end">
          {/* Before the page's code runs it sends the small form below, whose answer is the reset form;
              after, it opens the dialog with the address typed. */}
          <Button
            variant="link"
            size="sm"
            type="submit"
            form={FORGOT_FORM}
            onClick={(event) => {
              event.preventDefault();
              setForgotOpen(true);
            }}
          >
            Forgot password?
          </Button>
        </div>
        <Button type="submit" className="w-full" pending={login.isPending}>
          {login.isPending ? 'Logging in…' : 'Log in'}
        </Button>
      </form>
      <PasskeySignIn />
      <form id={FORGOT_FORM} method="post" hidden data-sent-natively>
        <input type="hidden" name="intent" value="forgot" />
      </form>
      {/* Outside the form: the dialog's own submit must never reach the login form. */}
      <ForgotPasswordDialog
        open={forgotOpen}
        onOpenChange={setForgotOpen}
        defaultEmail={form.watch('email')}
      />
    </>
  );
}
