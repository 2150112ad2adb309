import { useEffect, useRef } from 'react';

/**
 * The custom property the toasts' bottom offset reads: how far from the bottom of the window the top of
 * what a screen docks there lies (the docked controls, the padding under them and the bottom navigation).
 */
export const TOASTS_ABOVE_VAR = '--toasts-above';

/**
 * Toasts rest above the bottom navigation; a screen that docks controls just above it (the journal's
 * composer: its tone chips, tabs, text box and Send) lifts them above the top of those while it is shown,
 * so that a toast never covers one of them. The lift is measured from the element's top to the bottom of
 * the window (not its height alone, which left out the padding between it and the navigation), again
 * whenever the element, the window or the scroll changes. Answers the ref for the docked element.
 */
export function useToastsAbove<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const update = () => {
      const lift = Math.max(0, Math.ceil(root.clientHeight - el.getBoundingClientRect().top));
      root.style.setProperty(TOASTS_ABOVE_VAR, `${lift}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    observer.observe(root);
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, { capture: true, passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, { capture: true });
      root.style.removeProperty(TOASTS_ABOVE_VAR);
    };
  }, []);
  return ref;
}
