import { ClipboardList, Plus } from 'lucide-react';
import { useState } from 'react';
import type { CurrentUser } from '@/shared/schemas/accounts';
import type { InfractionView } from '@/shared/schemas/infractions';
import {
  INFRACTIONS_TEXT,
  infractionRuleLabel,
  INFRACTIONS_PAGE_TEXT as TEXT,
} from '@/shared/texts/infractions';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ConfirmAction } from '@/web/components/ui/confirm-action';
import { Deferred } from '@/web/components/ui/deferred';
import { Loading, Skeleton } from '@/web/components/ui/skeleton';
import { formatMoment } from '@/web/lib/dates';
import { useHighlight } from '@/web/lib/use-highlight';
import { useInfractions, useWithdrawInfraction } from '../api/infractions';
import { useRules } from '../api/rules';
import { InfractionCard, type InfractionViewer } from './infraction-card';

// The dialogs open on a tap: their code comes then (Deferred, decision 059).
const loadLogDialog = async () => (await import('./log-infraction-dialog')).LogInfractionDialog;
const loadContestDialog = async () => (await import('./contest-infraction-dialog')).ContestInfractionDialog;

/**
 * The Infractions tab of /structure (decisions 065, 066): the pair's infractions, newest first, for both
 * partners. The dominant logs them (here, choosing the rule, or from a rule's card), withdraws them and
 * assigns a punishment from one (`onAssign`: the page composes the punishment form); the submissive
 * contests one, once. Every change shows live for both (`infraction.changed`, app/live-updates.ts).
 */
export function InfractionsPanel({
  user,
  partnerId,
  partnerName,
  onAssign,
}: {
  user: CurrentUser;
  partnerId: string;
  partnerName: string;
  /** Opens the punishment form for an infraction; absent, no punishment is assigned from here. */
  onAssign?: (infraction: InfractionView) => void;
}) {
  const list = useInfractions(partnerId);
  const rules = useRules(partnerId);
  const highlight = useHighlight('infraction-', list.isSuccess);
  const withdraw = useWithdrawInfraction(partnerId);
  const [logging, setLogging] = useState(false);
  const [contesting, setContesting] = useState<InfractionView | null>(null);
  const [withdrawing, setWithdrawing] = useState<InfractionView | null>(null);
  const logger = user.sessionRole === 'dominant';
  // The rules in force the dominant may log against (their own, for this pair).
  const inForce = (rules.data ?? []).filter((r) => r.dominantId === user.id);

  const viewerOf = (infraction: InfractionView): InfractionViewer => {
    if (logger && infraction.dominantId === user.id) {
      return {
        as: 'dominant',
        onWithdraw: () => setWithdrawing(infraction),
        onAssign: onAssign ? () => onAssign(infraction) : null,
      };
    }
    if (user.sessionRole === 'submissive' && infraction.submissiveId === user.id)
      return { as: 'submissive', onContest: () => setContesting(infraction) };
    return { as: 'reader' };
  };

  const content = () => {
    if (list.isPending) {
      return (
        <Loading label="Loading infractions…" className="space-y-3">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-32 w-full rounded-card" />
          ))}
        </Loading>
      );
    }
    if (list.isError) {
      return (
        <p role="alert" className="text-destructive">
          {TEXT.fetchFailed}
        </p>
      );
    }
    if (list.data.length === 0) {
      return (
        <Card className="flex flex-col items-center gap-3 py-10 text-center">
          <ClipboardList className="h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="font-semibold">{TEXT.empty}</p>
        </Card>
      );
    }
    return (
      <ul className="space-y-3" aria-labelledby="infractions-heading">
        {list.data.map((infraction) => (
          <li key={infraction.id}>
            <InfractionCard
              infraction={infraction}
              viewer={viewerOf(infraction)}
              highlighted={highlight === infraction.id}
            />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <section aria-labelledby="infractions-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="infractions-heading" className="text-lg font-semibold">
          {TEXT.heading}
        </h2>
        {logger ? (
          <Button className="shrink-0" onClick={() => setLogging(true)} disabled={inForce.length === 0}>
            <Plus className="h-4 w-4" aria-hidden /> {TEXT.logInfraction}
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">{TEXT.nothingFollows}</p>
      {logger && rules.isSuccess && inForce.length === 0 ? (
        <p className="text-sm text-muted-foreground">{TEXT.noRulesToLog}</p>
      ) : null}
      {content()}

      {logger ? (
        <Deferred
          show={logging}
          load={loadLogDialog}
          props={{
            open: logging,
            onOpenChange: (open: boolean) => !open && setLogging(false),
            partnerId,
            rules: inForce,
            rule: null,
          }}
          onCancel={() => setLogging(false)}
        />
      ) : null}
      {user.sessionRole === 'submissive' ? (
        <Deferred
          show={contesting !== null}
          load={loadContestDialog}
          props={{
            open: contesting !== null,
            onOpenChange: (open: boolean) => !open && setContesting(null),
            partnerId,
            infraction: contesting,
          }}
          onCancel={() => setContesting(null)}
        />
      ) : null}
      <ConfirmAction
        item={withdrawing}
        title={TEXT.withdrawTitle}
        action={TEXT.withdraw}
        pending={withdraw.isPending}
        act={(infraction) => withdraw.mutateAsync(infraction.id)}
        done={INFRACTIONS_TEXT.withdrawnToast}
        failed={TEXT.withdrawFailed}
        onClose={() => setWithdrawing(null)}
      >
        {(infraction) =>
          `"${infractionRuleLabel(infraction)}" of ${formatMoment(infraction.occurredAt)} will stay in the list as withdrawn, and ${partnerName} will be told.`
        }
      </ConfirmAction>
    </section>
  );
}
