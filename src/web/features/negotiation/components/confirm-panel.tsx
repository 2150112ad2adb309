import { Check, Undo2 } from 'lucide-react';
import type { NegotiationPairView } from '@/shared/schemas/negotiation';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { formatMoment } from '@/web/lib/dates';
import { toast } from '@/web/lib/toast';
import { useConfirmNegotiation, useWithdrawNegotiation } from '../api/negotiation';
import { NEGOTIATION_PAGE_TEXT } from './negotiation-text';

/**
 * The one confirm screen (decision 058): the submissive confirms, or withdraws at any time; the dominant
 * reads where it stands.
 */
export function ConfirmPanel({ pair, partnerName }: { pair: NegotiationPairView; partnerName: string }) {
  const confirm = useConfirmNegotiation();
  const withdraw = useWithdrawNegotiation();
  const failed = (error: unknown) => toast.error(errorMessage(error, NEGOTIATION_PAGE_TEXT.failed));
  if (pair.myRole === 'dominant') {
    return (
      <p className="text-sm" role="status" data-testid="negotiation-status">
        {pair.confirmedAt === null
          ? NEGOTIATION_PAGE_TEXT.waitingFor(partnerName)
          : NEGOTIATION_PAGE_TEXT.confirmedBy(partnerName, formatMoment(pair.confirmedAt))}
      </p>
    );
  }
  if (pair.confirmedAt === null) {
    return (
      <div className="space-y-3">
        <p className="text-sm" data-testid="negotiation-status">
          {NEGOTIATION_PAGE_TEXT.confirmIntro(partnerName)}
        </p>
        <Button
          pending={confirm.isPending}
          onClick={() =>
            confirm.mutate(pair.partnerId, {
              onSuccess: () => toast.success(NEGOTIATION_PAGE_TEXT.confirmed),
              onError: failed,
            })
          }
        >
          <Check className="h-4 w-4" aria-hidden />
          {NEGOTIATION_PAGE_TEXT.confirm}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm" data-testid="negotiation-status">
        {NEGOTIATION_PAGE_TEXT.confirmedMe(formatMoment(pair.confirmedAt))}
      </p>
      <Button
        variant="outline"
        pending={withdraw.isPending}
        onClick={() =>
          withdraw.mutate(pair.partnerId, {
            onSuccess: () => toast.success(NEGOTIATION_PAGE_TEXT.withdrawn),
            onError: failed,
          })
        }
      >
        <Undo2 className="h-4 w-4" aria-hidden />
        {NEGOTIATION_PAGE_TEXT.withdraw}
      </Button>
    </div>
  );
}
