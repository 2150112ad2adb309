import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

/**
 * A card of a list a notification's link can name (`?highlight=<id>`, useHighlight): an article named by
 * its heading, with what sits beside the heading (a state, a price), ringed while it is the one named. It
 * can take focus (out of the Tab order): a dialog opened from a button the action takes away (Grant,
 * Withdraw, Contest) gives focus back to the card, where the user was, rather than to the page's heading.
 */
export function HighlightCard({
  titleId,
  title,
  level: Heading = 'h3',
  aside,
  highlighted,
  roomy = false,
  children,
  ...props
}: Omit<ComponentProps<'article'>, 'title' | 'aria-labelledby'> & {
  titleId: string;
  title: ReactNode;
  level?: 'h3' | 'h4';
  /** Beside the heading (a badge). */
  aside?: ReactNode;
  highlighted: boolean;
  /** More room between its parts. */
  roomy?: boolean;
}) {
  return (
    <article
      aria-labelledby={titleId}
      tabIndex={-1}
      className={cn(
        'flex flex-col rounded-card border bg-card p-card shadow-sm transition',
        roomy ? 'gap-3' : 'gap-2',
        highlighted ? 'border-primary ring-2 ring-primary' : 'border-border',
      )}
      {...props}
    >
      <div className="flex items-start justify-between gap-3">
        <Heading id={titleId} className="min-w-0 font-semibold wrap-anywhere">
          {title}
        </Heading>
        {aside}
      </div>
      {children}
    </article>
  );
}
