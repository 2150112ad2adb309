import type { Page } from '@playwright/test';
import { expect, LAYOUT, test } from './fixtures';
import { signedInUser } from './seed';

// This file's subject includes the service worker (blocked elsewhere, playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Every request the page (and its service worker) sends to the API from now on. */
function apiRequestsOf(page: Page) {
  const seen: string[] = [];
  page.context().on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(url.pathname);
  });
  return seen;
}

const helpHeading = (page: Page) => page.getByRole('heading', { name: 'Help and support', level: 1 });

test(
  'the help page opens from the sign-in page, asks the server nothing, and can be left at once',
  LAYOUT,
  async ({ page }) => {
    await page.goto('/auth');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', /.*/);
    const apiCalls = apiRequestsOf(page);
    await page.getByRole('link', { name: 'Help and support' }).click();
    await expect(helpHeading(page)).toBeVisible();
    await expect(page).toHaveURL(/\/help$/);
    // The page's content: danger first, the self-check, the helplines with the date they were checked.
    await expect(page.getByText('Call your local emergency number now')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Is this still what you want?' })).toBeVisible();
    await expect(page.getByText('Could you leave without fearing harm?')).toBeVisible();
    for (const phone of ['0808 2000 247', '1-800-799-7233 (800-799-SAFE)', '116 016']) {
      await expect(page.getByRole('link', { name: phone })).toBeVisible();
    }
    await expect(page.getByText(/Numbers checked on \d+ \w+ \d{4}/)).toBeVisible();

    // Loaded directly, too (prerendered), it sends nothing to the API.
    await page.reload();
    await expect(helpHeading(page)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', /.*/);
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);

    // "Leave this page" goes to a neutral site and takes the help page out of the tab's history.
    const exit = page.getByRole('link', { name: 'Leave this page' });
    await expect(exit).toBeVisible();
    await expect(exit).toHaveAttribute('href', 'https://www.wikipedia.org/');
    await page.route('https://www.wikipedia.org/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<title>Wikipedia</title><h1>Wikipedia</h1>',
      }),
    );
    await exit.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('https://www.wikipedia.org/');
    await page.goBack();
    await expect(page).toHaveURL(/\/auth$/);
  },
);

test('the help page opens offline once Pact has been visited', async ({
  page: viewportOf,
  browser,
  request,
}) => {
  const { page } = await signedInUser(browser, request, {
    label: 'help',
    role: 'submissive',
    displayName: 'Robin Sub',
    viewportOf,
  });
  await page.goto('/settings');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 20_000,
    })
    .toMatch(/\/sw\.js$/);
  // Reached from Settings, with its way back.
  await page.getByRole('link', { name: 'Open help and support' }).click();
  await expect(helpHeading(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to settings' })).toBeVisible();

  const apiCalls = apiRequestsOf(page);
  await page.context().setOffline(true);
  await page.goto('/help');
  await expect(helpHeading(page)).toBeVisible();
  await expect(page.getByRole('link', { name: '0808 2000 247' })).toBeVisible();
  expect(apiCalls).toEqual([]);
  await page.context().setOffline(false);
  await page.context().close();
});
