import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedInUser } from './seed';

/**
 * Discreet mode (decision 081): chosen in Settings for this device, it names the tab, the favicon, the
 * apple-touch-icon and the manifest neutrally, from the server's first byte on every later page.
 */

const head = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    icon: document.querySelector('link[rel=icon]')?.getAttribute('href'),
    apple: document.querySelector('link[rel=apple-touch-icon]')?.getAttribute('href'),
    manifest: document.querySelector('link[rel=manifest]')?.getAttribute('href'),
  }));

async function manifestOf(page: Page, href = '/manifest.webmanifest') {
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  return (await response.json()) as { name: string; short_name: string; icons: { src: string }[] };
}

test('discreet mode changes the tab title, the icons and the manifest, and turns off again', async ({
  page,
  browser,
  request,
}) => {
  await signedInUser(browser, request, {
    label: 'discreet',
    role: 'submissive',
    displayName: 'Dana Sub',
    page,
  });
  await page.goto('/settings');
  await expect(page.locator('html[data-live=ready]')).toBeAttached();
  expect(await head(page)).toMatchObject({ title: 'Pact', icon: '/icons/favicon-48.png' });
  expect((await manifestOf(page)).name).toBe('Pact');

  const device = page.getByRole('region', { name: 'This device' });
  const toggle = device.getByRole('switch', { name: 'Discreet mode' });
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(device.getByTestId('discreet-state')).toHaveText(/on/);
  await expect(page).toHaveTitle('Notes');
  const discreetHead = await head(page);
  expect(discreetHead.icon).toBe('/icons/discreet-favicon-48.png');
  expect(discreetHead.apple).toBe('/icons/discreet-apple-touch-icon.png');

  // The manifest the page links, and the plain address for this device's cookie: the neutral name and icons.
  for (const href of [discreetHead.manifest!, '/manifest.webmanifest']) {
    const manifest = await manifestOf(page, href);
    expect(manifest.name).toBe('Notes');
    expect(manifest.short_name).toBe('Notes');
    expect(manifest.icons.length).toBeGreaterThan(0);
    for (const icon of manifest.icons) {
      expect(icon.src).toMatch(/^\/icons\/discreet-/);
      expect((await page.request.get(icon.src)).status()).toBe(200);
    }
  }

  // From the first byte on the next pages: rendered ones and the prerendered landing page alike.
  for (const path of ['/dashboard', '/']) {
    const html = await (await page.request.get(path)).text();
    expect(html).toContain('<title>Notes</title>');
    expect(html).not.toMatch(/<title>Pact<\/title>/);
  }
  await page.goto('/dashboard');
  await expect(page.locator('html[data-live=ready]')).toBeAttached();
  await expect(page).toHaveTitle('Notes');

  await page.goto('/settings');
  await expect(page.locator('html[data-live=ready]')).toBeAttached();
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(page).toHaveTitle('Pact');
  expect((await head(page)).icon).toBe('/icons/favicon-48.png');
  expect((await manifestOf(page)).name).toBe('Pact');
});
