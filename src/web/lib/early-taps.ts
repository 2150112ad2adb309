import { useEffect } from 'react';
import { EARLY_TAPS, type EarlyTaps } from '@/shared/page-loader';

/** How long ago a tap may have been and still be carried out: later, the user has likely moved on. */
export const EARLY_TAP_WINDOW_MS = 5000;

/** How long after the app starts the loader stops keeping taps, should no screen have taken them. */
export const EARLY_TAPS_RELEASE_MS = 10_000;

const keptTaps = () => (window as unknown as Record<string, EarlyTaps | undefined>)[EARLY_TAPS];

/**
 * Once a page written at build time or drawn on the server has come to life: takes over the taps that
 * its loader kept (taps on its buttons before its code had arrived, decision 036) and carries out those
 * still on the page and recent, in the order they came, each on the button as it is now (a button that
 * hydration disabled is not pressed). Marks the page as live (`html[data-hydrated]`). A page drawn in
 * the browser has no loader: there is nothing to take.
 */
export function replayEarlyTaps(now: number = Date.now()) {
  document.documentElement.dataset.hydrated = 'true';
  const kept = keptTaps();
  if (!kept) return;
  for (const [button, at] of kept.take()) {
    if (button.isConnected && !button.disabled && now - at <= EARLY_TAP_WINDOW_MS) button.click();
  }
}

/**
 * Every screen a written or drawn page can hydrate into calls this (a page, the role chooser, the offline
 * and error screens): once it is live, the taps kept before then are carried out. In a task of its own,
 * so that a tap's handler runs outside React's commit.
 */
export function useEarlyTapsReplay() {
  useEffect(() => {
    const id = setTimeout(() => replayEarlyTaps(), 0);
    return () => clearTimeout(id);
  }, []);
}

/**
 * A safety net: should no screen take the kept taps (one that does not call `useEarlyTapsReplay`), the
 * loader stops keeping them a while after the app has started, so that no button stays unanswered.
 */
export function releaseEarlyTapsLater() {
  setTimeout(() => keptTaps()?.take(), EARLY_TAPS_RELEASE_MS);
}
