import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seedCouple } from './seed';

/** A phone with a notch and a home indicator, as iOS reports its insets upright and turned sideways. */
const UPRIGHT = { top: 47, bottom: 34, left: 0, right: 0 };
const SIDEWAYS = { top: 0, bottom: 21, left: 47, right: 47 };
type Insets = typeof UPRIGHT;

async function withInsets(page: Page, insets: Insets) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets });
}

/** Every box of `items` lies inside the safe area of `page`. */
async function insideSafeArea(page: Page, insets: Insets, items: Locator) {
  const viewport = page.viewportSize()!;
  const boxes = await items.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30);
      return { name, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.top, `${box.name} below the top inset`).toBeGreaterThanOrEqual(insets.top);
    expect(box.bottom, `${box.name} above the bottom inset`).toBeLessThanOrEqual(
      viewport.height - insets.bottom,
    );
    expect(box.left, `${box.name} right of the left inset`).toBeGreaterThanOrEqual(insets.left);
    expect(box.right, `${box.name} left of the right inset`).toBeLessThanOrEqual(
      viewport.width - insets.right,
    );
  }
}

for (const [position, insets, size] of [
  ['upright', UPRIGHT, { width: 375, height: 812 }],
  ['sideways', SIDEWAYS, { width: 812, height: 375 }],
] as const) {
  test(`held ${position}, nothing a user reads or taps lies under the notch, the corners or the home indicator`, async ({
    page: dom,
    browser,
    request,
  }) => {
    await dom.setViewportSize(size);
    await seedCouple(browser, dom, request);
    await withInsets(dom, insets);
    await dom.goto('/dashboard');
    const heading = dom.getByRole('heading', { name: 'Dashboard', level: 1 });
    await expect(heading).toBeVisible();
    // The top bar's controls, the bottom bar's links and the page's heading.
    const header = dom.locator('header').first();
    await insideSafeArea(dom, insets, header.getByRole('button').or(header.getByRole('link')));
    await insideSafeArea(dom, insets, dom.getByRole('navigation', { name: 'Main' }).getByRole('link'));
    await insideSafeArea(dom, insets, heading);
    // The bars still reach the edges: their background covers the insets.
    expect(await header.boundingBox()).toMatchObject({ x: 0, y: 0, width: size.width });
    // A dialog keeps clear of them too.
    await dom
      .getByRole('button', { name: /^Connect/ })
      .filter({ visible: true })
      .first()
      .click();
    const dialog = dom.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await insideSafeArea(dom, insets, dialog.getByRole('button'));
  });
}
