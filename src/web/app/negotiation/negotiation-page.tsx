import { Check } from 'lucide-react';
import { useId } from 'react';
import type { NegotiationPairView } from '@/shared/schemas/negotiation';
import { Card } from '@/web/components/ui/card';
import { PartnerSelect } from '@/web/components/ui/partner-select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useNegotiation } from '@/web/features/negotiation/api/negotiation';
import { ConfirmPanel } from '@/web/features/negotiation/components/confirm-panel';
import { NEGOTIATION_PAGE_TEXT } from '@/web/features/negotiation/components/negotiation-text';
import { useChosenPartner } from '@/web/lib/use-chosen-partner';
import { NEGOTIATION_STEPS, type NegotiationStep } from './steps';

/**
 * /negotiation (decision 058): the first negotiation with the chosen partner, its steps in order on one
 * page, then the one confirm screen (the submissive confirms; the dominant reads where it stands).
 */
export function NegotiationPage() {
  const { partners, partner, choose } = useChosenPartner();
  const negotiation = useNegotiation();
  const pairs = partner ? (negotiation.data?.pairs ?? []).filter((p) => p.partnerId === partner.id) : [];
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">{NEGOTIATION_PAGE_TEXT.title}</h1>
        <p className="text-sm text-muted-foreground">{NEGOTIATION_PAGE_TEXT.intro}</p>
      </header>
      {!partner ? (
        <Card>
          <p className="text-sm text-muted-foreground">{NEGOTIATION_PAGE_TEXT.noPartner}</p>
        </Card>
      ) : (
        <>
          {partners.length > 1 ? (
            <PartnerSelect partners={partners} value={partner.id} onChange={choose} />
          ) : null}
          {pairs.length === 0 ? (
            negotiation.isPending ? (
              <Skeleton className="h-48 w-full" />
            ) : (
              <Card>
                <p className="text-sm text-muted-foreground">{NEGOTIATION_PAGE_TEXT.noPartner}</p>
              </Card>
            )
          ) : (
            <>
              <ol className="space-y-5">
                {NEGOTIATION_STEPS.map((step, i) => (
                  <Step key={step.id} step={step} number={i + 1} pair={pairs[0]!} partner={partner} />
                ))}
              </ol>
              {pairs.map((pair) => (
                <Confirm key={pair.pairId} pair={pair} partnerName={partner.name} named={pairs.length > 1} />
              ))}
            </>
          )}
        </>
      )}
    </div>
  );
}

function Step({
  step,
  number,
  pair,
  partner,
}: {
  step: NegotiationStep;
  number: number;
  pair: NegotiationPairView;
  partner: { id: string; name: string };
}) {
  const id = useId();
  return (
    <li>
      <Card role="region" aria-labelledby={id} className="space-y-3" data-step={step.id}>
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
          <step.Icon className="h-5 w-5 text-primary" aria-hidden />
          {number}. {step.title}
        </h2>
        <p className="text-sm text-muted-foreground">{step.intro}</p>
        <step.Body pair={pair} partner={partner} />
      </Card>
    </li>
  );
}

function Confirm({
  pair,
  partnerName,
  named,
}: {
  pair: NegotiationPairView;
  partnerName: string;
  named: boolean;
}) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id} className="space-y-3" data-testid="negotiation-confirm">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        <Check className="h-5 w-5 text-primary" aria-hidden />
        {named ? NEGOTIATION_PAGE_TEXT.asRole(pair.myRole, partnerName) : NEGOTIATION_PAGE_TEXT.confirmTitle}
      </h2>
      <ConfirmPanel pair={pair} partnerName={partnerName} />
    </Card>
  );
}
