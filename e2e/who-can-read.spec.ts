import { expect, test } from './fixtures';
import { signedInUser } from './seed';

/** Who can read what (decision 082): a public page, linked from the privacy policy and from Settings. */

test('who can read what: public, linked from the privacy policy and Settings, naming where the journal is kept', async ({
  page,
  browser,
  request,
}) => {
  await page.goto('/privacy-policy');
  await page.getByRole('link', { name: 'Who can read what' }).click();
  await expect(page.getByRole('heading', { name: 'Who can read what', level: 1 })).toBeVisible();
  for (const name of ['The server’s operator', 'Your partner', 'Someone holding your unlocked phone']) {
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  }
  await expect(
    page.getByText(/Everything else below it CAN read, including voice notes and proofs/),
  ).toBeVisible();
  await expect(
    page.getByText(/journal’s texts are end-to-end encrypted once you and your partner/),
  ).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'The journal:' })).toContainText(
    'journal_messages',
  );

  await signedInUser(browser, request, { label: 'who', role: 'dominant', displayName: 'Wes Dom', page });
  await page.goto('/settings');
  await expect(page.locator('html[data-live=ready]')).toBeAttached();
  await page.getByRole('region', { name: 'Legal' }).getByRole('link', { name: 'Who can read what' }).click();
  await expect(page.getByRole('heading', { name: 'Who can read what', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to settings' })).toBeVisible();
});
