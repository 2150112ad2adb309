import type { Page, Route } from '@playwright/test';

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
