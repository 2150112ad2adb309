import { useForm } from 'react-hook-form';
import { Link, useActionData, useNavigate } from 'react-router';
import type { z } from 'zod';
import { DISPLAY_NAME_MAX } from '@/shared/domain/identity';
import type { Role } from '@/shared/domain/roles';
import { paths } from '@/shared/routes';
import type { registerInput } from '@/shared/schemas/accounts';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { NewPasswordFields } from '@/web/components/ui/new-password-fields';
import { ApiError } from '@/web/lib/api';
import { lazyResolver, loadZodResolver } from '@/web/lib/lazy-resolver';
import { toast } from '@/web/lib/toast';
import type { AccountFormAnswer } from '../api/login';
import { useRegister } from '../api/register';

type FormValues = z.input<typeof registerInput>;

const ROLE_CHOICES: { value: Role; label: string; hint: string }[] = [
  { value: 'dominant', label: 'Dominant', hint: 'Lead and assign' },
  { value: 'switch', label: 'Switch', hint: 'Choose each session' },
  { value: 'submissive', label: 'submissive', hint: 'Follow and complete' },
];

const ROLE_TEST_URL = 'https://bdsmtest.org/';

export function RegisterForm({
  onVerificationRequired,
}: {
  onVerificationRequired: (email: string) => void;
}) {
  const navigate = useNavigate();
  const registration = useRegister();
  // Prerendered, the form shows before its code runs: until then it is sent the browser's own way, as a
  // POST to the page's action (never in the address), which answers with the session or the refusal.
  const sent = useActionData<AccountFormAnswer>();
  const answer = sent?.intent === 'register' ? sent : undefined;
  const chosenRole = ROLE_CHOICES.find((choice) => choice.value === answer?.role)?.value ?? 'submissive';
  const form = useForm<FormValues>({
    resolver: lazyResolver(async () =>
      (await loadZodResolver())((await import('@/shared/schemas/accounts')).registerInput),
    ),
    defaultValues: {
      displayName: answer?.displayName ?? '',
      email: answer?.email ?? '',
      password: '',
      confirmPassword: '',
      role: chosenRole,
      ageConfirmed: false as unknown as true,
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await registration.mutateAsync({
        ...values,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      if (result.status === 'verification_required') {
        toast.success('Registration successful', {
          description: 'Email verification required: please check your email to confirm your account.',
          duration: 6000,
        });
        onVerificationRequired(String(values.email).trim().toLowerCase());
        return;
      }
      toast.success('Registration successful', {
        description: `Welcome to Pact, ${result.user.displayName}`,
      });
      navigate(paths.dashboard, { replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in values) form.setError(field as keyof FormValues, { message });
        }
        if (error.code === 'EMAIL_EXISTS') form.setError('email', { message: error.message });
        toast.error('Registration failed', { description: error.message });
      } else {
        toast.error('Registration error', { description: 'An unexpected error occurred' });
      }
    }
  });

  return (
    <form
      onSubmit={submit}
      method="post"
      noValidate
      className="space-y-4"
      aria-label="Register"
      data-sent-natively
    >
      <input type="hidden" name="intent" value="register" />
      <FormAlert>{answer?.failure}</FormAlert>
      <Field
        label="Display name"
        autoComplete="nickname"
        maxLength={DISPLAY_NAME_MAX}
        error={errors.displayName?.message ?? answer?.fields?.displayName}
        // Rendered into the page, so that a form refused before the code ran keeps what was typed.
        defaultValue={answer?.displayName}
        {...form.register('displayName')}
      />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message ?? answer?.fields?.email}
        defaultValue={answer?.email}
        {...form.register('email')}
      />
      <NewPasswordFields form={form} labels={{ password: 'Password', confirm: 'Confirm password' }} />

      <fieldset className="space-y-2">
        <legend className="mb-1.5 text-sm font-medium">I am a…</legend>
        <div className="grid grid-cols-3 gap-2">
          {ROLE_CHOICES.map((choice) => (
            <label
              key={choice.value}
              // The chosen role shows by its radio's own state, so also before the page's code runs.
              className="flex cursor-pointer flex-col items-center rounded-control border border-input bg-card p-2.5 text-center has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                value={choice.value}
                className="sr-only"
                defaultChecked={choice.value === chosenRole}
                {...form.register('role')}
              />
              <span className="text-sm font-semibold">{choice.label}</span>
              <span className="text-[0.6875rem] leading-tight text-muted-foreground">{choice.hint}</span>
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">
          Switch users choose their role (Dominant or submissive) each time they log in.
        </p>
        {errors.role ? <p className="text-sm text-destructive">{errors.role.message}</p> : null}
        <p className="text-xs">
          Not sure?{' '}
          <a
            href={ROLE_TEST_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="text-primary underline"
          >
            Take a role test
          </a>{' '}
          (external site, opens in a new tab).
        </p>
      </fieldset>

      <div className="space-y-1">
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5 accent-[var(--primary)]"
            aria-invalid={errors.ageConfirmed ? true : undefined}
            aria-describedby={errors.ageConfirmed ? 'age-error' : undefined}
            {...form.register('ageConfirmed')}
          />
          <span>I am 18 or older</span>
        </label>
        {errors.ageConfirmed ? (
          <p id="age-error" className="text-sm text-destructive">
            {errors.ageConfirmed.message}
          </p>
        ) : null}
      </div>

      <p className="text-xs text-muted-foreground">
        By registering you agree to our{' '}
        <Link to={paths.termsOfService} className="text-primary underline">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to={paths.privacyPolicy} className="text-primary underline">
          Privacy Policy
        </Link>
        .
      </p>

      <Button type="submit" className="w-full" pending={registration.isPending}>
        {registration.isPending ? 'Creating account…' : 'Create account'}
      </Button>
    </form>
  );
}
