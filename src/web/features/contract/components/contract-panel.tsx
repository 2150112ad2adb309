import { useState } from 'react';
import type { Caps } from '@/shared/domain/caps';
import { contractAbilities } from '@/shared/domain/contracts';
import type { ContractView } from '@/shared/schemas/contracts';
import { CONTRACT_MESSAGES } from '@/shared/texts/contracts';
import { Card } from '@/web/components/ui/card';
import { ApiError, errorMessage } from '@/web/lib/api';
import { format } from '@/web/lib/dates';
import { toast } from '@/web/lib/toast';
import { useContractActions } from '../api/contract';
import { ContractActionsBar } from './contract-actions';
import { ContractCaps } from './contract-caps';
import { ContractEditor } from './contract-editor';
import { ContractText } from './contract-text';
import { LocalDraftOffer } from './local-draft-offer';
import { Signatures } from './signatures';
import { ContractStatusBadge } from './status-badge';
import { TemplateLoader } from './template-loader';

const TOAST = { duration: 3000 };
const ok = (title: string, description?: string) => toast.success(title, { ...TOAST, description });
/** The spec's failure title, with the server's reason (a stale version, a locked contract) beneath. */
const failed = (title: string) => (error: unknown) =>
  toast.error(title, { ...TOAST, description: errorMessage(error) });

/** The shared contract: its text (read or edited), the template loader, the signatures and the actions. */
export function ContractPanel({
  contract,
  partnerId,
  partnerName,
  userId,
}: {
  contract: ContractView;
  partnerId: string;
  partnerName: string;
  userId: string;
}) {
  const can = contractAbilities(contract, contract.myRole);
  const neitherSigned = !contract.isDominantSigned && !contract.isSubmissiveSigned;
  // Spec 2 §4: the editor opens in edit mode when neither party has signed.
  const [editing, setEditing] = useState(can.edit && neitherSigned);
  const a = useContractActions(partnerId);
  const busy = Object.values(a).some((m) => m.isPending);
  const inEditor = editing && can.edit;
  const base = { id: contract.id, baseVersionId: contract.versionId };

  const save = (content: string, baseVersionId: string, caps?: Caps) =>
    a.save.mutateAsync(
      { id: contract.id, baseVersionId, content, ...(caps ? { caps } : {}) },
      {
        onSuccess: () => {
          ok('Contract updated');
          setEditing(false);
        },
        onError: failed('Failed to update contract'),
      },
    );
  const loadTemplate = (file: { fileName: string; type: string; text: string }) =>
    a.template.mutateAsync(
      { ...base, ...file },
      {
        onSuccess: () => {
          ok('Template loaded', 'Template loaded successfully');
          setEditing(false);
        },
        onError: (error) =>
          error instanceof ApiError && error.message === CONTRACT_MESSAGES.invalidFormatDetail
            ? toast.error(CONTRACT_MESSAGES.invalidFormat, { ...TOAST, description: error.message })
            : failed('Failed to load template')(error),
      },
    );
  const reset = () =>
    a.reset.mutateAsync(base, {
      onSuccess: () => {
        ok('Contract reset');
        setEditing(false);
      },
      onError: failed('Failed to reset contract'),
    });

  return (
    <Card className="space-y-4" aria-labelledby="contract-title" data-testid="contract-panel">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="contract-title" className="text-lg font-semibold">
            Shared contract with {partnerName}
          </h2>
          <p className="text-xs text-muted-foreground" data-testid="contract-version">
            Version {contract.versionNumber} · Last updated {format(contract.updatedAt, 'MMM d, yyyy')}
          </p>
        </div>
        <ContractStatusBadge contract={contract} />
      </div>
      <LocalDraftOffer
        userId={userId}
        partnerId={partnerId}
        partnerName={partnerName}
        contract={contract}
        canEdit={can.edit}
        busy={busy}
        onUse={(content) => save(content, contract.versionId)}
      />
      {can.edit ? <TemplateLoader busy={busy} onLoad={loadTemplate} onReset={reset} /> : null}
      {inEditor ? (
        <ContractEditor
          key={contract.id}
          contract={contract}
          saving={a.save.isPending}
          onSave={save}
          onClose={() => setEditing(false)}
        />
      ) : (
        <div className="rounded-control border border-border p-4">
          <ContractText content={contract.content} />
        </div>
      )}
      <Signatures contract={contract} />
      <ContractCaps contract={contract} lower={a.lower} />
      {inEditor ? null : (
        <ContractActionsBar
          contract={contract}
          can={can}
          partnerName={partnerName}
          busy={busy}
          handlers={{
            onEdit: () => setEditing(true),
            onSign: () =>
              a.sign.mutate(
                { id: contract.id, versionId: contract.versionId },
                { onSuccess: () => ok('Document signed'), onError: failed('Failed to sign contract') },
              ),
            onRequestEdit: () =>
              a.requestEdit.mutate(contract.id, {
                onSuccess: () => ok('Edit requested'),
                onError: failed('Failed to request edit'),
              }),
            onReview: (approve) =>
              (approve ? a.approve : a.deny).mutate(contract.id, {
                onSuccess: () => ok(approve ? 'Edit approved' : 'Edit denied'),
                onError: failed(approve ? 'Failed to approve edit' : 'Failed to deny edit'),
              }),
          }}
        />
      )}
    </Card>
  );
}
