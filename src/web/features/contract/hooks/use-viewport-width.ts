import { useSyncExternalStore } from 'react';

const subscribe = (change: () => void) => {
  window.addEventListener('resize', change);
  return () => window.removeEventListener('resize', change);
};

/** The window's width, following resizes (a wide default where there is no window, at build). */
export const useViewportWidth = () =>
  useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => 1280,
  );
