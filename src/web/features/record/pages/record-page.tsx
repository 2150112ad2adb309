import { ArrowLeft, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/shared/routes';
import {
  RECORD_GROUP_LABELS,
  RECORD_GROUPS,
  RECORD_KIND_LABELS,
  type RecordEntryView,
  type RecordPairView,
  type RecordVerdict,
} from '@/shared/schemas/record';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { SelectField } from '@/web/components/ui/form-controls';
import { Loading, Skeleton } from '@/web/components/ui/skeleton';
import { errorMessage } from '@/web/lib/api';
import { formatMoment } from '@/web/lib/dates';
import { useOlderPages } from '@/web/lib/use-older-pages';
import { useRecord, useRecordPairs, useVerifyRecord } from '../api/record';

/** The texts of the record page (decision 053). */
export const RECORD_PAGE_TEXT = {
  title: 'Pair record',
  intro:
    'Everything either of you did in this pair, in order. No entry can be changed or removed, and Verify checks that none was. It never holds what you wrote: only what happened and when.',
  empty: 'No entries yet.',
  noPairs: 'No record yet. It begins when you connect with a partner.',
  loadMore: 'Load more',
  verify: 'Verify',
  intact: (n: number) => `The record is intact: all ${n} ${n === 1 ? 'entry checks' : 'entries check'} out.`,
  broken: (seq: number) =>
    `The record does not check out from entry #${seq}: it was changed after it was written.`,
  failed: 'Could not load the record.',
} as const;

const SUBJECT_DELETED = { task: 'deleted task', punishment: 'deleted punishment', contract: 'the contract' };

const pairLabel = (p: RecordPairView) => `${p.partnerName} (you are ${p.myRole})${p.active ? '' : ', ended'}`;

function EntryItem({ entry, partnerName }: { entry: RecordEntryView; partnerName: string }) {
  const who = entry.actor === 'me' ? 'You' : entry.actor === 'partner' ? partnerName : 'Pact';
  const subject = entry.subject ? (entry.subject.title ?? SUBJECT_DELETED[entry.subject.type]) : null;
  const timing = typeof entry.facts.timing === 'string' ? entry.facts.timing : null;
  return (
    <li className="flex gap-3 border-b border-border py-3 last:border-b-0">
      <span className="w-8 shrink-0 pt-0.5 text-right font-mono text-xs text-muted-foreground">
        <span className="sr-only">Entry </span>#{entry.seq}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm">
          <span className="font-medium">{who}</span> {RECORD_KIND_LABELS[entry.kind] ?? entry.kind}
          {subject ? (
            <>
              : <span className="wrap-anywhere">{entry.subject?.title ? `“${subject}”` : subject}</span>
            </>
          ) : null}
          {timing ? (
            <Badge
              className={
                timing === 'late'
                  ? 'ml-2 bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300'
                  : 'ml-2 bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300'
              }
            >
              {timing === 'late' ? 'Late' : 'On time'}
            </Badge>
          ) : null}
        </p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={new Date(entry.at).toISOString()}>{formatMoment(entry.at)}</time>
        </p>
      </div>
    </li>
  );
}

function Verdict({ verdict }: { verdict: RecordVerdict }) {
  return verdict.ok ? (
    <p className="flex items-start gap-2 text-sm text-success">
      <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {RECORD_PAGE_TEXT.intact(verdict.entries)}
    </p>
  ) : (
    <p className="flex items-start gap-2 text-sm text-destructive">
      <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {RECORD_PAGE_TEXT.broken(verdict.brokenAt)}
    </p>
  );
}

/** A pair's entries for one filter, newest first, a page at a time. */
function RecordEntries({ pairId, kind, partnerName }: { pairId: string; kind: string; partnerName: string }) {
  const record = useRecord(pairId, kind);
  const older = useOlderPages(record);
  const entries = record.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <>
      <Card className="p-0 px-4">
        {record.isPending ? (
          <Loading label="Loading the record…" className="space-y-3 py-4">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </Loading>
        ) : record.isError ? (
          <p role="alert" className="py-4 text-sm text-destructive">
            {RECORD_PAGE_TEXT.failed}
          </p>
        ) : entries.length === 0 ? (
          <p className="py-4 text-sm text-muted-foreground">{RECORD_PAGE_TEXT.empty}</p>
        ) : (
          <ol aria-label="Entries, newest first">
            {entries.map((e) => (
              <EntryItem key={e.seq} entry={e} partnerName={partnerName} />
            ))}
          </ol>
        )}
      </Card>
      {record.hasNextPage ? (
        <Button variant="outline" className="w-full" onClick={older.showOlder} disabled={older.loadingMore}>
          {older.loadingMore ? 'Loading…' : RECORD_PAGE_TEXT.loadMore}
        </Button>
      ) : null}
    </>
  );
}

function PairRecord({ pair }: { pair: RecordPairView }) {
  const [kind, setKind] = useState('');
  const verify = useVerifyRecord();
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="sm:w-56">
          <SelectField label="Show" value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="">Everything</option>
            {RECORD_GROUPS.map((g) => (
              <option key={g} value={g}>
                {RECORD_GROUP_LABELS[g]}
              </option>
            ))}
          </SelectField>
        </div>
        <Button variant="outline" onClick={() => verify.mutate(pair.id)} pending={verify.isPending}>
          <ShieldCheck className="h-4 w-4" aria-hidden />
          {verify.isPending ? 'Verifying…' : RECORD_PAGE_TEXT.verify}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {verify.data ? <Verdict verdict={verify.data} /> : null}
        {verify.isError ? <p className="text-sm text-destructive">{errorMessage(verify.error)}</p> : null}
      </div>
      {/* Its own key per filter: the pages asked for ("Load more") are counted for one filter only. */}
      <RecordEntries key={kind} pairId={pair.id} kind={kind} partnerName={pair.partnerName} />
    </div>
  );
}

/**
 * /record: the pair's record (decision 053), newest first, filtered by kind, a page at a time, with Verify.
 * Someone in several pairs (or whose pair ended) chooses the pair; a former partner keeps reading theirs.
 */
export function RecordPage() {
  const pairs = useRecordPairs();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = pairs.data ?? [];
  const pair = list.find((p) => p.id === chosen) ?? list[0] ?? null;
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <header className="space-y-2">
        <Link
          to={paths.settings}
          className="inline-flex min-h-11 items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to settings
        </Link>
        <h1 className="text-2xl font-bold">{RECORD_PAGE_TEXT.title}</h1>
        <p className="text-sm text-muted-foreground">{RECORD_PAGE_TEXT.intro}</p>
      </header>
      {pairs.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : pairs.isError ? (
        <p role="alert" className="text-destructive">
          {RECORD_PAGE_TEXT.failed}
        </p>
      ) : !pair ? (
        <p className="text-muted-foreground">{RECORD_PAGE_TEXT.noPairs}</p>
      ) : (
        <>
          {list.length > 1 ? (
            <SelectField label="Pair" value={pair.id} onChange={(e) => setChosen(e.target.value)}>
              {list.map((p) => (
                <option key={p.id} value={p.id}>
                  {pairLabel(p)}
                </option>
              ))}
            </SelectField>
          ) : (
            <p className="text-sm">
              With <span className="font-medium">{pairLabel(pair)}</span>
            </p>
          )}
          <PairRecord key={pair.id} pair={pair} />
        </>
      )}
    </div>
  );
}
