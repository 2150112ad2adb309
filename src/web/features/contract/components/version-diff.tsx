import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContractVersionSummary } from '@/shared/schemas/contracts';
import { SelectField } from '@/web/components/ui/form-controls';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';
import { contractVersionQuery } from '../api/contract';
import { foldUnchanged, lineDiff } from '../lib/diff';

/** Two versions side by side in one column: lines removed from the first and added in the second. */
export function VersionDiff({
  contractId,
  versions,
}: {
  contractId: string;
  versions: ContractVersionSummary[];
}) {
  const last = versions[versions.length - 1];
  const [fromId, setFromId] = useState(versions[versions.length - 2]?.id ?? last?.id ?? '');
  const [toId, setToId] = useState(last?.id ?? '');
  const from = useQuery({ ...contractVersionQuery(contractId, fromId), enabled: !!fromId });
  const to = useQuery({ ...contractVersionQuery(contractId, toId), enabled: !!toId });
  if (versions.length < 2) {
    return <p className="text-sm text-muted-foreground">Only one version so far: nothing to compare.</p>;
  }
  const options = versions.map((v) => (
    <option key={v.id} value={v.id}>
      Version {v.number}
    </option>
  ));
  const lines = from.data && to.data ? lineDiff(from.data.content, to.data.content) : null;
  const changes = lines?.filter((l) => l.kind !== 'same').length ?? 0;
  return (
    <div className="space-y-3">
      <h3 className="font-semibold">Compare versions</h3>
      <div className="grid grid-cols-2 gap-3">
        <SelectField label="From" value={fromId} onChange={(e) => setFromId(e.target.value)}>
          {options}
        </SelectField>
        <SelectField label="To" value={toId} onChange={(e) => setToId(e.target.value)}>
          {options}
        </SelectField>
      </div>
      {!lines ? (
        <Skeleton className="h-24 w-full rounded-control" />
      ) : changes === 0 ? (
        <p className="text-sm text-muted-foreground">These versions have the same text.</p>
      ) : (
        <ol
          className="rounded-control border border-border font-mono text-xs"
          aria-label="Differences"
          data-testid="version-diff"
        >
          {foldUnchanged(lines).map((line, n) =>
            line.kind === 'fold' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the diff is rebuilt whole, never reordered
              <li key={n} className="px-2 py-1 text-muted-foreground italic">
                … {line.count} unchanged {line.count === 1 ? 'line' : 'lines'}
              </li>
            ) : (
              <li
                // Lines repeat; their place in the diff is what identifies them.
                // biome-ignore lint/suspicious/noArrayIndexKey: the diff is rebuilt whole, never reordered
                key={n}
                className={cn(
                  'px-2 py-0.5 whitespace-pre-wrap wrap-anywhere',
                  line.kind === 'added' && 'bg-success/15',
                  line.kind === 'removed' && 'bg-destructive/15 line-through decoration-1',
                  line.kind === 'same' && 'text-muted-foreground',
                )}
              >
                <span className="sr-only">
                  {line.kind === 'added' ? 'Added: ' : line.kind === 'removed' ? 'Removed: ' : ''}
                </span>
                <span aria-hidden>
                  {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '− ' : '  '}
                </span>
                {line.text || ' '}
              </li>
            ),
          )}
        </ol>
      )}
    </div>
  );
}
