import { useRendered } from './rendered';
import { useHydrated } from './use-hydrated';

/**
 * The time a component's first render shows: while the page the server rendered is hydrated, the moment
 * it was rendered (so that "due in 2 hours" matches its HTML); the clock otherwise. Components that use it
 * move to the clock once mounted.
 */
export function useFirstNow(): number {
  const { renderedAt } = useRendered();
  return useHydrated() || !renderedAt ? Date.now() : renderedAt;
}
