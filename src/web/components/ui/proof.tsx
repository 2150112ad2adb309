import { Clock3, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  PROOF_GONE_LABELS,
  PROOF_KEEP_LABELS,
  PROOF_KEEPS,
  type ProofGone,
  type ProofKeep,
} from '@/shared/texts/media';
import { useDeleteProof, useProofKeep } from '@/web/lib/proof-keep';
import { Button } from './button';
import { ConfirmAction } from './confirm-action';
import { SelectField } from './form-controls';

/** The keep-time of a proof being sent (decision 076), starting at the sender's default from Settings. */
export function useKeepChoice() {
  const { keep: preferred, loaded } = useProofKeep();
  const [keep, setKeep] = useState<ProofKeep>(preferred);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (loaded && !touched) setKeep(preferred);
  }, [loaded, preferred, touched]);
  const choose = (next: ProofKeep) => {
    setTouched(true);
    setKeep(next);
  };
  return { keep, choose };
}

/** The select beside a proof control: how long the partner can see it. */
export function ProofKeepSelect({
  value,
  onChange,
  disabled,
  label = 'Keep this proof for',
}: {
  value: ProofKeep;
  onChange: (keep: ProofKeep) => void;
  disabled?: boolean;
  label?: string;
}) {
  return (
    <SelectField
      label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as ProofKeep)}
      hint="Then the file is deleted for both of you; the item shows that a proof existed."
    >
      {PROOF_KEEPS.map((k) => (
        <option key={k} value={k}>
          {PROOF_KEEP_LABELS[k]}
        </option>
      ))}
    </SelectField>
  );
}

/** Where a proof was: "Proof expired" or "Proof deleted" (decision 076). */
export function ProofGoneNote({ gone }: { gone: ProofGone }) {
  return (
    <p className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="proof-gone">
      <Clock3 className="h-4 w-4" aria-hidden /> {PROOF_GONE_LABELS[gone]}
    </p>
  );
}

/**
 * The sender's "Delete proof", asked first; the partner is never offered it. Its name begins with
 * the visible words, so a speech user can say what they see (`of` names which proof).
 */
export function DeleteProofButton({ id, of }: { id: string; of: string }) {
  const remove = useDeleteProof();
  const [asking, setAsking] = useState<string | null>(null);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setAsking(id)} aria-label={`Delete proof: ${of}`}>
        <Trash2 className="h-4 w-4" aria-hidden /> Delete proof
      </Button>
      <ConfirmAction
        item={asking}
        title="Delete this proof?"
        action="Delete"
        pending={remove.isPending}
        act={(mediaId) => remove.mutateAsync(mediaId)}
        done="Proof deleted"
        failed="Failed to delete the proof"
        onClose={() => setAsking(null)}
      >
        {() => 'The file is deleted for both of you at once. The item stays, marked "Proof deleted".'}
      </ConfirmAction>
    </>
  );
}
