import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DISPLAY_NAME_MAX } from '@/shared/domain/identity';
import type { Role } from '@/shared/domain/roles';
import { paths } from '@/shared/routes';
import { registerInput } from '@/shared/schemas/accounts';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { NewPasswordFields } from '@/web/components/ui/new-password-fields';
import { ApiError } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { useHydrated } from '@/web/lib/use-hydrated';
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
  // Prerendered, the form shows before its code runs: until then its button stays disabled,
  // so that Enter cannot send the fields the browser's own way (in the address, password included).
  const hydrated = useHydrated();
  const form = useForm<FormValues>({
    resolver: zodResolver(registerInput),
    defaultValues: {
      displayName: '',
      email: '',
      password: '',
      confirmPassword: '',
      role: 'submissive',
      ageConfirmed: false as unknown as true,
    },
  });
  const { errors } = form.formState;
  const role = form.watch('role');

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
    <form onSubmit={submit} method="post" noValidate className="space-y-4" aria-label="Register">
      <Field
        label="Display name"
        autoComplete="nickname"
        maxLength={DISPLAY_NAME_MAX}
        error={errors.displayName?.message}
        {...form.register('displayName')}
      />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <NewPasswordFields form={form} labels={{ password: 'Password', confirm: 'Confirm password' }} />

      <fieldset className="space-y-2">
        <legend className="mb-1.5 text-sm font-medium">I am a…</legend>
        <div className="grid grid-cols-3 gap-2">
          {ROLE_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className={cn(
                'flex cursor-pointer flex-col items-center rounded-lg border p-2.5 text-center has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                role === choice.value
                  ? 'border-primary bg-accent text-accent-foreground'
                  : 'border-input bg-card',
              )}
            >
              <input type="radio" value={choice.value} className="sr-only" {...form.register('role')} />
              <span className="text-sm font-semibold">{choice.label}</span>
              <span className="text-[11px] leading-tight text-muted-foreground">{choice.hint}</span>
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

      <Button type="submit" className="w-full" disabled={!hydrated || registration.isPending}>
        {registration.isPending ? 'Creating account…' : 'Create account'}
      </Button>
    </form>
  );
}
