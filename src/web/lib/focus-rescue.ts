import { useCallback } from 'react';

/**
 * Focus never falls to <body> because the control that held it went away or paused.
 *
 * An action often replaces the control it was started from: "Complete" gives way to the completed card,
 * "Start timer" to the countdown, "Sign" to the signature, "Record" to "Stop". The browser then drops focus
 * on <body>, and a keyboard or screen-reader user starts again from the top of the page. Likewise a control
 * disabled while its request is in flight loses focus for good.
 *
 * The rescue follows the last control focused in the main region and in an open dialog: when focus has
 * fallen to <body> and that control
 * - was removed, focus goes to the first focusable control of its nearest remaining container (the card,
 *   the section, the dialog), or to that container itself when it has none; when the dialog went too, the
 *   same for the control in main that had focus before it (the dialog's opener, gone with its card);
 * - was disabled, focus returns to it as soon as it is enabled again.
 * It stays out of the way of everything else: a dialog whose opener is still there returns focus to it
 * itself, and a new page focuses its heading (main is never a rescue target).
 */

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

function visible(el: HTMLElement) {
  const rect = el.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== 'hidden';
}

/** The first control a keyboard reaches in `container`, or null. */
export function firstFocusable(container: HTMLElement): HTMLElement | null {
  for (const el of Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE))) {
    if (visible(el) && !el.closest('[inert], [aria-hidden=true]')) return el;
  }
  return null;
}

const focusLost = () => document.activeElement === null || document.activeElement === document.body;

interface Held {
  el: HTMLElement;
  /** Its containers, nearest first, up to its dialog (included) or to main (left out). */
  ancestors: HTMLElement[];
}

const DIALOG = '[role=dialog], [role=alertdialog]';

function held(target: HTMLElement, root: HTMLElement, main: HTMLElement): Held {
  const ancestors: HTMLElement[] = [];
  for (let el = target.parentElement; el && el !== main; el = el.parentElement) {
    ancestors.push(el);
    if (el === root) break;
  }
  return { el: target, ancestors };
}

export function installFocusRescue(main: HTMLElement): () => void {
  /** The control last focused in main, and the one in a dialog opened since (if any). */
  let inMain: Held | null = null;
  let inDialog: Held | null = null;

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as HTMLElement;
    if (target === main) {
      inMain = inDialog = null;
      return;
    }
    const dialog = target.closest<HTMLElement>(DIALOG);
    if (dialog) inDialog = held(target, dialog, main);
    else if (main.contains(target)) {
      inMain = held(target, main, main);
      inDialog = null;
    }
    // Elsewhere (the top bar, the navigation): the control in main is kept for when focus comes back.
  };

  /** Puts focus back for `h`: true when done, or when `h` is only paused and will take it back. */
  const restore = (h: Held) => {
    if (h.el.isConnected) {
      if ((h.el as HTMLButtonElement).disabled) return true; // busy: back once it is enabled again
      if (!visible(h.el)) return false;
      h.el.focus({ preventScroll: true });
      return true;
    }
    const container = h.ancestors.find((el) => el.isConnected);
    if (!container) return false;
    const target = firstFocusable(container) ?? container;
    if (target === container && !container.hasAttribute('tabindex')) container.tabIndex = -1;
    target.focus({ preventScroll: true });
    return true;
  };

  const rescue = () => {
    if (!focusLost()) return;
    if (inDialog && restore(inDialog)) return;
    if (inMain) restore(inMain); // a page that changed as a whole has none left: it focuses its heading
  };

  // Focus that leaves on purpose (a click on nothing) is not rescued: once the event is over, a control
  // still there and enabled was left by the user.
  const onFocusOut = (event: FocusEvent) => {
    const left = event.target as HTMLElement;
    window.setTimeout(() => {
      if (!left.isConnected || (left as HTMLButtonElement).disabled || !focusLost()) return;
      if (inDialog?.el === left) inDialog = null;
      if (inMain?.el === left) inMain = null;
    }, 0);
  };

  // The whole document: a dialog's content leaves from outside main.
  const observer = new MutationObserver(rescue);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  return () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
  };
}

/** A ref callback for the main region that keeps the rescue installed while it is mounted. */
export function useFocusRescue() {
  return useCallback((main: HTMLElement | null) => (main ? installFocusRescue(main) : undefined), []);
}
