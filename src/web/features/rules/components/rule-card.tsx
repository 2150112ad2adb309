import { CheckCircle2, CircleDashed, ClipboardPlus, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { RuleView } from '@/shared/schemas/rules';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { HighlightCard } from '@/web/components/ui/highlight-card';
import { LimitTags } from '@/web/components/ui/limit-tag-picker';
import { cn } from '@/web/lib/cn';
import { formatMoment } from '@/web/lib/dates';
import { categoryName, RULES_PAGE_TEXT } from '../rules-text';
import { RuleHistory } from './rule-history';

/** Who is looking at a rule: its writer (the pair's dominant) or the one who acknowledges it. */
export type RuleViewer =
  | {
      as: 'dominant';
      submissiveName: string;
      onEdit: () => void;
      onRetire: () => void;
      /** Notes that the rule was not kept (decision 066). */
      onLogInfraction: () => void;
    }
  | { as: 'submissive'; onAcknowledge: () => void; acknowledging: boolean }
  | { as: 'reader' };

/** One rule in force: its current version, whether that version is acknowledged, and its history. */
export function RuleCard({
  rule,
  viewer,
  highlighted,
}: {
  rule: RuleView;
  viewer: RuleViewer;
  highlighted: boolean;
}) {
  const titleId = `rule-title-${rule.id}`;
  const category = categoryName(rule.category);
  return (
    <HighlightCard
      id={`rule-${rule.id}`}
      data-testid="rule-card"
      titleId={titleId}
      title={rule.title}
      aside={category ? <Badge className="shrink-0">{category}</Badge> : null}
      highlighted={highlighted}
      roomy
    >
      {rule.text ? (
        <p className="text-sm whitespace-pre-wrap wrap-anywhere" data-testid="rule-text">
          {rule.text}
        </p>
      ) : null}
      <LimitTags tags={rule.limitTags} />
      {rule.consequence ? (
        <p className="text-sm whitespace-pre-wrap wrap-anywhere">
          <span className="font-medium">Guideline: </span>
          {rule.consequence}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="text-muted-foreground" data-testid="rule-version">
          Version {rule.version}
        </span>
        <Acknowledgement rule={rule} viewer={viewer} />
      </div>
      <Actions rule={rule} viewer={viewer} />
      <RuleHistory ruleId={rule.id} title={rule.title} />
    </HighlightCard>
  );
}

function Status({ done, icon, children }: { done: boolean; icon?: ReactNode; children: ReactNode }) {
  return (
    <span
      data-testid="rule-acknowledgement"
      className={cn('inline-flex items-center gap-1 font-medium', done ? 'text-success' : 'text-warning')}
    >
      {icon ??
        (done ? (
          <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
        ) : (
          <CircleDashed className="h-4 w-4 shrink-0" aria-hidden />
        ))}
      {children}
    </span>
  );
}

/**
 * Whether the version in force is acknowledged. The submissive is also told when an earlier version was
 * and this one has changed since.
 */
function Acknowledgement({ rule, viewer }: { rule: RuleView; viewer: RuleViewer }) {
  if (rule.acknowledgedAt !== null) {
    const when = formatMoment(rule.acknowledgedAt);
    return (
      <Status done>
        {viewer.as === 'dominant'
          ? `Acknowledged by ${viewer.submissiveName} on ${when}`
          : `Acknowledged on ${when}`}
      </Status>
    );
  }
  const changedSince = viewer.as === 'submissive' && rule.lastAcknowledgedVersion !== null;
  return changedSince ? (
    <Status done={false} icon={<RefreshCw className="h-4 w-4 shrink-0" aria-hidden />}>
      {RULES_PAGE_TEXT.changedSince}
    </Status>
  ) : (
    <Status done={false}>{RULES_PAGE_TEXT.notAcknowledged}</Status>
  );
}

function Actions({ rule, viewer }: { rule: RuleView; viewer: RuleViewer }) {
  if (viewer.as === 'dominant') {
    return (
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={viewer.onEdit} aria-label={`Edit ${rule.title}`}>
          <Pencil className="h-4 w-4" aria-hidden /> {RULES_PAGE_TEXT.edit}
        </Button>
        <Button variant="outline" size="sm" onClick={viewer.onRetire} aria-label={`Retire ${rule.title}`}>
          <Trash2 className="h-4 w-4" aria-hidden /> {RULES_PAGE_TEXT.retire}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={viewer.onLogInfraction}
          aria-label={`${RULES_PAGE_TEXT.logInfraction}: ${rule.title}`}
        >
          <ClipboardPlus className="h-4 w-4" aria-hidden /> {RULES_PAGE_TEXT.logInfraction}
        </Button>
      </div>
    );
  }
  if (viewer.as === 'submissive' && rule.acknowledgedAt === null) {
    return (
      <div>
        <Button
          onClick={viewer.onAcknowledge}
          disabled={viewer.acknowledging}
          aria-label={`${RULES_PAGE_TEXT.acknowledge} ${rule.title}`}
        >
          <CheckCircle2 className="h-4 w-4" aria-hidden /> {RULES_PAGE_TEXT.acknowledge}
        </Button>
      </div>
    );
  }
  return null;
}
