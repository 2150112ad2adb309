import { CheckCircle2, Circle } from 'lucide-react';
import type { ContractView } from '@/shared/schemas/contracts';
import { format } from '@/web/lib/dates';

/** Who has signed the version shown, and when. */
export function Signatures({ contract }: { contract: ContractView }) {
  const rows = [
    { party: contract.dominant, signed: contract.isDominantSigned, at: contract.dominantSignedAt },
    { party: contract.submissive, signed: contract.isSubmissiveSigned, at: contract.submissiveSignedAt },
  ];
  return (
    <ul className="grid grid-cols-[minmax(0,1fr)] gap-2 sm:grid-cols-2" aria-label="Signatures">
      {rows.map(({ party, signed, at }) => (
        <li
          key={party.role}
          className="flex items-center gap-2 rounded-control border border-border p-3 text-sm"
          data-testid={`signature-${party.role}`}
        >
          {signed ? (
            <CheckCircle2 className="h-5 w-5 shrink-0 text-success" aria-hidden />
          ) : (
            <Circle className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
          )}
          <span className="min-w-0">
            <span className="block font-medium">
              {party.name}{' '}
              <span className="text-muted-foreground">
                ({party.role === 'dominant' ? 'Dominant' : 'Submissive'})
              </span>
            </span>
            <span className="block text-xs text-muted-foreground">
              {signed && at ? `Signed ${format(at, 'MMM d, h:mm a')}` : 'Not signed'}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
