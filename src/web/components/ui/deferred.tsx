import { type ComponentType, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { DialogPending } from './dialog';

/** How long a failed download of a deferred component waits before it is tried again. */
const RETRY_MS = 5000;

/** What tells that the user is about to act on the page: a press (a tap, a click) or a key. */
const INTENT_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * The downloads waiting for the user's first move, shared by every `Deferred` on the page: one pair of
 * listeners starts them all, rather than a pair per dialog.
 */
const waiting: (() => Promise<void>)[] = [];
let listening = false;

function startWaiting() {
  listening = false;
  for (const type of INTENT_EVENTS) document.removeEventListener(type, startWaiting, true);
  for (const next of waiting.splice(0)) void next();
}

/** Queues `download` for the user's next press or key; the returned function takes it out of the queue. */
function downloadOnIntent(download: () => Promise<void>): () => void {
  waiting.push(download);
  if (!listening) {
    listening = true;
    for (const type of INTENT_EVENTS)
      document.addEventListener(type, startWaiting, { capture: true, passive: true });
  }
  return () => {
    const at = waiting.indexOf(download);
    if (at >= 0) waiting.splice(at, 1);
  };
}

/**
 * What a page does not need to paint or to hydrate, such as a dialog that opens on a tap (its form,
 * its schema): its code is made ready when the user first presses or types on the page (a tap's press
 * comes a moment before its click), or at once when `show` turns true first; the component is rendered once
 * its code has arrived, and until then, if `show` is true, a note that it is opening (decision 059). Not
 * while the page hydrates: readying a dialog's code (its schemas built) would lengthen the hydration, for
 * a dialog most visits never open. Its file is
 * near by then: the service worker keeps every file of the app (decision 031). A closed dialog renders
 * nothing, so a page rendered on the server or prerendered hydrates the same without it. A download that
 * fails (the network is down) leaves the page as it is and is tried again later.
 */
export function Deferred<P extends object>({
  show,
  load,
  props,
  onCancel,
}: {
  show: boolean;
  /** Escape while its code is still coming: gives up opening it. */
  onCancel?: () => void;
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
  useEffect(() => downloadOnIntent(fetchCode), [fetchCode]);
  useEffect(() => {
    if (show && !Component) void fetchCode();
  }, [Component, show, fetchCode]);
  // Only after a failure: a timer for each dialog on every page would cost the start-up for nothing.
  useEffect(() => {
    if (failures === 0 || Component) return;
    const retry = window.setTimeout(() => void fetchCode(), RETRY_MS);
    return () => window.clearTimeout(retry);
  }, [failures, Component, fetchCode]);
  if (Component) return <Component {...props} />;
  return show ? <DialogPending onClose={onCancel} /> : null;
}
