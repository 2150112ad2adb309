import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedInUser } from './seed';

/**
 * Chromium's virtual authenticator through CDP (decision 077): a platform authenticator that holds
 * discoverable credentials and verifies its user without a prompt.
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

const section = (page: Page) => page.getByRole('region', { name: 'Passkeys' });
const toasts = (page: Page) => page.locator('[data-sonner-toaster]');

test('a passkey added in settings signs in on /auth without the password, then is removed', async ({
  page,
  browser,
  request,
}) => {
  const me = await signedInUser(browser, request, {
    label: 'passkey',
    role: 'submissive',
    displayName: 'Kit Key',
    page,
  });
  const authenticator = await virtualAuthenticator(page);

  await page.goto('/settings');
  await expect(page.locator('html')).toHaveAttribute('data-live', 'ready');
  const passkeys = section(page);
  await expect(passkeys.getByText('You have no passkey yet.')).toBeVisible();
  await passkeys.getByLabel('Name (optional)').fill('Test phone');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(toasts(page).getByText('Passkey added', { exact: true })).toBeVisible();
  const item = passkeys.getByRole('listitem').filter({ hasText: 'Test phone' });
  await expect(item).toContainText('never used');
  expect(await authenticator.credentials()).toHaveLength(1);
  // The security log tells.
  await expect(page.getByRole('region', { name: 'Security' }).getByText('Passkey added')).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const who = await (await page.request.get('/api/me')).json();
  expect(who.user.email).toBe(me.email);

  await page.goto('/settings');
  await expect(page.locator('html')).toHaveAttribute('data-live', 'ready');
  await expect(
    page.getByRole('region', { name: 'Security' }).getByText('Signed in with a passkey'),
  ).toBeVisible();
  await expect(item).toContainText('last used');
  await item.getByRole('button', { name: 'Remove Test phone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(dialog).toContainText('“Test phone” will no longer sign you in');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(toasts(page).getByText('Passkey removed', { exact: true })).toBeVisible();
  await expect(section(page).getByText('You have no passkey yet.')).toBeVisible();

  // The authenticator still holds the credential, but it signs nobody in any more.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passkey not recognised' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a passkey unlocks the app lock, as the PIN does', async ({ page, browser, request }) => {
  await signedInUser(browser, request, {
    label: 'unlock',
    role: 'submissive',
    displayName: 'Lou Lock',
    page,
  });
  await virtualAuthenticator(page);
  await page.goto('/settings');
  await expect(page.locator('html')).toHaveAttribute('data-live', 'ready');
  await section(page).getByRole('button', { name: 'Add a passkey' }).click();
  await expect(toasts(page).getByText('Passkey added', { exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Set a PIN' });
  await form.getByLabel('PIN', { exact: true }).fill('135790');
  await form.getByLabel('Enter the PIN again').fill('135790');
  await form.getByRole('button', { name: 'Set PIN' }).click();
  await expect(page.getByTestId('app-lock-state')).toHaveText('A PIN is set on this device.');

  // Sent to the background and back: locked, with nothing of the page left.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(page.getByTestId('lock-screen')).toBeVisible();
  expect(await page.locator('body').innerText()).not.toContain('Lou Lock');
  await page.getByRole('button', { name: 'Unlock with a passkey' }).click();
  await expect(page.getByTestId('lock-screen')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  expect((await page.request.get('/api/tasks')).status()).toBe(200);
});
