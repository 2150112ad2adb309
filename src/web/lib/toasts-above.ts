import { useEffect, useRef } from 'react';

/** The custom property the toasts' bottom offset adds: the height of what a screen docks at the bottom. */
export const TOASTS_ABOVE_VAR = '--toasts-above';

/**
 * Toasts rest above the bottom navigation; a screen that docks controls just above it (the journal's
 * composer) lifts them above those too while it is shown, so that a toast never covers Send. Answers the
 * ref for the docked element.
 */
export function useToastsAbove<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const update = () =>
      root.style.setProperty(TOASTS_ABOVE_VAR, `${Math.ceil(el.getBoundingClientRect().height)}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty(TOASTS_ABOVE_VAR);
    };
  }, []);
  return ref;
}
