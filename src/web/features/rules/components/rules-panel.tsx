import { Plus, ScrollText } from 'lucide-react';
import { useState } from 'react';
import type { CurrentUser } from '@/shared/schemas/accounts';
import type { RuleView } from '@/shared/schemas/rules';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ConfirmAction } from '@/web/components/ui/confirm-action';
import { Deferred } from '@/web/components/ui/deferred';
import { Loading, Skeleton } from '@/web/components/ui/skeleton';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useHighlight } from '@/web/lib/use-highlight';
import { useAcknowledgeRule, useRetireRule, useRules } from '../api/rules';
import { RULE_TOASTS, RULES_PAGE_TEXT } from '../rules-text';
import { RuleCard, type RuleViewer } from './rule-card';

// The form opens on a tap: its code (react-hook-form, zod and the schemas) comes then (Deferred, decision 059).
const loadRuleForm = async () => (await import('./rule-form-dialog')).RuleFormDialog;
const loadLogDialog = async () => (await import('./log-infraction-dialog')).LogInfractionDialog;

/**
 * The Rules tab of /structure (decision 064): the rules in force between the user and one partner. The
 * dominant writes, edits and retires them; the submissive reads them as "My rules" and acknowledges each
 * version. Every change shows live for both (the `rule.changed` event, app/live-updates.ts).
 */
export function RulesPanel({
  user,
  partnerId,
  partnerName,
}: {
  user: CurrentUser;
  partnerId: string;
  partnerName: string;
}) {
  const list = useRules(partnerId);
  const highlight = useHighlight('rule-', list.isSuccess);
  const acknowledge = useAcknowledgeRule(partnerId);
  const retire = useRetireRule(partnerId);
  // The form: closed (null), a new rule ({ rule: null }) or an edit of the rule as it read when opened.
  const [form, setForm] = useState<{ rule: RuleView | null } | null>(null);
  const [retiring, setRetiring] = useState<RuleView | null>(null);
  // An infraction logged from a rule's card (decision 066): the rule, while its dialog is open.
  const [logging, setLogging] = useState<RuleView | null>(null);
  const writer = user.sessionRole === 'dominant';
  const heading =
    user.sessionRole === 'submissive' ? RULES_PAGE_TEXT.submissiveHeading : RULES_PAGE_TEXT.dominantHeading;

  const viewerOf = (rule: RuleView): RuleViewer => {
    if (writer && rule.dominantId === user.id) {
      return {
        as: 'dominant',
        submissiveName: partnerName,
        onEdit: () => setForm({ rule }),
        onRetire: () => setRetiring(rule),
        onLogInfraction: () => setLogging(rule),
      };
    }
    if (user.sessionRole === 'submissive' && rule.submissiveId === user.id) {
      return {
        as: 'submissive',
        acknowledging: acknowledge.isPending && acknowledge.variables?.id === rule.id,
        onAcknowledge: () =>
          acknowledge.mutate(
            { id: rule.id, version: rule.version },
            {
              onSuccess: () => toast.success(RULE_TOASTS.acknowledged),
              onError: (error) =>
                toast.error(RULES_PAGE_TEXT.acknowledgeFailed, { description: errorMessage(error) }),
            },
          ),
      };
    }
    return { as: 'reader' };
  };

  const content = () => {
    if (list.isPending) {
      return (
        <Loading label="Loading rules…" className="space-y-3">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-40 w-full rounded-card" />
          ))}
        </Loading>
      );
    }
    if (list.isError) {
      return (
        <p role="alert" className="text-destructive">
          {RULES_PAGE_TEXT.fetchFailed}
        </p>
      );
    }
    if (list.data.length === 0) {
      return (
        <Card className="flex flex-col items-center gap-3 py-10 text-center">
          <ScrollText className="h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="font-semibold">No rules yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            {writer ? RULES_PAGE_TEXT.noRulesDominant : RULES_PAGE_TEXT.noRulesSubmissive}
          </p>
        </Card>
      );
    }
    return (
      <ul className="space-y-3" aria-labelledby="rules-heading">
        {list.data.map((rule) => (
          <li key={rule.id}>
            <RuleCard rule={rule} viewer={viewerOf(rule)} highlighted={highlight === rule.id} />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <section aria-labelledby="rules-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="rules-heading" className="text-lg font-semibold">
          {heading}
        </h2>
        {writer ? (
          <Button className="shrink-0" onClick={() => setForm({ rule: null })}>
            <Plus className="h-4 w-4" aria-hidden /> {RULES_PAGE_TEXT.newRule}
          </Button>
        ) : null}
      </div>
      {content()}

      {writer ? (
        <Deferred
          show={form !== null}
          load={loadRuleForm}
          props={{
            open: form !== null,
            onOpenChange: (open: boolean) => !open && setForm(null),
            partnerId,
            rule: form?.rule ?? null,
          }}
          onCancel={() => setForm(null)}
        />
      ) : null}
      {writer ? (
        <Deferred
          show={logging !== null}
          load={loadLogDialog}
          props={{
            open: logging !== null,
            onOpenChange: (open: boolean) => !open && setLogging(null),
            partnerId,
            rules: [],
            rule: logging,
          }}
          onCancel={() => setLogging(null)}
        />
      ) : null}
      <ConfirmAction
        item={retiring}
        title={RULES_PAGE_TEXT.retireTitle}
        action={RULES_PAGE_TEXT.retire}
        pending={retire.isPending}
        act={(rule) => retire.mutateAsync(rule.id)}
        done={RULE_TOASTS.retired}
        failed={RULES_PAGE_TEXT.retireFailed}
        onClose={() => setRetiring(null)}
      >
        {(rule) => `"${rule.title}" will no longer be in force, and ${partnerName} will no longer see it.`}
      </ConfirmAction>
    </section>
  );
}
