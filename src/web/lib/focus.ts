/** The id of the signed-in layout's main region: the skip link's target. */
export const MAIN_ID = 'main';

/**
 * Moves focus to the page's heading (the h1 in main, focusable with tabIndex -1), without scrolling.
 * Answers false when the page has not rendered its heading yet.
 */
export function focusPageHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return true;
}

const GIVE_UP_MS = 10_000;

/** Whether focus is in an open dialog or panel (the bell's, a form's): somewhere the user went since. */
const focusInDialog = () => document.activeElement?.closest('[role="dialog"], [role="alertdialog"]') != null;

/**
 * Focuses the page's heading as soon as it is shown (a page still loading shows a spinner first), unless
 * the user has gone somewhere meanwhile: a panel opened while the page was on its way, or a control pressed
 * before its heading was shown, keeps focus (taking it would also close a panel that closes when focus
 * leaves it).
 */
export function focusPageHeadingWhenShown(): () => void {
  if (focusInDialog()) return () => {};
  const from = document.activeElement;
  const untouched = () =>
    !focusInDialog() && (document.activeElement === from || document.activeElement === document.body);
  if (focusPageHeading()) return () => {};
  const observer = new MutationObserver(() => {
    if (!untouched() || focusPageHeading()) stop();
  });
  const timer = window.setTimeout(() => stop(), GIVE_UP_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
