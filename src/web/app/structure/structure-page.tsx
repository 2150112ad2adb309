import { ScrollText } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/shared/routes';
import type { CurrentUser } from '@/shared/schemas/accounts';
import type { InfractionView } from '@/shared/schemas/infractions';
import type { PartnerView } from '@/shared/schemas/partners';
import { INFRACTIONS_PAGE_TEXT } from '@/shared/texts/infractions';
import { PERMISSIONS_PAGE_TEXT } from '@/shared/texts/permissions';
import { REWARDS_PAGE_TEXT } from '@/shared/texts/points';
import { RITUALS_PAGE_TEXT } from '@/shared/texts/rituals';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Deferred } from '@/web/components/ui/deferred';
import { PartnerSelect } from '@/web/components/ui/partner-select';
import { Tabs } from '@/web/components/ui/tabs';
import { PermissionsPanel } from '@/web/features/permissions/components/permissions-panel';
import { RewardsPanel } from '@/web/features/rewards/components/rewards-panel';
import { RitualsPanel } from '@/web/features/rituals/components/rituals-panel';
import { InfractionsPanel } from '@/web/features/rules/components/infractions-panel';
import { RulesPanel } from '@/web/features/rules/components/rules-panel';
import { useChosenPartner } from '@/web/lib/use-chosen-partner';
import { sourceOf, useTabOfHighlight } from './structure-highlight';

// The punishment form opens on a tap: its code comes then (Deferred, decision 059).
const loadPunishmentForm = async () =>
  (await import('@/web/features/punishments/components/punishment-form-dialog')).PunishmentFormDialog;

/** What a tab of /structure is given: who is signed in, the partner chosen, and what it may open. */
interface TabContext {
  user: CurrentUser;
  partner: PartnerView;
  /** Opens the punishment form for an infraction (decision 066). */
  assign: (infraction: InfractionView) => void;
}

/**
 * The tabs of /structure, in order: each is one entry (its `?tab=` value, its label, what it shows). Rules
 * first (decision 064), rituals (decision 074), then infractions (decision 066), rewards (decision 068) and
 * permission requests (decision 073).
 */
const STRUCTURE_TABS: { value: string; label: string; render: (c: TabContext) => ReactNode }[] = [
  {
    value: 'rules',
    label: 'Rules',
    render: ({ user, partner }) => (
      <RulesPanel key={partner.id} user={user} partnerId={partner.id} partnerName={partner.name} />
    ),
  },
  {
    value: 'rituals',
    label: RITUALS_PAGE_TEXT.tab,
    render: ({ user, partner }) => (
      <RitualsPanel key={partner.id} user={user} partnerId={partner.id} partnerName={partner.name} />
    ),
  },
  {
    value: 'infractions',
    label: INFRACTIONS_PAGE_TEXT.tab,
    render: ({ user, partner, assign }) => (
      <InfractionsPanel
        key={partner.id}
        user={user}
        partnerId={partner.id}
        partnerName={partner.name}
        onAssign={assign}
      />
    ),
  },
  {
    value: 'rewards',
    label: REWARDS_PAGE_TEXT.tab,
    render: ({ user, partner }) => (
      <RewardsPanel key={partner.id} user={user} partnerId={partner.id} partnerName={partner.name} />
    ),
  },
  {
    value: 'requests',
    label: PERMISSIONS_PAGE_TEXT.tab,
    render: ({ user, partner }) => (
      <PermissionsPanel key={partner.id} user={user} partnerId={partner.id} partnerName={partner.name} />
    ),
  },
];

export const STRUCTURE_PAGE_TEXT = {
  title: 'Structure',
  intro: 'Rules you agreed on, and how the days go',
  noPartner: 'Rules are shared between two partners. Connect with yours to agree on them together.',
} as const;

/** /structure: the pair's standing structure with the chosen partner, one tab per kind. */
export function StructurePage() {
  const { user, partners, partner, choose } = useChosenPartner();
  const [params] = useSearchParams();
  // A `?highlight=` (a notification's link) opens the tab that holds it, whatever `?tab=` says.
  const highlighted = useTabOfHighlight(partner?.id);
  const [tab, setTab] = useState(
    () =>
      highlighted ??
      STRUCTURE_TABS.find((t) => t.value === params.get('tab'))?.value ??
      STRUCTURE_TABS[0]!.value,
  );
  useEffect(() => {
    if (highlighted) setTab(highlighted);
  }, [highlighted]);
  const [assigning, setAssigning] = useState<InfractionView | null>(null);

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <header>
        <h1 className="text-2xl font-bold">{STRUCTURE_PAGE_TEXT.title}</h1>
        <p className="text-sm text-muted-foreground">{STRUCTURE_PAGE_TEXT.intro}</p>
      </header>
      {!partner ? (
        <Card className="flex flex-col items-center gap-3 py-10 text-center">
          <ScrollText className="h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="font-semibold">Connect with a partner</p>
          <p className="max-w-sm text-sm text-muted-foreground">{STRUCTURE_PAGE_TEXT.noPartner}</p>
          <Link to={paths.dashboard} className={buttonClasses('primary')}>
            Go to Dashboard
          </Link>
        </Card>
      ) : (
        <>
          {partners.length > 1 ? (
            <PartnerSelect partners={partners} value={partner.id} onChange={choose} />
          ) : null}
          <Tabs
            label="Structure"
            value={tab}
            onValueChange={setTab}
            items={STRUCTURE_TABS.map((t) => ({
              value: t.value,
              label: t.label,
              content: t.render({ user, partner, assign: setAssigning }),
            }))}
          />
          {user.sessionRole === 'dominant' ? (
            <Deferred
              show={assigning !== null}
              load={loadPunishmentForm}
              props={{
                open: assigning !== null,
                onOpenChange: (open: boolean) => !open && setAssigning(null),
                submissives: [partner],
                source: assigning ? sourceOf(assigning) : null,
              }}
              onCancel={() => setAssigning(null)}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
