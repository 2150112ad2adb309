import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '@/web/lib/cn';

function Labelled({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <div id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/** A labelled native select: the phone's own picker, announced with its label. */
export function SelectField({
  label,
  hint,
  className,
  ...props
}: ComponentProps<'select'> & { label: string; hint?: ReactNode }) {
  const id = useId();
  return (
    <Labelled id={id} label={label} hint={hint}>
      <select
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cn('h-11 w-full rounded-lg border border-input bg-card px-3', className)}
        {...props}
      />
    </Labelled>
  );
}

/**
 * A labelled text area. With `maxLength` and a string `value`, the hint counts the characters used after
 * the caller's own hint; an `error` shows below them in the destructive colour and marks the field invalid.
 * All three are read out with the field.
 */
export function TextAreaField({
  label,
  hint,
  error,
  className,
  ...props
}: ComponentProps<'textarea'> & { label: string; hint?: ReactNode; error?: ReactNode }) {
  const id = useId();
  const used = typeof props.value === 'string' ? props.value.length : null;
  const counter = props.maxLength && used !== null ? `${used}/${props.maxLength}` : null;
  const described = Boolean(hint || counter || error);
  return (
    <Labelled
      id={id}
      label={label}
      hint={
        described ? (
          <>
            {hint}
            {hint && counter ? ' · ' : null}
            {counter}
            {error ? <span className="block text-sm text-destructive">{error}</span> : null}
          </>
        ) : null
      }
    >
      <textarea
        id={id}
        rows={3}
        aria-describedby={described ? `${id}-hint` : undefined}
        aria-invalid={error ? true : undefined}
        className={cn('w-full rounded-lg border border-input bg-card p-3 text-base', className)}
        {...props}
      />
    </Labelled>
  );
}
