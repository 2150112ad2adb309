import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server or the prerender renders a page and while the browser hydrates it, true from then
 * on. What a page shows before it is hydrated must match its HTML exactly, so it may depend on nothing only
 * the browser knows until this turns true; a page reached by a navigation in the browser sees true at once.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
