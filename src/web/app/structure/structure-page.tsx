import { ScrollText } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/shared/routes';
import type { CurrentUser } from '@/shared/schemas/accounts';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { PartnerSelect } from '@/web/components/ui/partner-select';
import { Tabs } from '@/web/components/ui/tabs';
import { RulesPanel } from '@/web/features/rules/components/rules-panel';
import { useChosenPartner } from '@/web/lib/use-chosen-partner';

/** What a tab of /structure is given: who is signed in, and the partner chosen. */
interface TabContext {
  user: CurrentUser;
  partner: { id: string; name: string };
}

/**
 * The tabs of /structure, in order: each is one entry (its `?tab=` value, its label, what it shows). Rules
 * first (decision 064); rituals, rewards and requests join as they land.
 */
const STRUCTURE_TABS: { value: string; label: string; render: (c: TabContext) => ReactNode }[] = [
  {
    value: 'rules',
    label: 'Rules',
    render: ({ user, partner }) => (
      <RulesPanel key={partner.id} user={user} partnerId={partner.id} partnerName={partner.name} />
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
  const [tab, setTab] = useState(
    () => STRUCTURE_TABS.find((t) => t.value === params.get('tab'))?.value ?? STRUCTURE_TABS[0]!.value,
  );

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
              content: t.render({ user, partner }),
            }))}
          />
        </>
      )}
    </div>
  );
}
