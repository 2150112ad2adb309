import { useRendered } from './rendered';

/** Whether this browser has hydrated its first page (the root says so once it has); never on the server. */
let hydrated = false;

/** Called by the root once the first page is hydrated: from then on a first render reads the clock. */
export function markHydrated() {
  hydrated = true;
}

/**
 * The time a component's first render shows: while the page the server rendered is hydrated, the moment
 * it was rendered (so that "due in 2 hours" matches its HTML); the clock otherwise. It is a first value
 * only (for `useState`, as `useNow` does): it does not draw the component again once hydration is over,
 * since a list drawn again at that moment, synchronously, blocked a phone for a fifth of a second.
 */
export function useFirstNow(): number {
  const { renderedAt } = useRendered();
  return hydrated || !renderedAt ? Date.now() : renderedAt;
}
