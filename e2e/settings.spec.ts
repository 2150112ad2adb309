import type { Page } from '@playwright/test';
import { expect, logIn, PASSWORD, test } from './fixtures';
import { seedCouple, signedInUser } from './seed';

const settingsHeading = (page: Page) => page.getByRole('heading', { name: 'Settings', level: 1 });
const section = (page: Page, name: string) => page.getByRole('region', { name });
const toasts = (page: Page) => page.locator('[data-sonner-toaster]');

/** Whom a signed-in page finds by exact e-mail (the search the connect dialog makes). */
async function searchFinds(page: Page, email: string) {
  const response = await page.request.post('/api/users/search', { data: { email } });
  expect(response.status()).toBe(200);
  return ((await response.json()).users as { id: string }[]).length;
}

test('a blocked user is listed with name, role, username and date; Unblock lets both find each other again', async ({
  page,
  browser,
  request,
}) => {
  const me = await signedInUser(browser, request, {
    label: 'blocker',
    role: 'dominant',
    displayName: 'Avery Dom',
    page,
  });
  const other = await signedInUser(browser, request, {
    label: 'blocked',
    role: 'submissive',
    displayName: 'Blake Sub',
    viewportOf: page,
  });
  expect((await page.request.post('/api/blocks', { data: { userId: other.id } })).status()).toBe(201);
  expect(await searchFinds(page, other.email)).toBe(0);
  expect(await searchFinds(other.page, me.email)).toBe(0);

  await page.goto('/dashboard');
  // The page is rendered and hydrated before the tap (as every two-browser test waits).
  await expect(page.locator('html')).toHaveAttribute('data-live', 'ready');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(settingsHeading(page)).toBeVisible();
  const blocked = section(page, 'Blocked users');
  const row = blocked.getByRole('listitem').filter({ hasText: 'Blake Sub' });
  await expect(row).toContainText('Sub');
  await expect(row).toContainText('@blakesub');
  await expect(row).toContainText(/Blocked \w{3} \d{1,2}, \d{4}/);

  await row.getByRole('button', { name: 'Unblock Blake Sub' }).click();
  await expect(toasts(page).getByText('User unblocked')).toBeVisible();
  await expect(blocked.getByText("You haven't blocked anyone.")).toBeVisible();

  // Search works again both ways: in the connect dialog, and from the other side.
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await page.getByRole('button', { name: /^Connect/ }).click();
  const connect = page.getByRole('dialog', { name: 'Connect with a partner' });
  await connect.getByLabel("Partner's email").fill(other.email);
  await expect(connect.getByRole('button', { name: /Blake Sub/ })).toBeVisible();
  expect(await searchFinds(other.page, me.email)).toBe(1);
  await other.page.context().close();
});

test('the security log, the sessions, and "Sign out other sessions" ending the other device', async ({
  page,
  browser,
  request,
}) => {
  const me = await signedInUser(browser, request, {
    label: 'secure',
    role: 'submissive',
    displayName: 'Cass Sub',
    page,
  });
  const failed = await request.post('/api/auth/login', {
    data: { email: me.email, password: 'Wrong#Pass99' },
  });
  expect(failed.status()).toBe(401);
  const otherContext = await browser.newContext({ viewport: page.viewportSize() });
  const other = await otherContext.newPage();
  await logIn(other, me.email, PASSWORD);
  await expect(other.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  await page.goto('/settings');
  const security = section(page, 'Security');
  await expect(security.getByTestId('security-score')).toContainText(/\d+\/100\s*Secure/);
  const events = security.getByRole('list', { name: 'Security events' });
  await expect(events.getByText('Failed sign-in attempt')).toBeVisible();
  await expect(events.getByText(/^Signed in/).first()).toBeVisible();
  const sessions = security.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This device')).toHaveCount(1);
  await expect(sessions.getByRole('listitem').first()).toContainText(/Chrome on Linux/);

  await security.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expect(toasts(page).getByText('Other sessions signed out')).toBeVisible();
  await expect(toasts(page).getByText('1 session was signed out')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(events.getByText('Other sessions signed out')).toBeVisible();
  await expect(security.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled();

  // The other device is signed out, and its open page knows at once: its live stream ended, and the
  // check that follows finds nobody signed in (no reload).
  await expect(other).toHaveURL(/\/auth$/);
  await otherContext.close();
});

test('changing the password checks the current one, signs the other device out and takes the new one', async ({
  page,
  browser,
  request,
}) => {
  const me = await signedInUser(browser, request, {
    label: 'newpass',
    role: 'dominant',
    displayName: 'Drew Dom',
    page,
  });
  const otherContext = await browser.newContext({ viewport: page.viewportSize() });
  const other = await otherContext.newPage();
  await logIn(other, me.email, PASSWORD);
  await expect(other.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Change password' });
  const NEW = 'Silk#Ribbon77';
  await form.getByLabel('Current password').fill('Not#MyPassword1');
  await form.getByLabel('New password', { exact: true }).fill(NEW);
  await form.getByLabel('Confirm new password').fill('Silk#Ribbon78');
  await form.getByRole('button', { name: 'Update password' }).click();
  await expect(toasts(page).getByText('Password mismatch')).toBeVisible();

  await form.getByLabel('Confirm new password').fill(NEW);
  await form.getByRole('button', { name: 'Update password' }).click();
  await expect(form.getByText('Current password is incorrect')).toBeVisible();

  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Update password' }).click();
  await expect(toasts(page).getByText('Password updated')).toBeVisible();
  await expect(toasts(page).getByText('Your other session was signed out.')).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveValue('');

  await other.reload();
  await expect(other).toHaveURL(/\/auth$/);
  await logIn(other, me.email, NEW);
  await expect(other.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await otherContext.close();
});

test('deleting an account: only DELETE enables Confirm, the partner sees it live, the user lands on /', async ({
  page,
  browser,
  request,
}) => {
  const { dom, sub } = await seedCouple(browser, page, request, {
    dominant: 'Eli Dom',
    submissive: 'Fay Sub',
  });
  await sub.page.goto('/dashboard');
  await expect(sub.page.getByTestId('partner-status')).toHaveText('Connected with 1 partner(s)');
  await expect(sub.page.locator('html[data-live="ready"]')).toHaveCount(1);

  await page.goto('/settings');
  await expect(settingsHeading(page)).toBeVisible();
  const opener = section(page, 'Delete account').getByRole('button', { name: 'Delete account' });
  // From the keyboard; Escape gives focus back to the button.
  await opener.focus();
  await page.keyboard.press('Enter');
  let dialog = page.getByRole('dialog', { name: 'Delete account' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await opener.click();
  dialog = page.getByRole('dialog', { name: 'Delete account' });
  const confirm = dialog.getByRole('button', { name: 'Confirm', exact: true });
  await expect(confirm).toBeDisabled();
  const typed = dialog.getByLabel('Type DELETE to confirm');
  await typed.fill('delete');
  await expect(dialog.getByText('Please type "DELETE" to confirm account deletion')).toBeVisible();
  await expect(confirm).toBeDisabled();
  await typed.fill('DELETE ');
  await expect(confirm).toBeDisabled();
  await typed.fill('DELETE');
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expect(toasts(page).getByText('Account deleted', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('1 partnership was ended and your partners were told.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 8_000 });
  await expect(page.getByRole('heading', { name: 'Pact', level: 1 })).toBeVisible();

  // The partner, watching, is told at once and is no longer connected.
  await expect(toasts(sub.page).getByText('Partner disconnected')).toBeVisible();
  await expect(sub.page.getByTestId('partner-status')).toHaveText('Not connected with any partners yet');

  // The account is gone: signing in with it fails, and /settings sends a visitor to /auth.
  const again = await request.post('/api/auth/login', { data: { email: dom.email, password: PASSWORD } });
  expect(again.status()).toBe(401);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth$/);
  await sub.page.context().close();
});

test('the privacy policy, the terms and the release guide are readable signed out', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(page.getByText(/removed within 30 days of account deletion/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What Pact stores' })).toBeVisible();

  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await expect(
    page.getByText('You must be at least 18 years old to use Pact.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText(/30 days' notice of any material change/)).toBeVisible();

  await page.goto('/release-info');
  await expect(page.getByRole('heading', { name: 'Release Information', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('list').filter({ hasText: 'Submit, then release in stages' }).getByRole('listitem'),
  ).toHaveCount(13);
  const table = page.getByRole('table');
  for (const text of [
    '512 x 512 pixels, PNG',
    '16:9 aspect ratio',
    '16:10 aspect ratio',
    'At most 80 characters',
    'At most 4000 characters',
  ]) {
    await expect(table.getByText(text)).toBeVisible();
  }
  await expect(table.getByRole('rowheader', { name: 'Privacy policy URL' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Content rating' })).toBeVisible();
});

test('signed in, Settings opens the legal pages and their Back link returns to it', async ({
  page,
  browser,
  request,
}) => {
  await signedInUser(browser, request, { label: 'reader', role: 'switch', displayName: 'Gil Switch', page });
  await page.goto('/settings');
  // A Switch chooses a role for the session first.
  await page
    .getByRole('button', { name: /Dominant/ })
    .first()
    .click();
  await expect(settingsHeading(page)).toBeVisible();
  await expect(section(page, 'About').getByTestId('app-version')).toHaveText('1.0.0');
  await expect(section(page, 'About')).toContainText(/Platform\s*Web browser \(Linux\)/);
  await expect(section(page, 'Support').getByRole('link', { name: /^support@/ })).toBeVisible();
  await expect(page.getByText(/© \d{4} Pact · Version 1\.0\.0/)).toBeVisible();
  for (const [link, title] of [
    ['Privacy Policy', 'Privacy Policy'],
    ['Terms of Service', 'Terms of Service'],
    ['Release Information', 'Release Information'],
  ] as const) {
    await section(page, 'Legal').getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Back to settings' }).click();
    await expect(settingsHeading(page)).toBeVisible();
  }
});

test('Settings lists the 5 newest sessions and "Show all" lists the rest', async ({
  page,
  browser,
  request,
}) => {
  const me = await signedInUser(browser, request, {
    label: 'many',
    role: 'submissive',
    displayName: 'Max Sub',
    page,
  });
  for (let i = 0; i < 6; i++) {
    const signedIn = await request.post('/api/auth/login', { data: { email: me.email, password: PASSWORD } });
    expect(signedIn.status()).toBe(200);
  }
  await page.goto('/settings');
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(5);
  await expect(sessions.getByText('This device')).toHaveCount(1);
  await page.getByRole('button', { name: 'Show all 7 sessions' }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(7);
  await page.getByRole('button', { name: 'Show fewer' }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(5);
});
