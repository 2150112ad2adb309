import type { ComponentProps, MouseEventHandler } from 'react';
import { cn } from '@/web/lib/cn';

const variants = {
  primary: 'bg-primary text-primary-foreground hover:opacity-90',
  secondary: 'bg-accent text-accent-foreground hover:opacity-90',
  outline: 'border border-input bg-card hover:bg-muted',
  ghost: 'hover:bg-muted',
  destructive: 'bg-destructive text-destructive-foreground hover:opacity-90',
  link: 'text-primary underline-offset-4 hover:underline px-0',
} as const;

const sizes = {
  // 44 px tall like the others (a finger's target, WCAG 2.5.5); smaller only in its padding and text.
  sm: 'h-11 px-3 text-sm',
  md: 'h-11 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-11 w-11 shrink-0',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /**
   * Its write is on its way: it looks and is announced disabled (`aria-disabled`) and takes no press until
   * the write is answered, yet keeps focus. A focused button that becomes `disabled` loses focus to the
   * page, and a keyboard user would start again from the top.
   */
  pending?: boolean;
};

export const buttonClasses = (variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md') =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-control font-medium transition disabled:pointer-events-none disabled:opacity-50 aria-disabled:cursor-progress aria-disabled:opacity-50',
    variants[variant],
    sizes[size],
  );

/**
 * What `pending` gives a button, also to one with markup of its own (Red, Yellow): announced disabled,
 * no press taken (a click, Enter or Space, or Enter in one of its form's fields), focus kept.
 */
export const pendingPress = (
  pending: boolean | undefined,
  onClick?: MouseEventHandler<HTMLButtonElement>,
) => ({
  'aria-disabled': pending || undefined,
  onClick: pending ? (event: { preventDefault(): void }) => event.preventDefault() : onClick,
});

export function Button({
  variant,
  size,
  className,
  type = 'button',
  pending,
  onClick,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(buttonClasses(variant, size), className)}
      {...pendingPress(pending, onClick)}
      {...props}
    />
  );
}
