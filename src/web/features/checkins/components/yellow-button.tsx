import { CircleAlert } from 'lucide-react';
import { pendingPress } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useAskCheckin, useCheckins } from '../api/checkins';

export const YELLOW_TEXT = {
  label: 'Yellow: ask for a check-in',
  asked: 'Yellow called. Your partner is asked to check in.',
  failed: "Couldn't reach Pact to call Yellow. Try again, or call Red.",
} as const;

/**
 * Yellow, beside Red in the top bar of every signed-in page (decision 052): one tap asks every partner to
 * check in, and nothing new can be asked of the submissive until they answer. No confirmation: asking
 * costs nothing, and the answer is the partner's. Red stays the first control and one tap.
 */
export function YellowButton() {
  const checkins = useCheckins();
  const ask = useAskCheckin();
  const waiting = checkins.data?.checkins.some((c) => c.askedByMe) ?? false;
  return (
    <button
      type="button"
      aria-label={YELLOW_TEXT.label}
      aria-pressed={waiting}
      data-testid="yellow-button"
      // Not `disabled` while asking: it keeps focus.
      {...pendingPress(ask.isPending, () =>
        ask.mutate(
          {},
          {
            onSuccess: () => toast.success(YELLOW_TEXT.asked),
            onError: (error) => toast.error(errorMessage(error, YELLOW_TEXT.failed)),
          },
        ),
      )}
      className="inline-flex h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-control bg-amber-300 px-2.5 text-sm font-semibold text-black transition hover:bg-amber-200 aria-disabled:cursor-progress aria-disabled:opacity-50"
    >
      <CircleAlert className="h-5 w-5" aria-hidden />
      <span className="hidden sm:inline">Yellow</span>
    </button>
  );
}
