import { EARLY_TAPS, type EarlyTaps } from '@/shared/page-loader';

/** How long ago a tap may have been and still be carried out: later, the user has likely moved on. */
export const EARLY_TAP_WINDOW_MS = 5000;

/**
 * Once a page written at build time or drawn on the server has come to life: takes over the taps that
 * its loader kept (taps on its buttons before its code had arrived, decision 036) and carries out those
 * still on the page and recent, in the order they came, each on the button as it is now (a button that
 * hydration disabled is not pressed). Marks the page as live (`html[data-hydrated]`). A page drawn in
 * the browser has no loader: there is nothing to take.
 */
export function replayEarlyTaps(now: number = Date.now()) {
  document.documentElement.dataset.hydrated = 'true';
  const kept = (window as unknown as Record<string, EarlyTaps | undefined>)[EARLY_TAPS];
  if (!kept) return;
  for (const [button, at] of kept.take()) {
    if (button.isConnected && !button.disabled && now - at <= EARLY_TAP_WINDOW_MS) button.click();
  }
}
