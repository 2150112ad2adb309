import { useEffect } from 'react';

/** The custom property a full-height screen reads: the visual viewport's height in px, when it is known. */
export const VISUAL_HEIGHT_VAR = '--visual-height';

/**
 * Follows the visual viewport (what is left of the window above an on-screen keyboard) into
 * `--visual-height` on the document while the calling screen is shown. Browsers that resize the layout
 * for the keyboard (`interactive-widget=resizes-content` in the viewport tag) shrink `100dvh` too; the
 * others (Safari) only shrink the visual viewport, which this reports.
 */
export function useVisualHeight() {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(VISUAL_HEIGHT_VAR, `${Math.round(viewport.height)}px`);
    update();
    viewport.addEventListener('resize', update);
    return () => {
      viewport.removeEventListener('resize', update);
      root.style.removeProperty(VISUAL_HEIGHT_VAR);
    };
  }, []);
}
