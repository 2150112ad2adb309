import { type ComponentType, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { whenIdle } from '@/web/lib/idle';

/** How long a failed download of a deferred component waits before it is tried again. */
const RETRY_MS = 5000;

/**
 * The downloads waiting for an idle moment, shared by every `Deferred` on the page: one idle callback
 * starts them all, rather than one callback (and its bookkeeping) per dialog in the task that mounts them.
 */
const waiting: (() => Promise<void>)[] = [];
let scheduled = false;

/** Queues `download` for the next idle moment; the returned function takes it out of the queue. */
function downloadWhenIdle(download: () => Promise<void>): () => void {
  waiting.push(download);
  if (!scheduled) {
    scheduled = true;
    whenIdle(() => {
      scheduled = false;
      for (const next of waiting.splice(0)) void next();
    });
  }
  return () => {
    const at = waiting.indexOf(download);
    if (at >= 0) waiting.splice(at, 1);
  };
}

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
  const [failures, setFailures] = useState(0);
  const loading = useRef(false);
  const fetchCode = useCallback(async () => {
    if (loading.current) return;
    loading.current = true;
    try {
      const loaded = await load();
      startTransition(() => setComponent(() => loaded));
    } catch {
      loading.current = false;
      setFailures((count) => count + 1);
    }
  }, [load]);
  useEffect(() => downloadWhenIdle(fetchCode), [fetchCode]);
  useEffect(() => {
    if (show && !Component) void fetchCode();
  }, [Component, show, fetchCode]);
  // Only after a failure: a timer for each dialog on every page would cost the start-up for nothing.
  useEffect(() => {
    if (failures === 0 || Component) return;
    const retry = window.setTimeout(() => void fetchCode(), RETRY_MS);
    return () => window.clearTimeout(retry);
  }, [failures, Component, fetchCode]);
  return Component ? <Component {...props} /> : null;
}
