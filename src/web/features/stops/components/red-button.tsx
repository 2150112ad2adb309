import { OctagonX } from 'lucide-react';
import { pendingPress } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useCallRed, useStops } from '../api/stops';

export const RED_TEXT = {
  label: 'Red: stop everything',
  called: 'Red called. Everything is paused until you lift it.',
  failed: "Couldn't reach Pact to call Red. Try again, or leave the pair from the dashboard.",
} as const;

/**
 * Red, in the top bar of every signed-in page (decision 049): one tap stops every pair of the user. No
 * confirmation: the caller can always lift it, and a stop must never wait for a second thought. Also in
 * the corner of every modal dialog (`inDialog`), which makes the top bar inert while it is open.
 */
export function RedButton({ inDialog = false }: { inDialog?: boolean } = {}) {
  const stops = useStops();
  const call = useCallRed();
  const mine = stops.data?.stops.some((s) => s.calledByMe) ?? false;
  const button = (
    // Its own classes, as Yellow's: on a 320 px phone its padding is narrower than a small button's.
    <button
      type="button"
      aria-label={RED_TEXT.label}
      aria-pressed={mine}
      data-testid="red-button"
      // Not `disabled` while calling: it keeps focus.
      {...pendingPress(call.isPending, () =>
        call.mutate(
          {},
          {
            onSuccess: () => toast.success(RED_TEXT.called),
            onError: (error) => toast.error(errorMessage(error, RED_TEXT.failed)),
          },
        ),
      )}
      className="inline-flex h-11 shrink-0 items-center justify-center gap-1 rounded-control bg-destructive px-2 text-sm font-semibold text-destructive-foreground transition hover:opacity-90 aria-disabled:cursor-progress aria-disabled:opacity-50 sm:gap-2 sm:px-2.5"
    >
      <OctagonX className="h-5 w-5" aria-hidden />
      <span>Red</span>
    </button>
  );
  if (!inDialog) return button;
  // In a dialog the toasts are outside what a screen reader reads (the page behind is hidden): the dialog
  // says it itself.
  return (
    <>
      {button}
      <span role="status" className="sr-only">
        {mine ? RED_TEXT.called : ''}
      </span>
    </>
  );
}
