import type { InfiniteData } from '@tanstack/react-query';
import type { RedemptionListView, RedemptionView } from '@/shared/schemas/points';
import { REWARDS_PAGE_TEXT as TEXT } from '@/shared/texts/points';
import { Button } from '@/web/components/ui/button';
import { RedemptionCard } from './reward-card';

/**
 * The requests, newest first (decision 068): each redemption's title and price of its moment, its state and
 * notes; "Show older requests" reads the next page of 50 (an infinite query paged by `before`).
 */
export function RedemptionList({
  data,
  highlight,
  onDecide,
  hasMore,
  loadingMore,
  onMore,
}: {
  data: InfiniteData<RedemptionListView>;
  highlight: string | null;
  /** The dominant's Grant and Deny of a pending one; null for anyone else. */
  onDecide: ((redemption: RedemptionView, grant: boolean) => void) | null;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}) {
  const redemptions = data.pages.flatMap((p) => p.redemptions);
  if (redemptions.length === 0)
    return <p className="text-sm text-muted-foreground">{TEXT.redemptionsEmpty}</p>;
  return (
    <>
      <ul className="space-y-3" aria-labelledby="redemptions-heading">
        {redemptions.map((r) => (
          <li key={r.id}>
            <RedemptionCard
              redemption={r}
              highlighted={highlight === r.id}
              onDecide={onDecide ? (grant) => onDecide(r, grant) : null}
            />
          </li>
        ))}
      </ul>
      {hasMore ? (
        <Button variant="outline" className="w-full" onClick={onMore} disabled={loadingMore}>
          {loadingMore ? TEXT.loadingOlder : TEXT.showOlderRequests}
        </Button>
      ) : null}
    </>
  );
}
