import { useId, useState } from 'react';
import type { Caps } from '@/shared/domain/caps';
import { CONTRACT_TEXT_MAX } from '@/shared/domain/contracts';
import type { ContractView } from '@/shared/schemas/contracts';
import { Button } from '@/web/components/ui/button';
import { CapsFields, draftOf, useCapsCheck } from './caps-fields';

/**
 * Edit mode: the text in a text area, saved over the version the editing started from. When the partner
 * saves first (live, or as the server's 409), the editor keeps this person's text and says so; they can put
 * it on the new version or drop it and read the partner's (decision 022: nothing is lost).
 */
export function ContractEditor({
  contract,
  saving,
  onSave,
  onClose,
}: {
  contract: ContractView;
  saving: boolean;
  onSave: (content: string, baseVersionId: string, caps?: Caps) => Promise<unknown>;
  onClose: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(contract.content);
  const [base, setBase] = useState({ versionId: contract.versionId, content: contract.content });
  // The version's caps, edited with its text (decision 057).
  const [caps, setCaps] = useState(() => draftOf(contract.caps.version));
  const [capsError, setCapsError] = useState<string | null>(null);
  const capsChanged = JSON.stringify(caps) !== JSON.stringify(draftOf(contract.caps.version));
  const changed = draft !== base.content || capsChanged;
  const overtaken = base.versionId !== contract.versionId;
  const capsCheck = useCapsCheck();
  const save = async (baseVersionId: string) => {
    if (capsCheck.busy()) return;
    // Unchanged caps are left out, unchecked: the server keeps the version's own.
    let changedCaps: Caps | undefined;
    if (capsChanged) {
      const checked = await capsCheck.check(caps);
      if (!checked) return;
      if ('error' in checked) return setCapsError(checked.error);
      changedCaps = checked.caps;
    }
    setCapsError(null);
    void onSave(draft, baseVersionId, changedCaps).catch(() => undefined);
  };
  return (
    <div className="space-y-3">
      {overtaken ? (
        <div role="alert" className="space-y-2 rounded-control border border-warning p-3 text-sm">
          <p className="font-semibold">Your partner changed the contract while you were editing.</p>
          <p className="text-muted-foreground">
            It is now version {contract.versionNumber}. Your text is kept below: save it over the new version,
            or discard it to read theirs.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={saving} onClick={() => void save(contract.versionId)}>
              Save my text on the new version
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setDraft(contract.content);
                setBase({ versionId: contract.versionId, content: contract.content });
              }}
            >
              Discard my changes
            </Button>
          </div>
        </div>
      ) : null}
      <label htmlFor={id} className="block text-sm font-medium">
        Contract text
      </label>
      <textarea
        id={id}
        value={draft}
        maxLength={CONTRACT_TEXT_MAX}
        onChange={(e) => setDraft(e.target.value)}
        aria-describedby={`${id}-hint`}
        className="min-h-[50dvh] w-full rounded-control border border-input bg-card p-3 font-mono text-sm leading-relaxed"
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Use **double asterisks** for bold. {draft.length.toLocaleString('en-US')}/
        {CONTRACT_TEXT_MAX.toLocaleString('en-US')} characters. Saving removes both signatures.
      </p>
      <fieldset className="space-y-3 rounded-control border border-border p-4">
        <legend className="px-1 text-sm font-semibold">Caps in this version</legend>
        <p className="text-xs text-muted-foreground">
          They come into force when both sign this version. A cap lowered at once by the submissive stays
          lowered.
        </p>
        <CapsFields value={caps} onChange={setCaps} disabled={saving} />
        {capsError ? (
          <p role="alert" className="text-sm text-destructive">
            {capsError}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button disabled={saving || !changed || overtaken} onClick={() => void save(base.versionId)}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="outline" onClick={onClose}>
          {changed ? 'Cancel' : 'Close editor'}
        </Button>
      </div>
    </div>
  );
}
