import { Gavel, MessageSquareWarning, Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths, withQuery } from '@/shared/routes';
import type { InfractionView } from '@/shared/schemas/infractions';
import {
  INFRACTION_STATE_LABELS,
  infractionRuleLabel,
  INFRACTIONS_PAGE_TEXT as TEXT,
} from '@/shared/texts/infractions';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { HighlightCard } from '@/web/components/ui/highlight-card';
import { cn } from '@/web/lib/cn';
import { formatMoment } from '@/web/lib/dates';

/**
 * What the one looking at an infraction may do with it (decision 066): the pair's dominant withdraws it and
 * assigns a punishment from it, the pair's submissive contests it; anyone else reads it. An action that is
 * not allowed in the infraction's state is not shown.
 */
export type InfractionViewer =
  | { as: 'dominant'; onWithdraw: () => void; onAssign: (() => void) | null }
  | { as: 'submissive'; onContest: () => void }
  | { as: 'reader' };

const STATE_STYLES: Record<InfractionView['state'], string> = {
  logged: 'bg-muted text-foreground',
  contested: 'border border-current bg-transparent text-warning',
  withdrawn: 'bg-muted text-muted-foreground',
};

/** One infraction: the rule as it read then ("Title v2"), when, the note, its state, and its punishment. */
export function InfractionCard({
  infraction: i,
  viewer,
  highlighted,
}: {
  infraction: InfractionView;
  viewer: InfractionViewer;
  highlighted: boolean;
}) {
  const titleId = `infraction-title-${i.id}`;
  const label = infractionRuleLabel(i);
  return (
    <HighlightCard
      id={`infraction-${i.id}`}
      data-testid="infraction-card"
      titleId={titleId}
      title={label}
      aside={
        <Badge className={cn('shrink-0', STATE_STYLES[i.state])} data-testid="infraction-state">
          {INFRACTION_STATE_LABELS[i.state]}
        </Badge>
      }
      highlighted={highlighted}
    >
      <p className="text-sm text-muted-foreground" data-testid="infraction-when">
        <time dateTime={new Date(i.occurredAt).toISOString()}>{formatMoment(i.occurredAt)}</time>
        {i.state === 'withdrawn' && i.withdrawnAt !== null
          ? ` · Withdrawn ${formatMoment(i.withdrawnAt)}`
          : null}
      </p>
      {i.note ? (
        <p className="text-sm whitespace-pre-wrap wrap-anywhere" data-testid="infraction-note">
          <span className="sr-only">{TEXT.loggedNote}: </span>
          {i.note}
        </p>
      ) : null}
      {i.state === 'contested' ? (
        <p
          className="rounded-control bg-muted p-2 text-sm whitespace-pre-wrap wrap-anywhere"
          data-testid="contest-note"
        >
          <MessageSquareWarning className="mr-1 inline h-4 w-4 text-warning" aria-hidden />
          <span className="font-medium">{TEXT.contestedNote}</span>
          {i.contestedAt !== null ? (
            <span className="text-muted-foreground"> {formatMoment(i.contestedAt)}</span>
          ) : null}
          {i.contestNote ? `: ${i.contestNote}` : null}
        </p>
      ) : null}
      {i.punishmentId ? (
        <Link
          to={withQuery(paths.punishments, { highlight: i.punishmentId })}
          className="inline-flex min-h-11 items-center gap-2 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <Gavel className="h-4 w-4" aria-hidden /> {TEXT.punishmentLink}
          <span className="sr-only">
            {' '}
            for {label}, {formatMoment(i.occurredAt)}
          </span>
        </Link>
      ) : null}
      <Actions infraction={i} viewer={viewer} label={`${label}, ${formatMoment(i.occurredAt)}`} />
    </HighlightCard>
  );
}

function Actions({
  infraction: i,
  viewer,
  label,
}: {
  infraction: InfractionView;
  viewer: InfractionViewer;
  label: string;
}) {
  if (i.state === 'withdrawn') return null;
  if (viewer.as === 'dominant') {
    const assign = viewer.onAssign && !i.punishmentId ? viewer.onAssign : null;
    return (
      <div className="flex flex-wrap gap-2">
        {assign ? (
          <Button variant="outline" size="sm" onClick={assign}>
            <Gavel className="h-4 w-4" aria-hidden /> {TEXT.assign}
            <span className="sr-only"> for {label}</span>
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={viewer.onWithdraw}>
          <Undo2 className="h-4 w-4" aria-hidden /> {TEXT.withdraw}
          <span className="sr-only"> {label}</span>
        </Button>
      </div>
    );
  }
  if (viewer.as === 'submissive' && i.state === 'logged') {
    return (
      <div>
        <Button variant="outline" size="sm" onClick={viewer.onContest}>
          <MessageSquareWarning className="h-4 w-4" aria-hidden /> {TEXT.contest}
          <span className="sr-only"> {label}</span>
        </Button>
      </div>
    );
  }
  return null;
}
