import type { Page } from '@playwright/test';

/** A control a finger can miss: its name, its size, and where it is. */
export interface SmallTarget {
  name: string;
  width: number;
  height: number;
}

/**
 * Every visible control smaller than 44 by 44 CSS pixels (WCAG 2.5.5). A checkbox or radio counts with its
 * label when the label is its hit area; a link inside running text is exempt (WCAG's inline exception).
 */
export function smallTargets(page: Page, min = 44): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const selector =
      'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=switch], [role=checkbox], [role=menuitem], [role=option]';
    const found: { name: string; width: number; height: number }[] = [];
    const seen = new Set<Element>();
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (seen.has(el)) continue;
      seen.add(el);
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue; // not shown, or visually hidden until focused
      if (el.closest('[aria-hidden=true], [inert]')) continue;
      // Inline links in running text are exempt.
      if (el.tagName === 'A' && style.display === 'inline') {
        const parent = el.parentElement;
        const text = parent?.textContent?.trim() ?? '';
        if (parent && text.length > (el.textContent?.trim().length ?? 0)) continue;
      }
      const input = el as HTMLInputElement;
      if (el.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio')) {
        const label =
          input.closest('label') ?? (input.id ? document.querySelector(`label[for="${input.id}"]`) : null);
        if (label) rect = label.getBoundingClientRect();
      }
      const label = el.closest('label');
      if (label && el.tagName !== 'INPUT') {
        const l = label.getBoundingClientRect();
        if (l.width >= rect.width && l.height >= rect.height) rect = l;
      }
      if (rect.width + 0.5 < min || rect.height + 0.5 < min) {
        const name =
          el.getAttribute('aria-label') ||
          el.textContent?.trim().slice(0, 40) ||
          (el as HTMLInputElement).name ||
          el.tagName.toLowerCase();
        found.push({
          name: `${el.tagName.toLowerCase()} "${name}"`,
          width: Math.round(rect.width),
          height: Math.round(rect.height),
        });
      }
    }
    return found;
  }, min);
}

/**
 * Watches every key press of the page: after the browser has moved the focus (and scrolled it into view),
 * each key-up checks whether the fixed top bar or the bottom navigation hides the focused element, and
 * keeps a description of each one hidden. Read with `hiddenByBars`. One check in the page per key instead
 * of a round trip each: the same moment, since a key-up follows its key-down's focus move and scroll.
 */
export function watchFocusUnderBars(page: Page): Promise<void> {
  return page.evaluate(() => {
    const found: string[] = [];
    (window as unknown as { __hiddenByBars: string[] }).__hiddenByBars = found;
    const check = () => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return;
      if (el.closest('header, nav[aria-label="Main"], [data-sonner-toaster]')) return;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) return;
      // Shown above the bars (the skip link), or taller than the space between them: nothing to scroll to.
      if (getComputedStyle(el).position === 'fixed') return;
      const top = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      // The navigation covers the bottom on a phone; from 1024 px it is a column at the side, beside the page.
      const nav = document.querySelector('nav[aria-label="Main"]')?.getBoundingClientRect();
      const bottom = nav && nav.top > innerHeight / 2 ? nav.top : innerHeight;
      // Obscured: less of it shows between the bars than the whole control, or 44 px of a tall one (a text
      // area shows its caret's lines).
      const shown = Math.min(r.bottom, bottom) - Math.max(r.top, top);
      if (shown + 0.5 < Math.min(r.height, 44)) {
        const name = el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 40) || el.tagName;
        found.push(
          `${el.tagName.toLowerCase()} "${name}" at ${Math.round(r.top)}-${Math.round(r.bottom)} (bars end ${Math.round(top)}, start ${Math.round(bottom)})`,
        );
      }
    };
    window.addEventListener('keyup', check, { capture: true });
  });
}

/** What `watchFocusUnderBars` found hidden since it began on this page or since the last read. */
export const hiddenByBars = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __hiddenByBars: string[] }).__hiddenByBars.splice(0));
