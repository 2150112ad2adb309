import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { SECURE_SCORE, SECURITY_EVENTS_SHOWN } from '@/shared/domain/security';
import type { SecurityEventView } from '@/shared/schemas/settings';
import { Button } from '@/web/components/ui/button';
import { Loading, Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';
import { format } from '@/web/lib/dates';
import { useSecurity } from '../api/settings';
import { eventLabel, scoreLabel, typeLabel } from './security-labels';
import { SessionsList } from './sessions-list';
import { SettingsSection } from './settings-section';

/** The events shown before "Show all": a phone screen's worth. */
const FIRST_EVENTS = 5;

/** Spec 2 §9, kept on the server (decision 025): the score, the last 100 events, the active sessions. */
export function SecuritySection() {
  const security = useSecurity();
  return (
    <SettingsSection
      title="Security"
      Icon={ShieldCheck}
      description="Sign-ins, failed attempts and changes to your account, from every device."
    >
      {security.isPending ? (
        <Loading label="Loading security log…" className="space-y-2">
          <Skeleton className="h-16 w-full rounded-control" />
          <Skeleton className="h-24 w-full rounded-control" />
        </Loading>
      ) : security.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load the security log
        </p>
      ) : (
        <>
          <Score score={security.data.score.score} secure={security.data.score.secure} />
          <EventList events={security.data.events} />
        </>
      )}
      <SessionsList />
    </SettingsSection>
  );
}

function Score({ score, secure }: { score: number; secure: boolean }) {
  return (
    <div
      data-testid="security-score"
      className={cn(
        'flex items-center justify-between gap-3 rounded-control border p-3',
        secure ? 'border-success/50' : 'border-destructive/50',
      )}
    >
      <div>
        <p className="text-sm font-medium">Security score</p>
        <p className="text-xs text-muted-foreground">
          Events of the last 24 hours lower it; {SECURE_SCORE} or more is secure.
        </p>
      </div>
      <p className="shrink-0 text-right">
        <span className="text-2xl font-bold">{score}</span>
        <span className="text-sm text-muted-foreground">/100</span>
        <span className={cn('block text-sm font-semibold', secure ? 'text-success' : 'text-destructive')}>
          {scoreLabel(secure)}
        </span>
      </p>
    </div>
  );
}

function EventList({ events }: { events: SecurityEventView[] }) {
  const [all, setAll] = useState(false);
  if (events.length === 0) return <p className="text-sm text-muted-foreground">No security events yet.</p>;
  const shown = all ? events : events.slice(0, FIRST_EVENTS);
  return (
    <div className="space-y-2">
      <h3 className="font-medium">Recent security events</h3>
      <ol
        className="divide-y divide-border rounded-control border border-border"
        aria-label="Security events"
      >
        {shown.map((event) => (
          <li key={event.id} className="px-3 py-2 text-sm">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium">{eventLabel(event.code)}</span>
              <time
                className="text-xs text-muted-foreground"
                dateTime={new Date(event.createdAt).toISOString()}
              >
                {format(event.createdAt, 'MMM d, h:mm a')}
              </time>
            </p>
            <p className="text-xs text-muted-foreground">
              {typeLabel(event.type)} · {event.device}
              {event.details ? ` · ${event.details}` : ''}
            </p>
          </li>
        ))}
      </ol>
      {events.length > FIRST_EVENTS ? (
        <Button variant="link" size="sm" aria-expanded={all} onClick={() => setAll((v) => !v)}>
          {all ? 'Show fewer' : `Show all ${events.length} (the last ${SECURITY_EVENTS_SHOWN} are kept here)`}
        </Button>
      ) : null}
    </div>
  );
}
