import { useSearchParams } from 'react-router';
import type { InfractionView } from '@/shared/schemas/infractions';
import { infractionRuleLabel, punishmentForText } from '@/shared/texts/infractions';
import type { PunishmentSource } from '@/web/features/punishments/components/punishment-form-dialog';
import { useRedemptions, useRewards } from '@/web/features/rewards/api/points';
import { useInfractions } from '@/web/features/rules/api/infractions';
import { useRules } from '@/web/features/rules/api/rules';
import { formatMoment } from '@/web/lib/dates';

/**
 * The tab of /structure that holds the `?highlight=` of a link (a notification names only the id): 'rules',
 * 'infractions' or 'rewards' (a reward or a redemption) once one of the lists has it, else null (no
 * highlight, or not found: the tab stays). The lists come with the page (its loader); after a navigation in
 * the browser they are read here.
 */
export function useTabOfHighlight(partnerId: string | undefined): 'rules' | 'infractions' | 'rewards' | null {
  const [params] = useSearchParams();
  const highlight = params.get('highlight');
  const on = Boolean(highlight && partnerId);
  const rules = useRules(partnerId ?? '', on);
  const infractions = useInfractions(partnerId ?? '', on);
  const rewards = useRewards(partnerId ?? '', on);
  const redemptions = useRedemptions(partnerId ?? '', on);
  if (!on) return null;
  if (redemptions.data?.pages.some((p) => p.redemptions.some((r) => r.id === highlight))) return 'rewards';
  if (rewards.data?.rewards.some((r) => r.id === highlight)) return 'rewards';
  if (infractions.data?.some((i) => i.id === highlight)) return 'infractions';
  if (rules.data?.some((r) => r.id === highlight)) return 'rules';
  return null;
}

/** What the punishment form is told of the infraction it is assigned from (decision 066). */
export const sourceOf = (infraction: InfractionView): PunishmentSource => ({
  infractionId: infraction.id,
  label: punishmentForText(infractionRuleLabel(infraction), formatMoment(infraction.occurredAt)),
  consequence: infraction.ruleConsequence,
});
