import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

const HIGHLIGHT_MS = 3000;

/**
 * The `?highlight=<id>` of a link: the element `<prefix><id>` is scrolled into view once `ready` (its list
 * has loaded, which on a fresh page load comes after the first render), then the highlight clears after 3 s.
 */
export function useHighlight(prefix: string, ready: boolean) {
  const [params, setParams] = useSearchParams();
  const highlight = params.get('highlight');
  useEffect(() => {
    if (!highlight || !ready) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document
      .getElementById(`${prefix}${highlight}`)
      ?.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    const timer = window.setTimeout(
      () =>
        setParams(
          (p) => {
            p.delete('highlight');
            return p;
          },
          { replace: true },
        ),
      HIGHLIGHT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [highlight, prefix, ready, setParams]);
  return highlight;
}
