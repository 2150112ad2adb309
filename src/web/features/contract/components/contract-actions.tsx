import { Download, FilePenLine, PenLine, ShieldQuestion } from 'lucide-react';
import { useState } from 'react';
import type { ContractAbilities } from '@/shared/domain/contracts';
import type { ContractView } from '@/shared/schemas/contracts';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { contractPdfUrl } from '../api/contract';

export interface ContractActionHandlers {
  onEdit: () => void;
  onSign: () => void;
  onRequestEdit: () => void;
  onReview: (approve: boolean) => void;
}

/**
 * The view mode's actions (spec 2 §2): Edit while editing is allowed, Sign as the session's role,
 * Request Edit once fully signed, the pending hint for the requester and Review Edit Request for the
 * partner, and Download PDF once fully signed.
 */
export function ContractActionsBar({
  contract,
  can,
  partnerName,
  busy,
  handlers,
}: {
  contract: ContractView;
  can: ContractAbilities;
  partnerName: string;
  busy: boolean;
  handlers: ContractActionHandlers;
}) {
  const [reviewing, setReviewing] = useState(false);
  const fully = contract.isDominantSigned && contract.isSubmissiveSigned;
  const pendingMine = contract.editRequestStatus === 'pending' && contract.editRequestedBy === can.role;
  const roleLabel = can.role === 'dominant' ? 'Dominant' : 'Submissive';
  return (
    <div className="space-y-3">
      {pendingMine ? (
        <p className="rounded-control bg-muted p-3 text-sm" data-testid="edit-pending">
          Edit requested. Waiting for {partnerName} to review your request.
        </p>
      ) : null}
      {contract.editRequestStatus === 'approved' ? (
        <p className="rounded-control bg-muted p-3 text-sm" data-testid="edit-approved">
          The edit request was approved: either of you may now edit. Saving removes both signatures.
        </p>
      ) : null}
      {!can.role ? (
        <p className="text-sm text-muted-foreground">
          Choose the role you hold in this partnership for this session to sign or change the contract.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {can.sign ? (
          <Button disabled={busy} onClick={handlers.onSign}>
            <PenLine className="h-4 w-4" aria-hidden /> Sign as {roleLabel}
          </Button>
        ) : null}
        {can.edit ? (
          <Button variant="outline" disabled={busy} onClick={handlers.onEdit}>
            <FilePenLine className="h-4 w-4" aria-hidden /> Edit
          </Button>
        ) : null}
        {can.requestEdit ? (
          <Button variant="outline" disabled={busy} onClick={handlers.onRequestEdit}>
            Request Edit
          </Button>
        ) : null}
        {can.reviewEdit ? (
          <Button variant="secondary" disabled={busy} onClick={() => setReviewing(true)}>
            <ShieldQuestion className="h-4 w-4" aria-hidden /> Review Edit Request
          </Button>
        ) : null}
        {fully ? (
          <a href={contractPdfUrl(contract.id)} download className={buttonClasses('outline')}>
            <Download className="h-4 w-4" aria-hidden /> Download PDF
          </a>
        ) : null}
      </div>
      <Dialog
        open={reviewing && can.reviewEdit}
        onOpenChange={setReviewing}
        title="Review Edit Request"
        description={`${partnerName} asks to edit the signed contract. If you approve, either of you may edit it, and any change removes both signatures.`}
      >
        <div className="flex justify-end gap-2">
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => {
              setReviewing(false);
              handlers.onReview(false);
            }}
          >
            Deny
          </Button>
          <Button
            disabled={busy}
            onClick={() => {
              setReviewing(false);
              handlers.onReview(true);
            }}
          >
            Approve
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
