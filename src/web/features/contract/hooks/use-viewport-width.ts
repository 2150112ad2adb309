import { startTransition, useEffect, useState } from 'react';
import { useOnDrawnPage } from '@/web/lib/boot';

/** The width a page is drawn for where there is no window (at build, on the server). */
const DRAWN_WIDTH = 1280;

/**
 * The window's width, following resizes. A page drawn without a window starts from a wide default and
 * moves to the real width once mounted, in a transition: not a store watched during hydration, whose
 * change React would draw again at once.
 */
export function useViewportWidth() {
  const drawn = useOnDrawnPage();
  const [width, setWidth] = useState(() =>
    drawn || typeof window === 'undefined' ? DRAWN_WIDTH : window.innerWidth,
  );
  useEffect(() => {
    const update = () => startTransition(() => setWidth(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}
