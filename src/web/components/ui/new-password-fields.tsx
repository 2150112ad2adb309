import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Field } from './field';
import { PasswordStrength } from './password-strength';

type PasswordForm = FieldValues & { password: string; confirmPassword: string };

/** A new password with its live strength meter, and its confirmation (registration, reset and the change in settings). */
export function NewPasswordFields<T extends PasswordForm>({
  form,
  labels,
}: {
  form: UseFormReturn<T>;
  labels: { password: string; confirm: string };
}) {
  const { errors } = form.formState;
  const password = (form.watch('password' as Path<T>) as string | undefined) ?? '';
  return (
    <>
      <Field
        label={labels.password}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message as string | undefined}
        hint={<PasswordStrength password={password} />}
        {...form.register('password' as Path<T>)}
      />
      <Field
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message as string | undefined}
        {...form.register('confirmPassword' as Path<T>)}
      />
    </>
  );
}
