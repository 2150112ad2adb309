import { CalendarClock, History } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { CheckinHistoryEntry } from '@/shared/schemas/checkins';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useCurrentUser } from '@/web/lib/current-user';
import { formatMoment } from '@/web/lib/dates';
import { useOlderPages } from '@/web/lib/use-older-pages';
import { useCadences, useCheckinHistory } from '../api/checkins';
import { CadenceForm } from '../components/cadence-form';
import { MoodLabel } from '../components/mood';

export const CHECKINS_PAGE_TEXT = {
  title: 'Check-ins',
  intro:
    'A check-in asks how you are: Green, Yellow or Red, with a note only the two of you read. It is asked once; nothing reminds, counts or scores it.',
  cadence: 'When to check in',
  noPartner: 'Connect with a partner to set check-ins.',
  history: 'Past check-ins',
  empty: 'No check-ins answered yet.',
  more: 'Show older check-ins',
  loadingMore: 'Loading…',
  you: 'You',
  yellow: (asker: string) => `Yellow, asked by ${asker}`,
  scheduled: 'Scheduled',
} as const;

function Section({ title, Icon, children }: { title: string; Icon: typeof History; children: ReactNode }) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        <Icon className="h-5 w-5 text-primary" aria-hidden />
        {title}
      </h2>
      {children}
    </Card>
  );
}

/**
 * /check-ins (decision 052): the cadence of each pair, and the pair's answered check-ins, both partners'
 * moods and notes, newest first, a page at a time.
 */
export function CheckinsPage() {
  const user = useCurrentUser();
  const cadences = useCadences();
  const history = useCheckinHistory();
  const older = useOlderPages(history);
  const nameOf = (id: string) => user.partners.find((p) => p.id === id)?.name ?? 'Your partner';
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">{CHECKINS_PAGE_TEXT.title}</h1>
        <p className="text-sm text-muted-foreground">{CHECKINS_PAGE_TEXT.intro}</p>
      </header>
      <Section title={CHECKINS_PAGE_TEXT.cadence} Icon={CalendarClock}>
        {cadences.data ? (
          cadences.data.cadences.length === 0 ? (
            <p className="text-sm text-muted-foreground">{CHECKINS_PAGE_TEXT.noPartner}</p>
          ) : (
            cadences.data.cadences.map((c) => (
              <div key={c.pairId} className="space-y-2">
                {cadences.data.cadences.length > 1 ? (
                  <h3 className="font-medium">{nameOf(c.partnerId)}</h3>
                ) : null}
                <CadenceForm
                  key={`${c.frequency}:${c.weekday}:${c.time}:${c.setAt}`}
                  cadence={c}
                  partnerName={nameOf(c.partnerId)}
                />
              </div>
            ))
          )
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
      </Section>
      <Section title={CHECKINS_PAGE_TEXT.history} Icon={History}>
        {history.data ? (
          entries.length === 0 ? (
            <p className="text-sm text-muted-foreground">{CHECKINS_PAGE_TEXT.empty}</p>
          ) : (
            <ol className="space-y-3" aria-label={CHECKINS_PAGE_TEXT.history} data-testid="checkin-history">
              {entries.map((e) => (
                <HistoryItem key={e.id} entry={e} partnerName={nameOf(e.partnerId)} />
              ))}
            </ol>
          )
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
        {history.hasNextPage ? (
          <Button variant="outline" disabled={older.loadingMore} onClick={older.showOlder}>
            {older.loadingMore ? CHECKINS_PAGE_TEXT.loadingMore : CHECKINS_PAGE_TEXT.more}
          </Button>
        ) : null}
      </Section>
    </div>
  );
}

function HistoryItem({ entry, partnerName }: { entry: CheckinHistoryEntry; partnerName: string }) {
  const who = entry.answeredByMe ? CHECKINS_PAGE_TEXT.you : partnerName;
  const why =
    entry.kind === 'yellow'
      ? CHECKINS_PAGE_TEXT.yellow(entry.askedByMe ? 'you' : partnerName)
      : CHECKINS_PAGE_TEXT.scheduled;
  return (
    <li className="rounded-control border border-border p-3 text-sm" data-testid="checkin-entry">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold">{who}</span>
        {entry.mood ? <MoodLabel mood={entry.mood} /> : null}
        <span className="text-muted-foreground">{formatMoment(entry.answeredAt)}</span>
      </div>
      <p className="mt-1 text-xs text-muted-foreground">{why}</p>
      {entry.note ? <p className="mt-2 break-words whitespace-pre-wrap">{entry.note}</p> : null}
    </li>
  );
}
