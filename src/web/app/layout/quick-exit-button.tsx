import { EyeOff } from 'lucide-react';
import { useEffect } from 'react';
import { DEVICE_PRIVACY_TEXT } from '@/shared/texts/device-privacy';
import { renewDiscreet } from '@/web/lib/discreet';
import { listenForExitKey, quickExit } from '@/web/lib/quick-exit';

/**
 * Quick exit (decision 080), in the top bar of every signed-in page: one tap replaces Pact with the neutral
 * site this device chose. Named "Quick exit" for everyone; the words show from `sm` up, the icon alone on a
 * phone, where the bar keeps room for Red and Yellow.
 */
export function QuickExitButton() {
  return (
    <button
      type="button"
      aria-label={DEVICE_PRIVACY_TEXT.quickExit}
      title={`${DEVICE_PRIVACY_TEXT.quickExit} (Escape three times)`}
      data-testid="quick-exit"
      onClick={() => quickExit()}
      className="inline-flex h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-control border border-border bg-card px-2 text-sm font-semibold text-foreground transition hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <EyeOff className="h-5 w-5" aria-hidden />
      <span className="hidden sm:inline">{DEVICE_PRIVACY_TEXT.quickExit}</span>
    </button>
  );
}

/** Escape three times leaves, on every signed-in page, wherever focus is; discreet mode's cookie is renewed. */
export function useQuickExitKey() {
  useEffect(() => listenForExitKey(), []);
  useEffect(() => renewDiscreet(), []);
}
