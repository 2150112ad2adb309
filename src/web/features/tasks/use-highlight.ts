import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

export const HIGHLIGHT_MS = 3000;

/** The `?highlight=<id>` of a link: scrolled into view, then cleared after 3 s. */
export function useHighlight(prefix: string) {
  const [params, setParams] = useSearchParams();
  const highlight = params.get('highlight');
  useEffect(() => {
    if (!highlight) return;
    document.getElementById(`${prefix}${highlight}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
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
  }, [highlight, prefix, setParams]);
  return highlight;
}
