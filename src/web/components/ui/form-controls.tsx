import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '@/web/lib/cn';

/** What a labelled control carries: its id, and its hint and error read out with it. */
interface Described {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/**
 * A label, the control `children` draws with the props it is given, and below it the hint and, in the
 * destructive colour, the error: both read out with the control, which the error marks invalid.
 */
function Labelled({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: ReactNode;
  children: (control: Described) => ReactNode;
}) {
  const id = useId();
  const described = Boolean(hint || error);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        'aria-describedby': described ? `${id}-hint` : undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {described ? (
        <div id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
          {error ? <span className="block text-sm text-destructive">{error}</span> : null}
        </div>
      ) : null}
    </div>
  );
}

/** A labelled native select: the phone's own picker, announced with its label (and its hint and error). */
export function SelectField({
  label,
  hint,
  error,
  className,
  ...props
}: ComponentProps<'select'> & { label: string; hint?: ReactNode; error?: ReactNode }) {
  return (
    <Labelled label={label} hint={hint} error={error}>
      {(control) => (
        <select
          {...control}
          className={cn('h-11 w-full rounded-control border border-input bg-card px-3', className)}
          {...props}
        />
      )}
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
  const used = typeof props.value === 'string' ? props.value.length : null;
  const counter = props.maxLength && used !== null ? `${used}/${props.maxLength}` : null;
  return (
    <Labelled
      label={label}
      error={error}
      hint={
        hint || counter ? (
          <>
            {hint}
            {hint && counter ? ' · ' : null}
            {counter}
          </>
        ) : null
      }
    >
      {(control) => (
        <textarea
          {...control}
          rows={3}
          className={cn('w-full rounded-control border border-input bg-card p-3 text-base', className)}
          {...props}
        />
      )}
    </Labelled>
  );
}
