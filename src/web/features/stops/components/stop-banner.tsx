import { OctagonX } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/shared/routes';
import type { CurrentUser } from '@/shared/schemas/accounts';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useLiftRed, useStops } from '../api/stops';

export const STOP_BANNER_TEXT = {
  mine: (names: string) => `You called Red. Everything with ${names} is paused until you lift it.`,
  theirs: (name: string) => `${name} called Red. Nothing new can be asked until they lift it.`,
  lift: 'Lift Red',
  liftWith: (name: string) => `Lift Red with ${name}`,
  lifted: 'Red lifted',
  liftFailed: "Couldn't lift Red. Try again.",
  help: 'Help and support',
  helpNote: 'Private: nobody is told you opened it.',
} as const;

/**
 * While Red holds any pair of the user, both partners see it under the top bar on every page: the caller
 * with "Lift Red" (for each partner when there are several), the other partner with who called it and that
 * only they can lift it (decision 049).
 */
export function StopBanner({ user }: { user: CurrentUser }) {
  const stops = useStops().data?.stops ?? [];
  const lift = useLiftRed();
  const nameOf = (id: string) => user.partners.find((p) => p.id === id)?.name ?? 'Your partner';
  const mine = stops.filter((s) => s.calledByMe);
  const theirs = stops.filter((s) => !s.calledByMe);
  const liftWith = (partnerId?: string) =>
    lift.mutate(partnerId ? { partnerId } : {}, {
      onSuccess: () => toast.success(STOP_BANNER_TEXT.lifted),
      onError: (error) => toast.error(errorMessage(error, STOP_BANNER_TEXT.liftFailed)),
    });
  // The live region is always there, so that a screen reader hears Red come and go.
  return (
    <div role="status" aria-live="polite">
      {stops.length > 0 ? (
        <section aria-label="Red" data-testid="stop-banner" className="mx-auto mt-3 w-full max-w-5xl px-4">
          <div className="flex flex-col gap-3 rounded-card border-2 border-destructive bg-card p-card text-sm text-foreground">
            {mine.length > 0 ? (
              <div className="flex flex-wrap items-center gap-3">
                <OctagonX className="h-5 w-5 shrink-0 text-destructive" aria-hidden />
                <p className="min-w-0 flex-1 font-medium">
                  {STOP_BANNER_TEXT.mine(mine.map((s) => nameOf(s.partnerId)).join(', '))}
                </p>
                {mine.length > 1
                  ? mine.map((s) => (
                      <Button
                        key={s.id}
                        variant="outline"
                        size="sm"
                        pending={lift.isPending}
                        onClick={() => liftWith(s.partnerId)}
                      >
                        {STOP_BANNER_TEXT.liftWith(nameOf(s.partnerId))}
                      </Button>
                    ))
                  : null}
                <Button variant="outline" size="sm" pending={lift.isPending} onClick={() => liftWith()}>
                  {STOP_BANNER_TEXT.lift}
                </Button>
              </div>
            ) : null}
            {theirs.map((s) => (
              <p key={s.id} className="flex items-center gap-3 font-medium">
                <OctagonX className="h-5 w-5 shrink-0 text-destructive" aria-hidden />
                {STOP_BANNER_TEXT.theirs(nameOf(s.partnerId))}
              </p>
            ))}
            {/* The help page (decision 054), for either partner: it asks the server nothing. */}
            <p className="flex flex-wrap items-center gap-x-2 text-muted-foreground">
              <Link
                to={paths.help}
                state={{ from: paths.dashboard }}
                data-testid="stop-help-link"
                className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4"
              >
                {STOP_BANNER_TEXT.help}
              </Link>
              <span>{STOP_BANNER_TEXT.helpNote}</span>
            </p>
          </div>
        </section>
      ) : null}
    </div>
  );
}
