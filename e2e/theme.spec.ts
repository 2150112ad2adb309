import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { audit, describe, type Finding } from './axe';
import { expect, LAYOUT, test } from './fixtures';
import { signedInUser } from './seed';

/**
 * The theme of a device (decision 089): Settings › Appearance chooses the system's scheme, light or dark. It
 * applies at once, and the server renders every later page in it, prerendered ones included.
 */

const LIGHT_BACKGROUND = 'rgb(248, 247, 252)';
const DARK_BACKGROUND = 'rgb(16, 14, 25)';

/** What the document shows now: its theme attribute, its background and the browser's bar colour. */
const look = (page: Page) =>
  page.evaluate(() => {
    // A `dark:` utility Pact uses (the check-in banner's icon): it must follow the choice too.
    const probe = document.createElement('span');
    probe.className = 'text-amber-600 dark:text-amber-300';
    document.body.append(probe);
    const probeColor = getComputedStyle(probe).color;
    probe.remove();
    const metas = [...document.querySelectorAll('meta[name=theme-color]')];
    return {
      theme: document.documentElement.dataset.theme ?? null,
      background: getComputedStyle(document.body).backgroundColor,
      themeColors: metas.map((m) => `${m.getAttribute('media') ?? 'any'} ${m.getAttribute('content')}`),
      darkUtility: probeColor,
    };
  });

/** The HTML the server answers for a path, before any script of the page has run. */
const served = async (page: Page, path: string) => {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  return response.text();
};

const AMBER_600 = 'oklch(0.666 0.179 58.318)';
const AMBER_300 = 'oklch(0.879 0.169 91.605)';

/** A signed-in user on a light system, on /settings once hydrated: its Appearance section. */
async function openAppearance(
  { page, browser, request }: { page: Page; browser: Browser; request: APIRequestContext },
  who: { label: string; role: 'dominant' | 'submissive'; displayName: string },
) {
  await page.emulateMedia({ colorScheme: 'light' });
  await signedInUser(browser, request, { ...who, page });
  await page.goto('/settings');
  await expect(page.locator('html[data-live=ready]')).toBeAttached();
  return page.getByRole('region', { name: 'Appearance' });
}

test(
  'a device chooses Dark, then Light under a dark system, then the system again; the server renders each',
  LAYOUT,
  async ({ page, browser, request }) => {
    const section = await openAppearance(
      { page, browser, request },
      { label: 'theme', role: 'submissive', displayName: 'Tess Sub' },
    );
    const system = section.getByRole('radio', { name: /^System/ });
    await expect(system).toBeChecked();
    expect(await look(page)).toEqual({
      theme: null,
      background: LIGHT_BACKGROUND,
      themeColors: ['(prefers-color-scheme: light) #6d28d9', '(prefers-color-scheme: dark) #100e19'],
      darkUtility: AMBER_600,
    });

    // Dark, on a light system: at once, without a reload.
    await section.getByRole('radio', { name: /^Dark/ }).check();
    await expect(page.locator('html[data-theme=dark]')).toBeAttached();
    expect(await look(page)).toEqual({
      theme: 'dark',
      background: DARK_BACKGROUND,
      themeColors: ['any #100e19'],
      darkUtility: AMBER_300,
    });
    // The server renders the next pages dark from their first byte: a signed-in page, and the landing page,
    // which is prerendered for everyone else.
    for (const path of ['/dashboard', '/']) {
      const html = await served(page, path);
      expect(html, path).toMatch(/<html lang="en" data-theme="dark"/);
      expect(html, path).toContain('<meta name="color-scheme" content="dark"/>');
    }
    await page.goto('/dashboard');
    expect((await look(page)).background).toBe(DARK_BACKGROUND);

    // Light, on a dark system.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/settings');
    await expect(page.locator('html[data-live=ready]')).toBeAttached();
    await expect(section.getByRole('radio', { name: /^Dark/ })).toBeChecked();
    await section.getByRole('radio', { name: /^Light/ }).check();
    expect(await look(page)).toEqual({
      theme: 'light',
      background: LIGHT_BACKGROUND,
      themeColors: ['any #6d28d9'],
      darkUtility: AMBER_600,
    });
    const found: Finding[] = [];
    await audit(page, '/settings (Light chosen, dark system)', found);
    expect(describe(found)).toEqual([]);

    // The system's again: the cookie goes, the page follows the (dark) system, and so does the server.
    await system.check();
    expect(await look(page)).toMatchObject({
      theme: null,
      background: DARK_BACKGROUND,
      darkUtility: AMBER_300,
    });
    expect((await page.context().cookies()).some((c) => c.name === 'pact_theme')).toBe(false);
    expect(await served(page, '/')).toMatch(/<html lang="en">/);
  },
);

test('the theme is chosen by keyboard: Tab reaches the choice, the arrow keys move it', async ({
  page,
  browser,
  request,
}) => {
  const section = await openAppearance(
    { page, browser, request },
    { label: 'theme-keys', role: 'dominant', displayName: 'Kit Dom' },
  );
  // Tab from the last control of the section before it (This device: the discreet mode switch).
  await page.getByRole('switch', { name: 'Discreet mode' }).focus();
  await page.keyboard.press('Tab');
  await expect(section.getByRole('radio', { name: /^System/ })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(section.getByRole('radio', { name: /^Light/ })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(section.getByRole('radio', { name: /^Dark/ })).toBeChecked();
  await expect(section.getByRole('radio', { name: /^Dark/ })).toBeFocused();
  expect((await look(page)).background).toBe(DARK_BACKGROUND);
  // Each choice says what it does to a reader too.
  await expect(section.getByRole('radio', { name: /^Dark/ })).toHaveAccessibleDescription('Always dark');
});

test('with reduced motion a change of theme shows at once: nothing waits for a frame to transition', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.goto('/');
  // The theme changes and the colour is read in one task, before the page draws another frame.
  const background = await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
    return getComputedStyle(document.body).backgroundColor;
  });
  expect(background).toBe(DARK_BACKGROUND);
});
