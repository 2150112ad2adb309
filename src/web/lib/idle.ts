/**
 * Runs `work` when the browser has a moment to spare (at the latest after `timeout` ms), so that what a
 * page does not need to paint or to answer a tap (the service worker, the toaster, telling the server the
 * time zone) never lengthens the tasks that bring it to life. Returns a cancel function.
 */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work(), { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
}

/** The longest idle period a browser grants: one this long means that nothing else was waiting. */
const FULL_IDLE_MS = 50;

/**
 * Runs `work` once the page is quiet: in the first idle period in which the browser had nothing else to
 * do for the whole of it (no task waiting, no frame due), so never while the page is still coming to life
 * (hydration, its lists, its stream), whose tasks leave only short gaps; at the latest after `timeout` ms.
 * For work that is heavy but can wait, such as the service worker's first download of the whole app.
 * Returns a cancel function.
 */
export function whenQuiet(work: () => void, timeout = 10_000): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const id = window.setTimeout(work, 1000);
    return () => window.clearTimeout(id);
  }
  const until = performance.now() + timeout;
  let id = 0;
  const check = (deadline: IdleDeadline) => {
    const left = until - performance.now();
    if (deadline.didTimeout || left <= 0 || deadline.timeRemaining() >= FULL_IDLE_MS - 1) work();
    else id = requestIdleCallback(check, { timeout: left });
  };
  id = requestIdleCallback(check, { timeout });
  return () => cancelIdleCallback(id);
}
