import type { Page } from '@playwright/test';
import { audit, type Finding } from './axe';
import { expect, PASSWORD } from './fixtures';

/** Settings › End-to-end encryption, as a user sets up their keys there (decisions 100, 101). */
export const section = (page: Page) => page.getByRole('region', { name: 'End-to-end encryption' });

export async function openSettings(page: Page) {
  await page.goto('/settings#encryption');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/** Sets up keys from Settings with the account's password; answers the 24 recovery words shown. */
export async function setUpKeys(page: Page, found?: Finding[]) {
  await openSettings(page);
  await section(page).getByRole('button', { name: 'Set up encryption' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up encryption' });
  await expect(dialog.getByLabel('Password')).toBeVisible();
  if (found) await audit(page, 'set up encryption', found);
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible({ timeout: 20_000 });
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const shown = page.getByRole('dialog', { name: 'Your recovery key' });
  const words = shown.getByRole('list', { name: 'Recovery key' }).getByRole('listitem');
  await expect(words).toHaveCount(24, { timeout: 20_000 });
  if (found) await audit(page, 'the recovery key', found);
  const list = (await words.allTextContents()).map((w) => w.replace(/^\d+\.\s*/, '').trim());
  const done = shown.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await shown.getByLabel('I have written down my recovery key and keep it somewhere safe.').check();
  await done.click();
  await expect(
    page.getByRole('region', { name: /^Notifications/ }).getByText('Encryption set up'),
  ).toBeVisible();
  await expect(section(page).getByText('Unlocked on this device')).toBeVisible();
  return list;
}
