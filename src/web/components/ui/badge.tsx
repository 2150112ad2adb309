import type { HTMLAttributes } from 'react';
import { cn } from '@/web/lib/cn';

export function Badge({ className, ...props }: HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground',
        className,
      )}
      {...props}
    />
  );
}
