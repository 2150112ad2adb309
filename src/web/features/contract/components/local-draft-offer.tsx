import { useState } from 'react';
import type { ContractView } from '@/shared/schemas/contracts';
import { Button } from '@/web/components/ui/button';
import { discardLocalRules, readLocalRules } from '../lib/local-rules';

/**
 * Rules drafted on this device while no shared contract could exist (the local starter), offered as the
 * shared contract's text once it exists (decision 026). Using them is an edit like any other.
 */
export function LocalDraftOffer({
  userId,
  partnerId,
  partnerName,
  contract,
  canEdit,
  busy,
  onUse,
}: {
  userId: string;
  partnerId: string;
  partnerName: string;
  contract: ContractView;
  canEdit: boolean;
  busy: boolean;
  onUse: (content: string) => Promise<unknown>;
}) {
  const [draft, setDraft] = useState(() => readLocalRules(userId, partnerId));
  if (!draft || draft.content === contract.content) return null;
  const discard = () => {
    discardLocalRules(userId, partnerId);
    setDraft(null);
  };
  return (
    <div
      className="space-y-2 rounded-control border border-primary p-3 text-sm"
      data-testid="local-draft-offer"
    >
      <p className="font-semibold">You drafted rules on this device</p>
      <p className="text-muted-foreground">
        You wrote them before you and {partnerName} could share a contract.{' '}
        {canEdit
          ? 'Use them as the shared contract text (it removes both signatures), or discard them.'
          : 'The contract is fully signed: request an edit to use them.'}
      </p>
      <div className="flex flex-wrap gap-2">
        {canEdit ? (
          <Button
            size="sm"
            disabled={busy}
            onClick={() =>
              void onUse(draft.content)
                .then(discard)
                .catch(() => undefined)
            }
          >
            Use my drafted rules
          </Button>
        ) : null}
        <Button size="sm" variant="outline" onClick={discard}>
          Discard draft
        </Button>
      </div>
    </div>
  );
}
