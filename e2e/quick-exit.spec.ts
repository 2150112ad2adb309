import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedInUser } from './seed';

/**
 * Quick exit (decision 080): the control on every signed-in page and Escape three times replace Pact at once
 * with the neutral site this device chose, and the tab's Back leads away from Pact. The neutral sites are
 * answered here by a local page (page.route), never fetched.
 */

const NEUTRAL = '<!doctype html><title>Weather</title><h1>Weather today</h1>';

async function neutralSites(page: Page) {
  for (const site of ['https://www.bbc.com/**', 'https://weather.com/**']) {
    await page.route(site, (route) => route.fulfill({ contentType: 'text/html', body: NEUTRAL }));
  }
}

/** Pact's own origin (the test server). */
const PACT = /^http:\/\/localhost[:/]/;

async function openPact(page: Page, path = '/dashboard') {
  await page.goto(path);
  await expect(page.locator('html[data-live=ready]')).toBeAttached();
}

test('Quick exit replaces the page with the chosen site; history does not grow and Back does not return to Pact', async ({
  page,
  browser,
  request,
}) => {
  await signedInUser(browser, request, { label: 'exit', role: 'submissive', displayName: 'Quinn Sub', page });
  await neutralSites(page);
  await openPact(page);
  // Moves inside Pact first: Back must not reach these either.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const device = page.getByRole('region', { name: 'This device' });
  await device.getByRole('radio', { name: /The Weather Channel/ }).check();
  const before = await page.evaluate(() => history.length);

  const exit = page.getByRole('banner').getByRole('button', { name: 'Quick exit' });
  await expect(exit).toBeVisible();
  const box = (await exit.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);
  await exit.click();
  await page.waitForURL('https://weather.com/**');
  await expect(page.getByRole('heading', { name: 'Weather today' })).toBeVisible();
  expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(before);

  await page.goBack().catch(() => null);
  expect(page.url()).not.toContain('/settings');
  expect(page.url()).not.toContain('/dashboard');
  expect(page.url()).not.toMatch(PACT);
});

test('Escape three times leaves from inside a field; one Escape only closes a dialog', async ({
  page,
  browser,
  request,
}) => {
  await signedInUser(browser, request, { label: 'esc', role: 'dominant', displayName: 'Esme Dom', page });
  await neutralSites(page);
  await openPact(page, '/dashboard');
  const before = await page.evaluate(() => history.length);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  // The default site: BBC Weather.
  const device = page.getByRole('region', { name: 'This device' });
  await expect(device.getByRole('radio', { name: /BBC Weather/ })).toBeChecked();
  const field = page.getByRole('region', { name: 'Change password' }).getByLabel('Current password');
  await field.fill('typing something');
  await field.press('Escape');
  await field.press('Escape');
  await field.press('Escape');
  await page.waitForURL('https://www.bbc.com/weather');
  await expect(page.getByRole('heading', { name: 'Weather today' })).toBeVisible();
  expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(before + 1);
  await page.goBack().catch(() => null);
  expect(page.url()).not.toMatch(PACT);

  // Back in Pact: one Escape closes a dialog and nothing more. (Taken after the three above, not before:
  // an Escape counts wherever it is pressed, and the three would then be within 1.5 s of it.)
  await openPact(page, '/dashboard');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(page.url()).toMatch(PACT);
});
