/**
 * Calls `start` once the page has loaded and the browser is idle (at most 5 s later), for work no first
 * paint or first tap waits on; Safari has no requestIdleCallback, so a second after the load there. Answers
 * a function that cancels it.
 */
export function afterLoadWhenIdle(start: () => void): () => void {
  let cancelIdle = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 5000 });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(start, 1000);
      cancelIdle = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancelIdle();
  };
}
