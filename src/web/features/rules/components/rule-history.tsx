import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';
import { formatMoment } from '@/web/lib/dates';
import { useRuleVersions } from '../api/rules';
import { categoryName, RULES_PAGE_TEXT } from '../rules-text';

/**
 * A rule's "History": every version, newest first, with when it was written and when (if ever) the
 * submissive acknowledged it. Read when first opened, and again on every change while open.
 */
export function RuleHistory({ ruleId, title }: { ruleId: string; title: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const versions = useRuleVersions(ruleId, open);
  return (
    <div className="border-t border-border pt-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-versions`}
        aria-label={`${RULES_PAGE_TEXT.history}: ${title}`}
        onClick={() => setOpen((o) => !o)}
        className="-mx-1 inline-flex min-h-11 items-center gap-1 rounded-control px-1 text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
        {RULES_PAGE_TEXT.history}
      </button>
      {open ? (
        <div id={`${id}-versions`}>
          {versions.isPending ? (
            <Skeleton className="h-16 w-full rounded-control" />
          ) : versions.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {RULES_PAGE_TEXT.historyFailed}
            </p>
          ) : (
            <ol
              className="divide-y divide-border rounded-control border border-border"
              aria-label={`Versions of ${title}`}
              data-testid="rule-versions"
            >
              {versions.data.map((v) => {
                const category = categoryName(v.category);
                return (
                  <li key={v.version} className="space-y-1 p-3 text-sm" data-testid="rule-history-entry">
                    <p className="font-medium wrap-anywhere">
                      Version {v.version}: {v.title}
                      {category ? (
                        <span className="font-normal text-muted-foreground"> · {category}</span>
                      ) : null}
                    </p>
                    {v.text ? <p className="whitespace-pre-wrap wrap-anywhere">{v.text}</p> : null}
                    {v.consequence ? (
                      <p className="wrap-anywhere">
                        <span className="font-medium">Guideline: </span>
                        {v.consequence}
                      </p>
                    ) : null}
                    <p className="text-xs text-muted-foreground">
                      Written {formatMoment(v.writtenAt)} ·{' '}
                      {v.acknowledgedAt !== null
                        ? `Acknowledged ${formatMoment(v.acknowledgedAt)}`
                        : 'Not acknowledged'}
                    </p>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      ) : null}
    </div>
  );
}
