import type { Page } from '@playwright/test';
import { audit, describe, type Finding } from './axe';
import { expect, logIn, mailLink, PASSWORD, test } from './fixtures';
import { openSettings, section, setUpKeys } from './keys';
import { seedCouple, signIn } from './seed';

/**
 * The journal sealed end to end (decision 101), in Chromium: once both partners have keys, a message leaves
 * the sender's browser sealed, reaches the partner live and opens there, its notification's preview made in
 * the receiver's browser; a device signed in by password unlocks without a second prompt; a device that has
 * not unlocked reads and writes nothing in the clear.
 */

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => page.getByTestId('journal-message');
const EARLIER = 'Written before the keys: the red rope is in the drawer.';
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
  // Written before the pair is sealed: plain on the server, until the writer's browser seals it later.
  await composer(dom).fill(EARLIER);
  await composer(dom).press('Enter');
  await expect(dom.getByText('Message sent')).toBeVisible();
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

  // The earlier message is sealed by its writer's browser once the pair is: the server keeps no plain copy,
  // and both still read it.
  await expect
    .poll(async () => {
      const page = await dom.request.get(`/api/journal/messages?partnerId=${sub.id}`);
      const { messages: all } = (await page.json()) as { messages: { content: string }[] };
      return all.map((m) => m.content.slice(0, 4));
    })
    .toEqual(['pe1.']);
  await expect(messages(sub.page).filter({ hasText: EARLIER })).toBeVisible();

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
  await logIn(phone, sub.email, PASSWORD, { hydrated: true });
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
  ).toHaveCount(3);
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

test('a password reset without the recovery key: old messages unreadable, new ones at once, history shared after the code', async ({
  page: dom,
  browser,
  request,
}) => {
  test.slow();
  const { sub } = await seedCouple(browser, dom, request, { dominant: 'Cy Dom', submissive: 'Di Sub' });
  await setUpKeys(dom);
  await setUpKeys(sub.page);
  await openJournal(dom, 'Di Sub');
  await expect(dom.getByTestId('sealed-badge')).toHaveAttribute('data-state', 'sealed', { timeout: 20_000 });
  await composer(dom).fill('Before the reset.');
  await composer(dom).press('Enter');
  await expect(dom.getByText('Message sent')).toBeVisible();
  await sub.page.context().close();

  // The submissive forgets the password and resets it by e-mail, on a new device, without the recovery key.
  const context = await browser.newContext({ viewport: dom.viewportSize() });
  const phone = await context.newPage();
  await phone.goto('/auth');
  await phone.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = phone.getByRole('dialog', { name: 'Reset your password' });
  await dialog.getByLabel('Email').fill(sub.email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(phone.getByText('Password reset email sent')).toBeVisible();
  await phone.goto(await mailLink(sub.email, /Reset your Pact password/));
  const form = phone.getByRole('form', { name: 'Reset Your Password' });
  const fresh = 'Fresh#Start2026';
  await form.getByLabel('New Password').fill(fresh);
  await form.getByLabel('Confirm Password').fill(fresh);
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(phone.getByText('Password updated')).toBeVisible();
  await logIn(phone, sub.email, fresh, { hydrated: true });
  await expect(phone).toHaveURL(/\/dashboard/);

  // The new password does not open the old key: the journal is locked, Settings offers new keys.
  await openJournal(phone, 'Cy Dom');
  await expect(phone.getByTestId('journal-locked')).toBeVisible({ timeout: 20_000 });
  await openSettings(phone);
  await section(phone).getByRole('button', { name: 'Lost your recovery key? Make new keys' }).click();
  const make = phone.getByRole('dialog', { name: 'Make new keys' });
  await make.getByLabel('Password').fill(fresh);
  await make.getByRole('button', { name: 'Make new keys' }).click();
  const shown = phone.getByRole('dialog', { name: 'Your recovery key' });
  await expect(shown.getByRole('list', { name: 'Recovery key' }).getByRole('listitem')).toHaveCount(24, {
    timeout: 20_000,
  });
  await shown.getByLabel('I have written down my recovery key and keep it somewhere safe.').check();
  await shown.getByRole('button', { name: 'Done' }).click();

  // Old content: sealed with a key this device does not have. New content works both ways at once.
  await openJournal(phone, 'Cy Dom');
  await expect(
    messages(phone).filter({ hasText: 'Encrypted with a key this device does not have' }),
  ).toHaveCount(1, { timeout: 20_000 });
  await composer(phone).fill('After the reset.');
  await composer(phone).press('Enter');
  await expect(messages(dom).filter({ hasText: 'After the reset.' })).toBeVisible({ timeout: 20_000 });
  await composer(dom).fill('Welcome back.');
  await composer(dom).press('Enter');
  await expect(messages(phone).filter({ hasText: 'Welcome back.' })).toBeVisible({ timeout: 20_000 });
  await expect(phone.getByText('Before the reset.')).toHaveCount(0);

  // The dominant compares the new code and shares the history: the old message opens on the new keys.
  await openSettings(dom);
  const share = section(dom).getByTestId('share-history');
  await expect(share).toContainText('Di Sub made new keys', { timeout: 20_000 });
  await share.getByRole('button', { name: 'Share our history with Di Sub' }).click();
  await expect(dom.getByText('History shared with Di Sub')).toBeVisible();
  await openJournal(phone, 'Cy Dom');
  await expect(messages(phone).filter({ hasText: 'Before the reset.' })).toBeVisible({ timeout: 20_000 });
  await context.close();
});
