import { expect, type Page, type Route } from '@playwright/test';

/** Holds every POST to `path`; `release` lets them through, or answers them with `refuse`'s error. */
export async function holdPosts(page: Page, path: string, refuse?: { status: number; message: string }) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: Route[] = [];
  await page.route(`**${path}`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    held.push(route);
    await released;
    if (!refuse) return route.continue();
    return route.fulfill({
      status: refuse.status,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'INTERNAL', message: refuse.message } }),
    });
  });
  return { release, held };
}

/** Holds every request the page makes to `url` until the returned function is called. */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * From the hydrated dashboard, opens the punishments page with a list it cannot read (a proxy's mangled
 * body): its render fails, and its error boundary shows. `page.unroute(MANGLED_PUNISHMENTS)` ends it.
 */
export const MANGLED_PUNISHMENTS = '**/api/punishments';
export async function openPunishmentsThatFail(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await page.route(MANGLED_PUNISHMENTS, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"punishments":7}' }),
  );
  await page
    .getByRole('link', { name: /Punish/ })
    .first()
    .click();
}
