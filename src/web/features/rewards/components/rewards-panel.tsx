import { Plus, Scale, Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { CurrentUser } from '@/shared/schemas/accounts';
import type { RewardView } from '@/shared/schemas/points';
import { POINTS_TEXT, REWARDS_PAGE_TEXT as TEXT } from '@/shared/texts/points';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ConfirmAction } from '@/web/components/ui/confirm-action';
import { Deferred } from '@/web/components/ui/deferred';
import { Loading, Skeleton } from '@/web/components/ui/skeleton';
import { useHighlight } from '@/web/lib/use-highlight';
import { useOlderPages } from '@/web/lib/use-older-pages';
import { useLedger, useRedemptions, useRestoreReward, useRetireReward, useRewards } from '../api/points';
import type { Decision } from './decide-redemption-dialog';
import { LedgerList } from './ledger-list';
import { RedemptionList } from './redemption-list';
import { RewardCard, type RewardViewer } from './reward-card';

// The dialogs open on a tap: their code comes then (Deferred, decision 059).
const loadPointsDialog = async () => (await import('./points-dialog')).PointsDialog;
const loadRewardForm = async () => (await import('./reward-form-dialog')).RewardFormDialog;
const loadRedeemDialog = async () => (await import('./redeem-dialog')).RedeemDialog;
const loadDecideDialog = async () => (await import('./decide-redemption-dialog')).DecideRedemptionDialog;

const skeleton = (label: string, height: string, count: number) => (
  <Loading label={label} className="space-y-3">
    {[0, 1, 2].slice(0, count).map((i) => (
      <Skeleton key={i} className={`${height} w-full rounded-card`} />
    ))}
  </Loading>
);

/**
 * The Rewards tab of /structure (decisions 067, 068), for both partners: the balance, the catalogue, the
 * requests and the ledger. The pair's dominant awards and corrects points, keeps the catalogue and grants or
 * denies a request; its submissive redeems. Every change shows live for both (`points.changed`).
 */
export function RewardsPanel({
  user,
  partnerId,
  partnerName,
}: {
  user: CurrentUser;
  partnerId: string;
  partnerName: string;
}) {
  const ledger = useLedger(partnerId);
  const older = useOlderPages(ledger);
  const rewards = useRewards(partnerId);
  const redemptions = useRedemptions(partnerId);
  const olderRedemptions = useOlderPages(redemptions);
  const highlight = useHighlight('rewards-item-', rewards.isSuccess && redemptions.isSuccess);
  const retire = useRetireReward();
  const restore = useRestoreReward();
  const [points, setPoints] = useState<'award' | 'correct' | null>(null);
  const [editing, setEditing] = useState<RewardView | 'new' | null>(null);
  const [retiring, setRetiring] = useState<RewardView | null>(null);
  const [redeeming, setRedeeming] = useState<RewardView | null>(null);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const pair = ledger.data?.pages[0];
  const dominant = user.sessionRole === 'dominant' && pair?.dominantId === user.id;
  const submissive = user.sessionRole === 'submissive' && pair?.submissiveId === user.id;
  const balance = rewards.data?.balance ?? pair?.balance ?? 0;

  const viewer: RewardViewer = dominant
    ? { as: 'dominant', onEdit: setEditing, onRetire: setRetiring }
    : submissive
      ? { as: 'submissive', balance, onRedeem: setRedeeming }
      : { as: 'reader' };

  if (rewards.isError || ledger.isError || redemptions.isError) {
    return (
      <p role="alert" className="text-destructive">
        {TEXT.fetchFailed}
      </p>
    );
  }

  return (
    <section aria-labelledby="rewards-heading" className="space-y-6">
      <h2 id="rewards-heading" className="sr-only">
        {TEXT.heading}
      </h2>
      <Card className="space-y-3 p-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="text-sm font-medium text-muted-foreground">{TEXT.balance}</p>
            {rewards.isPending ? (
              skeleton('Loading the balance…', 'h-10', 1)
            ) : (
              <p className="text-4xl font-bold tabular-nums" aria-live="polite">
                <span data-testid="points-balance">{balance}</span>{' '}
                <span className="text-base font-medium text-muted-foreground">{TEXT.points}</span>
              </p>
            )}
          </div>
          {dominant ? (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setPoints('award')}>
                <Sparkles className="h-4 w-4" aria-hidden /> {TEXT.award}
              </Button>
              <Button variant="outline" onClick={() => setPoints('correct')}>
                <Scale className="h-4 w-4" aria-hidden /> {TEXT.correct}
              </Button>
            </div>
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground">{TEXT.balanceHint}</p>
      </Card>

      <section aria-labelledby="catalogue-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="catalogue-heading" className="text-lg font-semibold">
            {TEXT.catalogue}
          </h3>
          {dominant ? (
            <Button className="shrink-0" onClick={() => setEditing('new')}>
              <Plus className="h-4 w-4" aria-hidden /> {TEXT.addReward}
            </Button>
          ) : null}
        </div>
        {rewards.isPending ? (
          skeleton('Loading rewards…', 'h-24', 2)
        ) : rewards.data.rewards.length === 0 ? (
          <p className="text-sm text-muted-foreground">{TEXT.catalogueEmpty}</p>
        ) : (
          <ul className="space-y-3" aria-labelledby="catalogue-heading">
            {rewards.data.rewards.map((r) => (
              <li key={r.id}>
                <RewardCard reward={r} viewer={viewer} highlighted={highlight === r.id} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="redemptions-heading" className="space-y-3">
        <h3 id="redemptions-heading" className="text-lg font-semibold">
          {TEXT.redemptions}
        </h3>
        {redemptions.isPending ? (
          skeleton('Loading requests…', 'h-20', 1)
        ) : (
          <RedemptionList
            data={redemptions.data}
            highlight={highlight}
            onDecide={dominant ? (redemption, grant) => setDeciding({ redemption, grant }) : null}
            hasMore={redemptions.hasNextPage}
            loadingMore={olderRedemptions.loadingMore}
            onMore={olderRedemptions.showOlder}
          />
        )}
      </section>

      <section aria-labelledby="ledger-heading" className="space-y-3">
        <h3 id="ledger-heading" className="text-lg font-semibold">
          {TEXT.ledger}
        </h3>
        {ledger.isPending ? (
          skeleton('Loading the history…', 'h-14', 3)
        ) : (
          <LedgerList
            data={ledger.data}
            userId={user.id}
            partnerName={partnerName}
            hasMore={ledger.hasNextPage}
            loadingMore={older.loadingMore}
            onMore={older.showOlder}
          />
        )}
      </section>

      {dominant ? (
        <>
          <Deferred
            show={points !== null}
            load={loadPointsDialog}
            props={{ mode: points, onOpenChange: (open: boolean) => !open && setPoints(null), partnerId }}
            onCancel={() => setPoints(null)}
          />
          <Deferred
            show={editing !== null}
            load={loadRewardForm}
            props={{
              open: editing !== null,
              onOpenChange: (open: boolean) => !open && setEditing(null),
              partnerId,
              reward: editing === 'new' ? null : editing,
            }}
            onCancel={() => setEditing(null)}
          />
          <Deferred
            show={deciding !== null}
            load={loadDecideDialog}
            props={{ decision: deciding, onOpenChange: (open: boolean) => !open && setDeciding(null) }}
            onCancel={() => setDeciding(null)}
          />
        </>
      ) : null}
      {submissive ? (
        <Deferred
          show={redeeming !== null}
          load={loadRedeemDialog}
          props={{ reward: redeeming, balance, onOpenChange: (open: boolean) => !open && setRedeeming(null) }}
          onCancel={() => setRedeeming(null)}
        />
      ) : null}
      <ConfirmAction
        item={retiring}
        title={TEXT.retireTitle}
        action={TEXT.retire}
        pending={retire.isPending}
        act={(reward) => retire.mutateAsync(reward.id)}
        done={POINTS_TEXT.rewardRetiredToast}
        failed={TEXT.retireFailed}
        onClose={() => setRetiring(null)}
        undo={{
          run: (reward) => restore.mutateAsync(reward.id),
          done: POINTS_TEXT.rewardRestoredToast,
          failed: TEXT.restoreFailed,
        }}
      >
        {(reward) =>
          `"${reward.title}" will no longer be offered. Requests already made keep their title and price.`
        }
      </ConfirmAction>
    </section>
  );
}
