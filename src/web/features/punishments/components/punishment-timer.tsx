import { Pause, Play, Timer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatCountdown, formatTimerDuration, timerState } from '@/shared/domain/punishments';
import type { PunishmentView } from '@/shared/schemas/punishments';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/lib/toast';
import { useTickingNow } from '../hooks/use-ticking-now';

/**
 * The punishment's timer (spec 2 §4): its duration until started; then a countdown of minutes:seconds to
 * the server's start time plus the duration, the same on every screen; then "Time's up!" with the toast
 * 'Timer completed', once, on a screen that saw it run out. A timer Red stopped shows what it has left,
 * paused, until the submissive starts it again (decision 049).
 */
export function PunishmentTimer({
  punishment,
  onStart,
  starting,
}: {
  punishment: PunishmentView;
  /** Given when the viewer is the one who starts it; shown while it is idle, paused or has run out. */
  onStart?: () => void;
  starting: boolean;
}) {
  const { timerStartTime, timerDuration } = punishment;
  const endsAt = timerStartTime === null ? null : timerStartTime + timerDuration * 60_000;
  const maybeRunning = !punishment.isCompleted && endsAt !== null;
  const now = useTickingNow(maybeRunning && Date.now() < (endsAt ?? 0));
  const state = timerState(punishment, now);
  const previous = useRef(state.kind);
  useEffect(() => {
    if (previous.current === 'running' && state.kind === 'done') toast('Timer completed', { duration: 3000 });
    previous.current = state.kind;
  }, [state.kind]);

  if (state.kind === 'none') return null;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-control bg-muted px-3 py-2 text-sm">
      {state.kind === 'paused' ? (
        <Pause className="h-4 w-4 shrink-0" aria-hidden />
      ) : (
        <Timer className="h-4 w-4 shrink-0" aria-hidden />
      )}
      {state.kind === 'idle' ? (
        <span>Timer: {formatTimerDuration(timerDuration)}</span>
      ) : state.kind === 'paused' ? (
        <span data-testid="punishment-timer-paused">
          Paused,{' '}
          <span className="font-mono text-base font-semibold tabular-nums" data-testid="punishment-countdown">
            {formatCountdown(state.remainingMs)}
          </span>{' '}
          left
        </span>
      ) : state.kind === 'running' ? (
        <span>
          <span className="sr-only">Time left: </span>
          <span className="font-mono text-base font-semibold tabular-nums" data-testid="punishment-countdown">
            {formatCountdown(state.remainingMs)}
          </span>
        </span>
      ) : (
        <span className="font-semibold" role="status">
          Time's up!
        </span>
      )}
      {onStart && (state.kind === 'idle' || state.kind === 'paused' || state.kind === 'done') ? (
        <Button size="sm" className="ml-auto" disabled={starting} onClick={onStart}>
          <Play className="h-4 w-4" aria-hidden /> {state.kind === 'paused' ? 'Resume Timer' : 'Start Timer'}
          <span className="sr-only"> for {punishment.title}</span>
        </Button>
      ) : null}
    </div>
  );
}
