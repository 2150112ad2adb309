import { Clock3 } from 'lucide-react';
import type { ProofKeep } from '@/shared/texts/media';
import { ProofKeepSelect } from '@/web/components/ui/proof';
import { errorMessage } from '@/web/lib/api';
import { useProofKeep, useSetProofKeep } from '@/web/lib/proof-keep';
import { toast } from '@/web/lib/toast';
import { SettingsSection } from './settings-section';

/**
 * The default keep-time of the proofs the user sends (decision 076): the select beside each proof control
 * starts at it; a proof already sent keeps the time it was sent with.
 */
export function ProofKeepSection() {
  const { keep } = useProofKeep();
  const save = useSetProofKeep();
  const change = (next: ProofKeep) =>
    save.mutate(next, {
      onSuccess: () => toast.success('Default keep-time saved'),
      onError: (error) => toast.error('Failed to save the keep-time', { description: errorMessage(error) }),
    });
  return (
    <SettingsSection
      title="Proofs you send"
      Icon={Clock3}
      description="How long a photo or voice note you send as proof is kept before it is deleted for both of you. You choose again each time you send one, and you can delete one earlier."
    >
      <ProofKeepSelect label="Keep new proofs for" value={keep} onChange={change} disabled={save.isPending} />
    </SettingsSection>
  );
}
