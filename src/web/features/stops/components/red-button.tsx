import { OctagonX } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
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
    <Button
      variant="destructive"
      size="sm"
      aria-label={RED_TEXT.label}
      aria-pressed={mine}
      data-testid="red-button"
      disabled={call.isPending}
      onClick={() =>
        call.mutate(
          {},
          {
            onSuccess: () => toast.success(RED_TEXT.called),
            onError: (error) => toast.error(errorMessage(error, RED_TEXT.failed)),
          },
        )
      }
      className="shrink-0 px-2.5 font-semibold"
    >
      <OctagonX className="h-5 w-5" aria-hidden />
      <span>Red</span>
    </Button>
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
