import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

/** A history entry as a card, reachable by `?highlight=<id>` (its element id is `completion-<id>`). */
export function CompletionCard({
  id,
  highlighted,
  children,
}: {
  id: string;
  highlighted: boolean;
  children: ReactNode;
}) {
  return (
    <li
      id={`completion-${id}`}
      className={cn(
        'space-y-2 rounded-card border bg-card p-card',
        highlighted ? 'border-primary ring-2 ring-primary' : 'border-border',
      )}
    >
      {children}
    </li>
  );
}
