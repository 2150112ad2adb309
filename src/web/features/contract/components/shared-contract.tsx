import { useEffect, useRef, useState } from 'react';
import { CONTRACT_MESSAGES } from '@/shared/texts/contracts';
import { Card } from '@/web/components/ui/card';
import { Loading, Skeleton } from '@/web/components/ui/skeleton';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useContract, useOpenContract } from '../api/contract';
import { firstSight } from '../lib/local-rules';
import { ContractHistory } from './contract-history';
import { ContractPanel } from './contract-panel';
import { LocalStarter } from './local-starter';

const TOAST = { duration: 3000 };

/**
 * The contract shared with one partner: read, or created on the first visit (spec 2 §4). When the roles of
 * this session give no pair with this partner, the local starter stands in (decision 026).
 */
export function SharedContract({
  userId,
  partnerId,
  partnerName,
}: {
  userId: string;
  partnerId: string;
  partnerName: string;
}) {
  const query = useContract(partnerId);
  const open = useOpenContract(partnerId);
  const [starter, setStarter] = useState(false);
  const asked = useRef(false);
  const contract = query.data ?? null;

  useEffect(() => {
    if (!query.isSuccess || query.data !== null || asked.current) return;
    asked.current = true;
    open.mutate(undefined, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) setStarter(true);
        else toast.error('Failed to create contract', TOAST);
      },
    });
  }, [query.isSuccess, query.data, open]);

  // The first time this device shows this person the contract: made now, or found (made by the partner).
  const createdId = open.data?.created ? open.data.contract.id : null;
  useEffect(() => {
    if (!contract || !firstSight(userId, contract.id)) return;
    if (createdId === contract.id)
      toast.success('Contract created', {
        ...TOAST,
        description: 'This contract is shared with your partner',
      });
    else toast.success('Contract found', { ...TOAST, description: 'Attached to your shared contract' });
  }, [contract, createdId, userId]);

  if (starter) return <LocalStarter userId={userId} partnerId={partnerId} partnerName={partnerName} />;
  if (query.isError || open.isError) {
    return (
      <p role="alert" className="text-destructive">
        {query.error instanceof ApiError ? query.error.message : CONTRACT_MESSAGES.noPartner}
      </p>
    );
  }
  if (!contract) {
    return (
      <Loading label="Loading contract..." className="space-y-3">
        <p className="text-sm text-muted-foreground" aria-hidden>
          Loading contract...
        </p>
        <Skeleton className="h-96 w-full rounded-card" />
      </Loading>
    );
  }
  return (
    <div className="space-y-5">
      <ContractPanel contract={contract} partnerId={partnerId} partnerName={partnerName} userId={userId} />
      <Card>
        <ContractHistory contract={contract} />
      </Card>
    </div>
  );
}
