import { Label, Switch } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { CLOCK_TIME } from '@/shared/domain/clock-time';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { browserTimeZone } from '@/web/lib/time-zone';
import type { PushPreferences } from '../api/push';
import { useSavePushPreferences } from '../hooks/use-push';

const DEFAULT_QUIET = { start: '22:00', end: '07:00' };

/** "Show details in notifications" (saved at once) and quiet hours (saved with their button). */
export function PreferencesForm({ preferences }: { preferences: PushPreferences }) {
  const save = useSavePushPreferences();
  const id = useId();
  const [quietOn, setQuietOn] = useState(preferences.quietHours !== null);
  const [start, setStart] = useState(preferences.quietHours?.start ?? DEFAULT_QUIET.start);
  const [end, setEnd] = useState(preferences.quietHours?.end ?? DEFAULT_QUIET.end);
  const [error, setError] = useState<string | null>(null);
  const timeZone = browserTimeZone();

  const submitQuietHours = (event: FormEvent) => {
    event.preventDefault();
    if (quietOn && (!CLOCK_TIME.test(start) || !CLOCK_TIME.test(end)))
      return setError('Enter a start and an end time');
    if (quietOn && start === end) return setError('Quiet hours must start and end at different times');
    setError(null);
    save.mutate({ ...preferences, quietHours: quietOn ? { start, end, timeZone } : null });
  };

  return (
    <div className="space-y-5">
      <div className="flex items-start justify-between gap-4">
        <div>
          <Label.Root htmlFor={`${id}-details`} className="text-sm font-medium">
            Show details in notifications
          </Label.Root>
          <p id={`${id}-details-hint`} className="text-xs text-muted-foreground">
            {preferences.showDetails
              ? 'On: a notification shows who did what (names and titles), also on a lock screen.'
              : 'Off: a notification says only "New activity in Pact", so nothing shows on a lock screen.'}
          </p>
        </div>
        <Switch.Root
          id={`${id}-details`}
          aria-describedby={`${id}-details-hint`}
          checked={preferences.showDetails}
          // Not `disabled` while saving: a focused control that becomes disabled loses focus to the page
          // (the browser's focus fix-up), and a keyboard user would start again from the top.
          aria-disabled={save.isPending}
          onCheckedChange={(showDetails) => {
            if (!save.isPending) save.mutate({ ...preferences, showDetails });
          }}
          className="group relative h-11 w-14 shrink-0 rounded-full"
        >
          {/* The visible switch is 44 by 24; the button around it is a 44 px target. */}
          <span
            aria-hidden
            className="absolute top-2.5 left-1.5 h-6 w-11 rounded-full bg-muted transition group-data-[state=checked]:bg-primary"
          />
          <Switch.Thumb className="absolute top-3 left-2 block h-5 w-5 rounded-full bg-card shadow transition data-[state=checked]:translate-x-5" />
        </Switch.Root>
      </div>

      <form aria-label="Quiet hours" className="space-y-3" onSubmit={submitQuietHours} noValidate>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="h-5 w-5 accent-[var(--primary)]"
            checked={quietOn}
            onChange={(e) => setQuietOn(e.target.checked)}
          />
          Quiet hours
        </label>
        <p className="text-xs text-muted-foreground">
          Pushes wait until quiet hours end and arrive as one summary; the bell in the app is not affected.
          Times are in your time zone ({timeZone}).
        </p>
        {quietOn ? (
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-1.5">
              <Label.Root htmlFor={`${id}-start`} className="block text-sm font-medium">
                Start
              </Label.Root>
              <Input
                id={`${id}-start`}
                type="time"
                value={start}
                onChange={(e) => setStart(e.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label.Root htmlFor={`${id}-end`} className="block text-sm font-medium">
                End
              </Label.Root>
              <Input id={`${id}-end`} type="time" value={end} onChange={(e) => setEnd(e.target.value)} />
            </div>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="outline" size="sm" pending={save.isPending}>
          Save quiet hours
        </Button>
      </form>
    </div>
  );
}
