import { ListChecks, ScrollText } from 'lucide-react';
import { Link } from 'react-router';
import { paths, withQuery } from '@/shared/routes';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { PartnerSelect } from '@/web/components/ui/partner-select';
import { useChosenPartner } from '@/web/lib/use-chosen-partner';
import { SharedContract } from '../components/shared-contract';

/** /contract (spec 2 §2): the contract shared with a partner, a partner selector when there are several. */
export function ContractPage() {
  const { user, partners, partner, choose } = useChosenPartner();

  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-start justify-between gap-3 narrow:flex-col narrow:items-stretch">
        <div>
          <h1 className="text-2xl font-bold">Contract</h1>
          <p className="text-sm text-muted-foreground">The agreement you and your partner sign together</p>
        </div>
        {partner ? (
          <Link to={withQuery(paths.limits, { partner: partner.id })} className={buttonClasses('outline')}>
            <ListChecks className="h-4 w-4" aria-hidden />
            Limits
          </Link>
        ) : null}
      </header>
      {!partner ? (
        <Card className="flex flex-col items-center gap-3 py-10 text-center">
          <ScrollText className="h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="font-semibold">Connect with a partner</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            A contract is shared between two partners. Connect with yours to write and sign it together.
          </p>
          <Link to={paths.dashboard} className={buttonClasses('primary')}>
            Go to Dashboard
          </Link>
        </Card>
      ) : (
        <>
          {partners.length > 1 ? (
            <PartnerSelect partners={partners} value={partner.id} onChange={choose} />
          ) : null}
          <SharedContract
            key={partner.id}
            userId={user.id}
            partnerId={partner.id}
            partnerName={partner.name}
          />
        </>
      )}
    </div>
  );
}
