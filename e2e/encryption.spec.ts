import type { Page } from '@playwright/test';
import { audit, describe, type Finding } from './axe';
import { expect, logIn, PASSWORD, test } from './fixtures';
import { openSettings, section, setUpKeys as setUp } from './keys';
import { seedCouple, signedInUser, signIn } from './seed';

/**
 * End-to-end encryption's keys (decision 100), in the browser: each partner sets up keys (the recovery key
 * shown once), both see the same safety code, and a new device unlocks with the recovery words and sees it
 * too. The keys are made, wrapped and opened by WebCrypto and Argon2id in Chromium itself.
 */

const code = (page: Page) => section(page).getByTestId('safety-code');

test('both partners set up keys, see the same safety code, and a new device unlocks with the recovery words', async ({
  page: dom,
  browser,
  request,
}) => {
  test.slow();
  const { sub } = await seedCouple(browser, dom, request);
  const found: Finding[] = [];
  await setUp(dom, found);
  await expect(section(dom).getByText('Blake Sub has not set up encryption yet.')).toBeVisible();

  const words = await setUp(sub.page);
  expect(words).toHaveLength(24);
  for (const word of words) expect(word).toMatch(/^[a-z]+$/);
  // The submissive's device made the pair's key; the dominant's, once it reads again, sees the same code.
  await expect(code(sub.page)).toBeVisible({ timeout: 20_000 });
  await openSettings(dom);
  await expect(code(dom)).toBeVisible({ timeout: 20_000 });
  const shown = (await code(sub.page).innerText()).replace(/\s+/g, ' ').trim();
  expect(shown.replace('Safety code with Avery Dom: ', '')).toMatch(/^(\d{5} ){11}\d{5}$/);
  expect(
    (await code(dom).innerText()).replace(/\s+/g, ' ').trim().replace('Safety code with Blake Sub: ', ''),
  ).toBe(shown.replace('Safety code with Avery Dom: ', ''));

  // A new device: signed in, the keys are locked there. A wrong password does not open them; the recovery
  // words do, and the code is the same.
  const context = await browser.newContext({ viewport: dom.viewportSize() });
  const phone = await context.newPage();
  await signIn(phone, sub.email);
  await openSettings(phone);
  await expect(section(phone).getByText('Your keys are set up but locked on this device.')).toBeVisible();
  await section(phone).getByRole('button', { name: 'Unlock on this device' }).click();
  const unlock = phone.getByRole('dialog', { name: 'Unlock encryption' });
  await expect(unlock.getByLabel('Password')).toBeVisible();
  await audit(phone, 'unlock encryption', found);
  await unlock.getByLabel('Password').fill('Wrong#Password1');
  await unlock.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(unlock.getByText('This password does not open your key.', { exact: false })).toBeVisible({
    timeout: 20_000,
  });
  await unlock.getByRole('button', { name: 'Use my recovery key instead' }).click();
  await unlock.getByLabel('Recovery key').fill(words.slice(0, 23).join(' '));
  await unlock.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(unlock.getByText('Those are not 24 recovery words.', { exact: false })).toBeVisible();
  await unlock
    .getByLabel('Recovery key')
    .fill(words.map((w, i) => `${i + 1}. ${i % 3 === 0 ? w.toUpperCase() : w}`).join('\n'));
  await unlock.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(phone.getByText('Encryption unlocked on this device')).toBeVisible({ timeout: 20_000 });
  await expect(code(phone)).toBeVisible({ timeout: 20_000 });
  expect((await code(phone).innerText()).replace(/\s+/g, ' ').trim()).toBe(shown);
  await audit(phone, 'the safety code', found);

  // Kept on the device across a reload, forgotten at logout.
  await openSettings(phone);
  await expect(code(phone)).toBeVisible({ timeout: 20_000 });
  await phone.getByRole('button', { name: 'Log out' }).click();
  await expect(phone).toHaveURL(/\/auth/);
  await signIn(phone, sub.email);
  await openSettings(phone);
  await expect(section(phone).getByText('Your keys are set up but locked on this device.')).toBeVisible();
  await context.close();
  await sub.page.context().close();
  expect(describe(found)).toEqual([]);
});

test('changing the password re-wraps the key: the next sign-in by the new password unlocks it, no prompt', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const me = await signedInUser(browser, request, {
    label: 'rewrap',
    role: 'submissive',
    displayName: 'Rae Wrap',
    page,
  });
  await setUp(page);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Change password' });
  const NEW = 'Silk#Ribbon77';
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill(NEW);
  await form.getByLabel('Confirm new password').fill(NEW);
  await form.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible({ timeout: 20_000 });

  // Another device, signed in by the new password through the form: unlocked there at once.
  const context = await browser.newContext({ viewport: page.viewportSize() });
  const other = await context.newPage();
  await logIn(other, me.email, NEW, { hydrated: true });
  await expect(other).toHaveURL(/\/dashboard/);
  await openSettings(other);
  await expect(section(other).getByText('Unlocked on this device')).toBeVisible({ timeout: 20_000 });
  await context.close();
});
