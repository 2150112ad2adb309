import type { HTMLAttributes } from 'react';
import { cn } from '@/web/lib/cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cn('rounded-xl border border-border bg-card p-5 shadow-sm', className)} {...props} />
  );
}
