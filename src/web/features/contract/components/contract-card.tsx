import { ScrollText } from 'lucide-react';
import { Link } from 'react-router';
import { contractPreview, contractPreviewLength } from '@/shared/domain/contracts';
import { paths, withQuery } from '@/shared/routes';
import type { CurrentUser } from '@/shared/schemas/accounts';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { format } from '@/web/lib/dates';
import { useContract } from '../api/contract';
import { ContractStatusBadge } from './status-badge';

/**
 * The dashboard's contract card (spec 2 §2): the status badge, a preview without bold markers or line
 * breaks cut to 100/150/200 characters by width, the last-updated date; links to /contract. With several
 * partners, one entry per partner, each named and opening its own contract.
 */
export function ContractCard({ user }: { user: CurrentUser }) {
  const partners = user.partners;
  return (
    <Card aria-labelledby="contract-card-title" data-testid="contract-card">
      <h2 id="contract-card-title" className="font-semibold">
        Contract
      </h2>
      {partners.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          Connect with a partner to write and sign a contract together.
        </p>
      ) : (
        <ul className="divide-y divide-border">
          {partners.map((partner) => (
            <li key={partner.id} className="py-2 first:pt-0 last:pb-0">
              <PartnerContract partner={partner} named={partners.length > 1} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * The preview at each of its lengths, only the one for the window's width shown: the widths are those of
 * `contractPreviewLength` (Tailwind's sm, 640 px, and lg, 1024 px). Chosen by the stylesheet rather than
 * by script, a page rendered without a window (on the server) is already right, and hydrates unchanged.
 */
const PREVIEWS = [
  { max: contractPreviewLength(639), className: 'sm:hidden' },
  { max: contractPreviewLength(1023), className: 'hidden sm:inline lg:hidden' },
  { max: contractPreviewLength(1024), className: 'hidden lg:inline' },
];

function PartnerContract({ partner, named }: { partner: { id: string; name: string }; named: boolean }) {
  const contract = useContract(partner.id, true);
  const data = contract.data;
  const to = named ? withQuery(paths.contract, { partner: partner.id }) : paths.contract;
  return (
    <div>
      <div className="mt-1 flex items-center justify-between gap-2">
        {named ? <p className="text-sm font-medium">With {partner.name}</p> : <span />}
        {data ? <ContractStatusBadge contract={data} /> : null}
      </div>
      {contract.isPending ? (
        <div className="mt-3 space-y-2" aria-hidden>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : !data ? (
        <div className="mt-3 flex flex-col items-center gap-2 text-center">
          <ScrollText className="h-8 w-8 text-muted-foreground" aria-hidden />
          <p className="text-sm text-muted-foreground">No contract yet</p>
          <Link to={to} className={buttonClasses('primary', 'sm')}>
            Create Contract
          </Link>
        </div>
      ) : (
        <Link to={to} className="mt-2 block rounded-control hover:bg-muted">
          <p className="text-sm wrap-anywhere" data-testid="contract-preview">
            {PREVIEWS.map(({ max, className }) => (
              <span key={max} className={className}>
                {contractPreview(data.content, max)}
              </span>
            ))}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            Last updated {format(data.updatedAt, 'MMM d, yyyy')}
          </p>
          <span className="mt-1 block text-sm font-medium text-primary">
            {named ? `Open the contract with ${partner.name}` : 'Open the contract'}
          </span>
        </Link>
      )}
    </div>
  );
}
