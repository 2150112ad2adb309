import { useState } from 'react';
import { type Caps, capLines, sameCaps } from '@/shared/domain/caps';
import type { ContractView } from '@/shared/schemas/contracts';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import type { ContractActions } from '../api/contract';
import { CapsFields, draftOf, useCapsCheck } from './caps-fields';

function CapsList({ caps, label, testId }: { caps: Caps; label: string; testId: string }) {
  return (
    <dl
      className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]"
      aria-label={label}
      data-testid={testId}
    >
      {capLines(caps).map((line) => (
        <div key={line.name} className="contents" data-testid={`cap-${line.name}`}>
          <dt className="text-muted-foreground">{line.label}</dt>
          <dd className="font-medium">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The contract's caps (decision 057): what is in force (the last version both signed, with the
 * submissive's lowerings since) and, when it differs, what the version shown says. The submissive lowers
 * any of them at once with "Lower now"; raising one is a new version both sign.
 */
export function ContractCaps({
  contract,
  lower,
}: {
  contract: ContractView;
  lower: ContractActions['lower'];
}) {
  const { inForce, version } = contract.caps;
  const [draft, setDraft] = useState<ReturnType<typeof draftOf> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submissive = contract.myRole === 'submissive';
  const capsCheck = useCapsCheck();
  const submit = async () => {
    if (!draft) return;
    const checked = await capsCheck.check(draft);
    if (!checked) return;
    if ('error' in checked) return setError(checked.error);
    setError(null);
    lower.mutate(
      { id: contract.id, caps: checked.caps },
      {
        onSuccess: () => {
          toast.success('Caps lowered', { duration: 3000, description: 'They apply from now on.' });
          setDraft(null);
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <section
      className="space-y-3 rounded-control border border-border p-4"
      aria-labelledby="caps-title"
      data-testid="contract-caps"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="caps-title" className="text-base font-semibold">
          Caps in force
        </h3>
        {submissive && !draft ? (
          <Button size="sm" variant="outline" onClick={() => setDraft(draftOf(inForce))}>
            Lower now
          </Button>
        ) : null}
      </div>
      <CapsList caps={inForce} label="Caps in force" testId="caps-in-force" />
      <p className="text-xs text-muted-foreground">
        Caps come into force when both sign a version. The submissive can lower any cap at once; raising one
        needs a new version signed by both.
      </p>
      {sameCaps(version, inForce) ? null : (
        <div className="space-y-2">
          <h4 className="text-sm font-semibold">In version {contract.versionNumber}</h4>
          <CapsList
            caps={version}
            label={`Caps in version ${contract.versionNumber}`}
            testId="caps-version"
          />
        </div>
      )}
      {draft ? (
        <form
          className="space-y-4 border-t border-border pt-4"
          aria-label="Lower caps now"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p className="text-sm">
            Lower any cap or protect an area. It applies at once, without a signature.
          </p>
          <CapsFields value={draft} onChange={setDraft} disabled={lower.isPending} />
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" pending={lower.isPending}>
              {lower.isPending ? 'Saving…' : 'Lower now'}
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                setDraft(null);
                setError(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
