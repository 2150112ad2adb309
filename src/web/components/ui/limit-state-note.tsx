import { PauseCircle, ShieldQuestion } from 'lucide-react';
import type { LimitState } from '@/shared/domain/limits';

/**
 * What a task's or punishment's card says while it waits for the submissive's answer or is paused by a
 * limit (decision 056): plain words both partners read, never whose answer or which one.
 */
export function LimitStateNote({ state, submissive }: { state: LimitState | null; submissive: boolean }) {
  if (!state) return null;
  const Icon = state === 'requested' ? ShieldQuestion : PauseCircle;
  const text =
    state === 'requested'
      ? submissive
        ? 'A request: it touches something you marked Maybe. It counts only if you accept; declining costs nothing.'
        : 'A request: waiting for your partner to accept or decline. Nothing is due until then.'
      : submissive
        ? 'Paused because a limit changed. Nothing is due while it is paused.'
        : 'Paused because a limit changed. Edit its limits or delete it.';
  return (
    <p className="flex gap-2 rounded-control bg-muted p-2 text-sm text-foreground" data-testid="limit-state">
      <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
