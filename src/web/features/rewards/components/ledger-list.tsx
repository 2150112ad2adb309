import type { InfiniteData } from '@tanstack/react-query';
import type { PointsLedgerView } from '@/shared/schemas/points';
import { POINTS_ENTRY_KIND_LABELS, signedPoints, REWARDS_PAGE_TEXT as TEXT } from '@/shared/texts/points';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { formatMoment } from '@/web/lib/dates';

/**
 * The ledger, newest first (decision 068): each entry's signed amount, its kind and reason, who made it and
 * when; "Show older" reads the next page. Nothing is summed here but by the server (the balance).
 */
export function LedgerList({
  data,
  userId,
  partnerName,
  hasMore,
  loadingMore,
  onMore,
}: {
  data: InfiniteData<PointsLedgerView>;
  userId: string;
  partnerName: string;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}) {
  const entries = data.pages.flatMap((p) => p.entries);
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{TEXT.ledgerEmpty}</p>;
  return (
    <>
      <ul
        className="divide-y divide-border rounded-card border border-border bg-card"
        aria-labelledby="ledger-heading"
      >
        {entries.map((e) => (
          <li key={e.id} className="flex items-start gap-3 p-3" data-testid="ledger-entry">
            <span
              className={cn(
                'w-16 shrink-0 text-right font-semibold tabular-nums',
                e.amount > 0 ? 'text-primary' : 'text-foreground',
              )}
              data-testid="ledger-amount"
            >
              <span className="sr-only">{e.amount > 0 ? 'plus ' : 'minus '}</span>
              <span aria-hidden>{signedPoints(e.amount)}</span>
              <span className="sr-only">{Math.abs(e.amount)}</span>
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm wrap-anywhere" data-testid="ledger-reason">
                {e.reason}
              </p>
              <p className="text-xs text-muted-foreground" data-testid="ledger-meta">
                <span className="font-medium">{POINTS_ENTRY_KIND_LABELS[e.kind]}</span> ·{' '}
                {e.madeBy === userId ? TEXT.you : partnerName} ·{' '}
                <time dateTime={new Date(e.createdAt).toISOString()}>{formatMoment(e.createdAt)}</time>
              </p>
            </div>
          </li>
        ))}
      </ul>
      {hasMore ? (
        <Button variant="outline" className="w-full" onClick={onMore} disabled={loadingMore}>
          {loadingMore ? TEXT.loadingOlder : TEXT.showOlder}
        </Button>
      ) : null}
    </>
  );
}
