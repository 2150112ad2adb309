import { appendFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

export interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
}

/** Tags a test whose audits run in both schemes on a desktop too: the screens and bars only a desktop shows. */
export const BOTH_SCHEMES = { tag: '@both-schemes' };

/**
 * The schemes an audit runs in. On a phone, both. A desktop shows the same colours on the same surfaces, which
 * the phone's audits have checked in both schemes, so there it audits its own scheme (dark) only, except in
 * the tests tagged BOTH_SCHEMES, which cover what only a desktop shows (its landing page and its top bar).
 */
function schemesOf(page: Page): readonly ('light' | 'dark')[] {
  const desktop = (page.viewportSize()?.width ?? 0) >= 1024;
  return desktop && !test.info().tags.includes(BOTH_SCHEMES.tag) ? ['dark'] : ['light', 'dark'];
}

/**
 * Checks what the page shows now with axe-core, in the light and in the dark scheme (see `schemesOf`), and adds
 * each serious or critical violation to `found`. Motion is reduced so that nothing is caught halfway through a
 * transition. With A11Y_REPORT=<file>, every violation (of any impact) is also appended there as a JSON line.
 */
export async function audit(page: Page, where: string, found: Finding[]) {
  for (const scheme of schemesOf(page)) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    // The toasts follow the system scheme through a media listener: wait until they have.
    await expect
      .poll(() =>
        page.evaluate(
          (theme) =>
            [...document.querySelectorAll('[data-sonner-toaster]')].every(
              (toaster) => toaster.getAttribute('data-sonner-theme') === theme,
            ),
          scheme,
        ),
      )
      .toBe(true);
    // Legacy mode runs axe in the page itself instead of finishing in a new blank page: Pact has no frames,
    // and it halves the time of each check.
    if (scheme === schemesOf(page)[0]) {
      const nested = await cardsInCards(page);
      if (nested.length > 0) found.push({ where, rule: 'card-in-card', impact: 'serious', targets: nested });
    }
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
    for (const v of violations) {
      const finding = {
        where: `${where} (${scheme})`,
        rule: v.id,
        impact: v.impact ?? 'unknown',
        targets: v.nodes.map((n) => n.target.join(' ')),
      };
      if (process.env.A11Y_REPORT) await appendFile(process.env.A11Y_REPORT, `${JSON.stringify(finding)}\n`);
      if (BLOCKING.has(finding.impact)) found.push(finding);
    }
  }
}

/**
 * Flat cards (issue 26): a card is a box drawn as a surface of its own (a border on every side, rounded
 * corners, a fill or a shadow), at least 8 rem wide and 2.5 rem tall; none sits inside another. A dialog is
 * a surface too, so a card in a dialog counts; fields, buttons and badges are not cards. Answers each nested
 * card as "its path < the card around it".
 */
export const cardsInCards = (page: Page) =>
  page.evaluate(() => {
    const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const isCard = (el: Element) => {
      if (el.matches('input, textarea, select, button, a, [role="button"], [role="switch"], [role="tab"]'))
        return false;
      const s = getComputedStyle(el);
      if (s.display.startsWith('inline') || s.display === 'contents' || s.visibility === 'hidden')
        return false;
      const sides = [s.borderTopWidth, s.borderRightWidth, s.borderBottomWidth, s.borderLeftWidth];
      if (sides.some((w) => Number.parseFloat(w) === 0)) return false;
      if (['borderTopStyle', 'borderLeftStyle'].some((k) => s[k as 'borderTopStyle'] === 'none'))
        return false;
      if (Number.parseFloat(s.borderTopLeftRadius) === 0) return false;
      const filled = s.backgroundColor !== 'rgba(0, 0, 0, 0)' && s.backgroundColor !== 'transparent';
      if (!filled && s.boxShadow === 'none') return false;
      const box = el.getBoundingClientRect();
      return box.width >= 8 * rem && box.height >= 2.5 * rem;
    };
    const name = (el: Element) => {
      const label = el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? '';
      const cls = (el.getAttribute('class') ?? '').split(/\s+/).slice(0, 4).join('.');
      return `${el.tagName.toLowerCase()}${label ? `[${label}]` : ''}.${cls}`;
    };
    const found: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      // A box fixed to the screen (a dialog, the note shown while a dialog's code arrives) floats over the
      // page: it is not inside the card its element happens to sit in (though a card inside it is).
      if (!isCard(el) || getComputedStyle(el).position === 'fixed') continue;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (isCard(up)) {
          found.push(`${name(el)} < ${name(up)}`);
          break;
        }
      }
    }
    return found;
  });

/** One line per finding, so that a failure reads as a list of what to fix. */
export const describe = (found: Finding[]) =>
  found.map((f) => `${f.where}: ${f.rule} [${f.impact}] ${f.targets.slice(0, 3).join(' | ')}`);

/**
 * The contrast of an element's text on its own (opaque) background, in the scheme now emulated. For what
 * axe leaves "incomplete", such as a badge on the translucent, blurred top bar.
 */
export const contrastOf = (element: import('@playwright/test').Locator) =>
  element.evaluate((el) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (css: string) => {
      const [r, g, b] = rgb(css).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const style = getComputedStyle(el);
    const [hi, lo] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
    return (hi! + 0.05) / (lo! + 0.05);
  });
