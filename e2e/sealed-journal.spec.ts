import type { Page } from '@playwright/test';
import { audit, describe, type Finding } from './axe';
import { expect, PASSWORD, test } from './fixtures';
import { setUpKeys } from './keys';
import { seedCouple, signIn } from './seed';

/**
 * The journal sealed end to end (decision 101), in Chromium: once both partners have keys, a message leaves
 * the sender's browser sealed, reaches the partner live and opens there, its notification's preview made in
 * the receiver's browser; a device signed in by password unlocks without a second prompt; a device that has
 * not unlocked reads and writes nothing in the clear.
 */

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => page.getByTestId('journal-message');
const SECRET = 'The blue ribbon is under the pillow, wear it when I call tonight at nine.';

async function openJournal(page: Page, partnerName: string) {
  await page.goto('/journal');
  await expect(page.getByRole('heading', { name: `Conversation with ${partnerName}` })).toBeVisible();
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

test('a sealed message is sent, read live and previewed; sign-in by password unlocks; a locked device reads nothing', async ({
  page: dom,
  browser,
  request,
}) => {
  test.slow();
  const { sub } = await seedCouple(browser, dom, request, { dominant: 'Ada Dom', submissive: 'Ben Sub' });
  await openJournal(dom, 'Ben Sub');
  await expect(dom.getByTestId('sealed-badge')).toHaveAttribute('data-state', 'me');
  await expect(dom.getByTestId('sealed-badge')).toBeVisible();
  await setUpKeys(dom);
  await openJournal(dom, 'Ben Sub');
  await expect(dom.getByTestId('sealed-badge')).toHaveAttribute('data-state', 'partner');
  await setUpKeys(sub.page);
  await openJournal(sub.page, 'Ada Dom');
  await openJournal(dom, 'Ben Sub');
  await expect(dom.getByTestId('sealed-badge')).toHaveAttribute('data-state', 'sealed', { timeout: 20_000 });
  await expect(sub.page.getByTestId('sealed-badge')).toHaveAttribute('data-state', 'sealed', {
    timeout: 20_000,
  });
  await expect(dom.getByTestId('sealed-badge')).toContainText('End-to-end encrypted');

  // What leaves the sender's browser is sealed: the request holds neither the words nor a part of them.
  const sent: string[] = [];
  dom.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/journal/messages')) sent.push(r.postData() ?? '');
  });
  await composer(dom).fill(SECRET);
  await composer(dom).press('Enter');
  await expect(dom.getByText('Message sent')).toBeVisible();
  await expect(messages(dom).filter({ hasText: SECRET })).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0]!).content).toMatch(/^pe1\.[A-Za-z0-9_-]+$/);
  expect(sent[0]).not.toContain('ribbon');

  // The partner reads it live, opened in their browser; the bell's preview is made there too.
  await expect(messages(sub.page).filter({ hasText: SECRET })).toBeVisible();
  const preview = `Ada Dom: ${SECRET.slice(0, 50)}…`;
  await expect(sub.page.getByRole('region', { name: /^Notifications/ }).getByText(preview)).toBeVisible();
  await sub.page
    .getByRole('button', { name: /^Notifications/ })
    .first()
    .click();
  await expect(sub.page.getByRole('button', { name: /^New message/ }).getByText(preview)).toBeVisible();
  await sub.page.keyboard.press('Escape');

  // A reply, sealed by the other side, and read back.
  await composer(sub.page).fill('Yes, at nine.');
  await composer(sub.page).press('Enter');
  await expect(messages(dom).filter({ hasText: 'Yes, at nine.' })).toBeVisible();

  const found: Finding[] = [];
  await audit(sub.page, 'a sealed conversation', found);

  // A new device signed in by the login form: the password opens the keys there too, no second prompt.
  const fresh = await browser.newContext({ viewport: dom.viewportSize() });
  const phone = await fresh.newPage();
  await phone.goto('/auth');
  await expect(phone.locator('html[data-hydrated]')).toBeAttached();
  const login = phone.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(sub.email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(phone).toHaveURL(/\/dashboard/);
  await openJournal(phone, 'Ada Dom');
  await expect(messages(phone).filter({ hasText: SECRET })).toBeVisible({ timeout: 20_000 });
  await expect(phone.getByTestId('sealed-badge')).toHaveAttribute('data-state', 'sealed');
  await fresh.close();

  // A device signed in without the password (a session made elsewhere): locked, it shows why, and offers
  // no way to write in the clear.
  const other = await browser.newContext({ viewport: dom.viewportSize() });
  const locked = await other.newPage();
  await signIn(locked, sub.email);
  await openJournal(locked, 'Ada Dom');
  await expect(
    messages(locked).filter({ hasText: 'Encrypted: unlock encryption on this device to read it' }),
  ).toHaveCount(2);
  await expect(locked.getByText(SECRET)).toHaveCount(0);
  await expect(locked.getByTestId('journal-locked')).toContainText(
    'Unlock encryption on this device to write',
  );
  await expect(composer(locked)).toHaveCount(0);
  await audit(locked, 'a sealed conversation on a locked device', found);
  await other.close();
  await sub.page.context().close();
  expect(describe(found)).toEqual([]);
});
