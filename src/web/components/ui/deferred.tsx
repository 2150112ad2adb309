import { type ComponentType, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { whenIdle } from '@/web/lib/idle';

/** How long a failed download of a deferred component waits before it is tried again. */
const RETRY_MS = 5000;

/**
 * What a page does not need to paint or to come to life, such as a dialog that opens on a tap (its form,
 * its schema): its code is fetched when the browser has a moment to spare, so that it is there before most
 * taps, or at once when `show` turns true first; the component is drawn once its code has arrived. A
 * closed dialog draws nothing, so a page drawn on the server or at build time hydrates the same without
 * it. A download that fails (the network is down) leaves the page as it is and is tried again later.
 */
export function Deferred<P extends object>({
  show,
  load,
  props,
}: {
  show: boolean;
  load: () => Promise<ComponentType<P>>;
  props: P;
}) {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  const loading = useRef(false);
  const fetchCode = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    load().then(
      (loaded) => startTransition(() => setComponent(() => loaded)),
      () => {
        loading.current = false;
      },
    );
  }, [load]);
  useEffect(() => whenIdle(fetchCode), [fetchCode]);
  useEffect(() => {
    if (Component) return;
    if (show) fetchCode();
    const retry = window.setInterval(fetchCode, RETRY_MS);
    return () => window.clearInterval(retry);
  }, [Component, show, fetchCode]);
  return Component ? <Component {...props} /> : null;
}
