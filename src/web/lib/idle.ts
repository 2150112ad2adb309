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
