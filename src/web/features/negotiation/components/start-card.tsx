import { Handshake } from 'lucide-react';
import { Link } from 'react-router';
import { paths, withQuery } from '@/shared/routes';
import type { CurrentUser } from '@/shared/schemas/accounts';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { useNegotiation } from '../api/negotiation';
import { NEGOTIATION_PAGE_TEXT } from './negotiation-text';

/**
 * The dashboard's "Start here" card (decision 058): shown to both partners of every pair whose first
 * negotiation the submissive has not confirmed, and gone once they have.
 */
export function NegotiationStartCard({ user }: { user: CurrentUser }) {
  const negotiation = useNegotiation();
  const pending = (negotiation.data?.pairs ?? []).filter((p) => p.confirmedAt === null);
  if (pending.length === 0) return null;
  const nameOf = (id: string) => user.partners.find((p) => p.id === id)?.name ?? 'your partner';
  return (
    <Card
      aria-labelledby="negotiation-card-title"
      className="space-y-3 border-primary"
      data-testid="negotiation-card"
    >
      <h2 id="negotiation-card-title" className="flex items-center gap-2 font-semibold">
        <Handshake className="h-5 w-5 text-primary" aria-hidden />
        {NEGOTIATION_PAGE_TEXT.start}
      </h2>
      <ul className="space-y-3">
        {pending.map((pair) => {
          const name = nameOf(pair.partnerId);
          return (
            <li key={pair.pairId} className="space-y-2">
              <p className="text-sm">
                {pair.myRole === 'dominant'
                  ? NEGOTIATION_PAGE_TEXT.startDominant(name)
                  : NEGOTIATION_PAGE_TEXT.startSubmissive(name)}
              </p>
              <Link
                to={withQuery(paths.negotiation, { partner: pair.partnerId })}
                className={buttonClasses('primary')}
              >
                {NEGOTIATION_PAGE_TEXT.open}
                {pending.length > 1 ? <span className="sr-only"> with {name}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
