import { Archive, Gift, Pencil } from 'lucide-react';
import type { RedemptionView, RewardView } from '@/shared/schemas/points';
import {
  pointsLabel,
  REDEMPTION_STATE_LABELS,
  shortOfText,
  REWARDS_PAGE_TEXT as TEXT,
} from '@/shared/texts/points';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { HighlightCard } from '@/web/components/ui/highlight-card';
import { cn } from '@/web/lib/cn';
import { formatMoment } from '@/web/lib/dates';

/** Who looks at the catalogue (decision 068): the dominant keeps it, the submissive redeems from it. */
export type RewardViewer =
  | { as: 'dominant'; onEdit: (r: RewardView) => void; onRetire: (r: RewardView) => void }
  | { as: 'submissive'; balance: number; onRedeem: (r: RewardView) => void }
  | { as: 'reader' };

/** One reward of the catalogue: its title, price and description, and what the viewer may do with it. */
export function RewardCard({
  reward: r,
  viewer,
  highlighted,
}: {
  reward: RewardView;
  viewer: RewardViewer;
  highlighted: boolean;
}) {
  const titleId = `reward-title-${r.id}`;
  const short = viewer.as === 'submissive' && viewer.balance < r.price;
  const shortId = `reward-short-${r.id}`;
  return (
    <HighlightCard
      id={`rewards-item-${r.id}`}
      data-testid="reward-card"
      titleId={titleId}
      level="h4"
      title={
        <>
          <Gift className="mr-1.5 inline h-4 w-4 text-primary" aria-hidden />
          {r.title}
        </>
      }
      aside={
        <Badge className="shrink-0" data-testid="reward-price">
          {pointsLabel(r.price)}
        </Badge>
      }
      highlighted={highlighted}
    >
      {r.description ? <p className="text-sm whitespace-pre-wrap wrap-anywhere">{r.description}</p> : null}
      {viewer.as === 'dominant' ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => viewer.onEdit(r)}>
            <Pencil className="h-4 w-4" aria-hidden /> {TEXT.editReward}
            <span className="sr-only"> {r.title}</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => viewer.onRetire(r)}>
            <Archive className="h-4 w-4" aria-hidden /> {TEXT.retire}
            <span className="sr-only"> {r.title}</span>
          </Button>
        </div>
      ) : null}
      {viewer.as === 'submissive' ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {/* aria-disabled rather than disabled: it keeps focus when a redemption makes the balance short
              (the dialog gives focus back to it), and its reason is read with it. */}
          <Button
            size="sm"
            onClick={() => !short && viewer.onRedeem(r)}
            aria-disabled={short || undefined}
            aria-describedby={short ? shortId : undefined}
            className={short ? 'cursor-not-allowed opacity-50 hover:opacity-50' : undefined}
          >
            {TEXT.redeem}
            <span className="sr-only"> {r.title}</span>
          </Button>
          {short ? (
            <p id={shortId} className="text-sm text-muted-foreground" data-testid="reward-short">
              {shortOfText(r.price, viewer.balance)}
            </p>
          ) : null}
        </div>
      ) : null}
    </HighlightCard>
  );
}

const STATE_STYLES: Record<RedemptionView['state'], string> = {
  requested: 'border border-current bg-transparent text-warning',
  granted: 'bg-primary text-primary-foreground',
  denied: 'bg-muted text-muted-foreground',
};

/** One redemption: what was asked for at what price, when, its state, both notes, and Grant / Deny. */
export function RedemptionCard({
  redemption: r,
  onDecide,
  highlighted,
}: {
  redemption: RedemptionView;
  /** The dominant's Grant and Deny, on a pending one; null for anyone else. */
  onDecide: ((grant: boolean) => void) | null;
  highlighted: boolean;
}) {
  const titleId = `redemption-title-${r.id}`;
  return (
    <HighlightCard
      id={`rewards-item-${r.id}`}
      data-testid="redemption-card"
      titleId={titleId}
      level="h4"
      title={r.title}
      aside={
        <Badge className={cn('shrink-0', STATE_STYLES[r.state])} data-testid="redemption-state">
          {REDEMPTION_STATE_LABELS[r.state]}
        </Badge>
      }
      highlighted={highlighted}
    >
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground" data-testid="redemption-price">
          {pointsLabel(r.price)}
        </span>
        {' · '}
        <time dateTime={new Date(r.requestedAt).toISOString()}>{formatMoment(r.requestedAt)}</time>
        {r.decidedAt !== null ? ` · ${REDEMPTION_STATE_LABELS[r.state]} ${formatMoment(r.decidedAt)}` : null}
      </p>
      {r.requestNote ? (
        <p className="text-sm whitespace-pre-wrap wrap-anywhere">
          <span className="font-medium">{TEXT.requestNote}:</span> {r.requestNote}
        </p>
      ) : null}
      {r.decisionNote ? (
        <p
          className="rounded-control bg-muted p-2 text-sm whitespace-pre-wrap wrap-anywhere"
          data-testid="decision-note"
        >
          <span className="font-medium">{TEXT.decisionNoteLabel}:</span> {r.decisionNote}
        </p>
      ) : null}
      {onDecide && r.state === 'requested' ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => onDecide(true)}>
            {TEXT.grant}
            <span className="sr-only"> {r.title}</span>
          </Button>
          <Button variant="outline" size="sm" onClick={() => onDecide(false)}>
            {TEXT.deny}
            <span className="sr-only"> {r.title}</span>
          </Button>
        </div>
      ) : null}
    </HighlightCard>
  );
}
