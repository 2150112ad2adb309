import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

/** A block standing where content will be; it pulses unless the system asks for less motion. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  // cn does not merge classes: the default rounding applies only when the caller gives none.
  const rounded = /\brounded/.test(className ?? '') ? null : 'rounded-control';
  return (
    <div aria-hidden className={cn('bg-muted motion-safe:animate-pulse', rounded, className)} {...props} />
  );
}

/**
 * Content that is still loading: sighted users see its outline, screen readers hear `label` once. It has
 * no heading, so that focus waits for the page's own (lib/focus).
 */
export function Loading({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** A page of the signed-in layout before its code or its data has arrived: a title and two cards. */
export function PageSkeleton({ label = 'Loading…' }: { label?: string }) {
  return (
    <Loading label={label} className="space-y-5">
      <div className="space-y-2">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-4 w-64 max-w-full" />
      </div>
      <Skeleton className="h-28 w-full rounded-card" />
      <Skeleton className="h-44 w-full rounded-card" />
    </Loading>
  );
}
