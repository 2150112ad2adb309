import { useQuery } from '@tanstack/react-query';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { capLines } from '@/shared/domain/caps';
import type { ContractEventKind, ContractView } from '@/shared/schemas/contracts';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { format } from '@/web/lib/dates';
import { contractHistoryQuery } from '../api/contract';
import { VersionDiff } from './version-diff';

const VERBS: Record<ContractEventKind, string> = {
  created: 'created the contract',
  edited: 'edited the text',
  template_loaded: 'loaded a template',
  reset: 'reset it to the default template',
  signed: 'signed',
  edit_requested: 'requested an edit',
  edit_approved: 'approved the edit request',
  edit_denied: 'denied the edit request',
  caps_lowered: 'lowered a cap',
};

/** The contract's history (every entry, newest first, with the chain's verdict) and a diff of two versions. */
export function ContractHistory({ contract }: { contract: ContractView }) {
  const [open, setOpen] = useState(false);
  const history = useQuery({ ...contractHistoryQuery(contract.id), enabled: open });
  const nameOf = (id: string | null) =>
    id === contract.dominant.id
      ? contract.dominant.name
      : id === contract.submissive.id
        ? contract.submissive.name
        : 'Someone';

  return (
    <section aria-labelledby="contract-history-title" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="contract-history-title" className="text-lg font-semibold">
          History
        </h2>
        <Button variant="outline" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide history' : 'Show history'}
        </Button>
      </div>
      {!open ? null : history.isPending ? (
        <Skeleton className="h-32 w-full rounded-card" />
      ) : history.isError ? (
        <p role="alert" className="text-destructive">
          Failed to load the history
        </p>
      ) : (
        <>
          {history.data.verified.ok ? (
            <p className="flex items-center gap-2 text-sm text-success" data-testid="history-verified">
              <ShieldCheck className="h-4 w-4 shrink-0" aria-hidden /> History verified:{' '}
              {history.data.verified.entries} entries, none changed or removed.
            </p>
          ) : (
            <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
              <ShieldAlert className="h-4 w-4 shrink-0" aria-hidden /> The history does not verify from entry{' '}
              {history.data.verified.brokenAt} ({history.data.verified.reason}).
            </p>
          )}
          <ol
            className="divide-y divide-border rounded-control border border-border"
            data-testid="history-list"
          >
            {[...history.data.events].reverse().map((e) => {
              const version = history.data.versions.find((v) => v.id === e.versionId);
              return (
                <li key={e.id} className="p-3 text-sm">
                  <p>
                    <span className="font-medium">{nameOf(e.actorId)}</span> {VERBS[e.kind]}
                    {version ? ` · version ${version.number}` : ''}
                  </p>
                  {e.caps ? (
                    <p className="text-xs" data-testid="history-caps">
                      In force from then on:{' '}
                      {capLines(e.caps)
                        .map((l) => `${l.label}: ${l.value}`)
                        .join(' · ')}
                    </p>
                  ) : null}
                  <p className="text-xs text-muted-foreground">
                    {format(e.createdAt, 'MMM d, yyyy, h:mm a')} ·{' '}
                    <span className="font-mono" title={e.versionSha256}>
                      {e.versionSha256.slice(0, 12)}…
                    </span>
                  </p>
                </li>
              );
            })}
          </ol>
          <VersionDiff contractId={contract.id} versions={history.data.versions} />
        </>
      )}
    </section>
  );
}
