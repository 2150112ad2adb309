import { Label } from 'radix-ui';
import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { Input } from './input';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled input whose error and hint are announced with it. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(({ label, error, hint, id, ...props }, ref) => {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <Label.Root htmlFor={inputId} className="block text-sm font-medium">
        {label}
      </Label.Root>
      <Input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {hint ? (
        <div id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
});
Field.displayName = 'Field';
