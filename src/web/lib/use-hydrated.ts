import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a page written at build time (and while that page is written), true from
 * then on. What such a page shows before it is hydrated must match its HTML exactly, so it may depend on
 * nothing only the browser knows (who is signed in) until this turns true; a page drawn in the browser
 * sees true at once.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
