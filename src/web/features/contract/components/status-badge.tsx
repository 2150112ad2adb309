import { CONTRACT_STATUS_LABELS, type ContractStatus, contractStatus } from '@/shared/domain/contracts';
import { Badge } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/cn';

const STYLES: Record<ContractStatus, string> = {
  awaiting: 'border border-current bg-transparent text-muted-foreground',
  partial: 'border border-current bg-transparent text-warning',
  signed: 'border border-current bg-transparent text-success',
};

/** Spec 2 §4: Awaiting Signatures / Partially Signed (1/2) / Fully Signed. */
export function ContractStatusBadge({
  contract,
}: {
  contract: { isDominantSigned: boolean; isSubmissiveSigned: boolean };
}) {
  const status = contractStatus(contract);
  return (
    <Badge className={cn('shrink-0', STYLES[status])} data-testid="contract-status">
      {CONTRACT_STATUS_LABELS[status]}
    </Badge>
  );
}
