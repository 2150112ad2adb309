import { Check, Undo2, X } from 'lucide-react';
import { AREA_LABELS } from '@/shared/domain/caps';
import type { PermissionRequestView } from '@/shared/schemas/permissions';
import { PERMISSION_STATUS_LABELS, PERMISSIONS_PAGE_TEXT as TEXT } from '@/shared/texts/permissions';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { HighlightCard } from '@/web/components/ui/highlight-card';
import { cn } from '@/web/lib/cn';
import { formatMoment } from '@/web/lib/dates';

/** What the one looking at a request may do with it: the pair's dominant answers, its submissive withdraws. */
export type PermissionViewer =
  | { as: 'dominant'; onDecide: (how: 'grant' | 'deny') => void }
  | { as: 'submissive'; onWithdraw: () => void }
  | { as: 'reader' };

const STATUS_STYLES: Record<PermissionRequestView['status'], string> = {
  pending: 'border border-current bg-transparent text-warning',
  granted: 'border border-current bg-transparent text-success',
  denied: 'bg-muted text-foreground',
  withdrawn: 'bg-muted text-muted-foreground',
};

/** One request: what, when it is for, the note, the areas it touches, its answer and when. */
export function PermissionCard({
  request: r,
  viewer,
  highlighted,
}: {
  request: PermissionRequestView;
  viewer: PermissionViewer;
  highlighted: boolean;
}) {
  const titleId = `permission-title-${r.id}`;
  const pending = r.status === 'pending';
  return (
    <HighlightCard
      id={`permission-${r.id}`}
      data-testid="permission-card"
      titleId={titleId}
      title={r.what}
      aside={
        <Badge className={cn('shrink-0', STATUS_STYLES[r.status])} data-testid="permission-status">
          {PERMISSION_STATUS_LABELS[r.status]}
        </Badge>
      }
      highlighted={highlighted}
    >
      <p className="text-sm text-muted-foreground">
        Asked {formatMoment(r.createdAt)}
        {r.when !== null ? ` · for ${formatMoment(r.when)}` : ''}
      </p>
      {r.note ? <p className="text-sm whitespace-pre-wrap wrap-anywhere">{r.note}</p> : null}
      {r.areas.length > 0 ? (
        <p className="text-xs text-muted-foreground">
          Touches: {r.areas.map((a) => AREA_LABELS[a]).join(', ')}
        </p>
      ) : null}
      {r.decidedAt !== null && !pending ? (
        <div className="rounded-control bg-muted p-2 text-sm" data-testid="permission-answer">
          <p className="font-medium">
            {PERMISSION_STATUS_LABELS[r.status]} {formatMoment(r.decidedAt)}
          </p>
          {r.decisionNote ? <p className="whitespace-pre-wrap wrap-anywhere">{r.decisionNote}</p> : null}
        </div>
      ) : null}
      {pending && viewer.as === 'dominant' ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => viewer.onDecide('grant')}>
            <Check className="h-4 w-4" aria-hidden /> {TEXT.grant}
            <span className="sr-only"> {r.what}</span>
          </Button>
          <Button size="sm" variant="outline" onClick={() => viewer.onDecide('deny')}>
            <X className="h-4 w-4" aria-hidden /> {TEXT.deny}
            <span className="sr-only"> {r.what}</span>
          </Button>
        </div>
      ) : null}
      {pending && viewer.as === 'submissive' ? (
        <div>
          <Button size="sm" variant="ghost" onClick={viewer.onWithdraw}>
            <Undo2 className="h-4 w-4" aria-hidden /> {TEXT.withdraw}
            <span className="sr-only"> {r.what}</span>
          </Button>
        </div>
      ) : null}
    </HighlightCard>
  );
}
