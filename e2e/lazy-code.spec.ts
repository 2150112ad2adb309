import { expect, test } from './fixtures';
import { holdRequests } from './hold';
import { seedCouple } from './seed';

/**
 * Code a page does not need to paint comes later (decision 059): a form's code when it first opens, the
 * modal behind every dialog and the bell's panel when the browser is idle or at the first press. A tap that
 * comes before that code still opens what it opens: it shows that it is opening, then opens, and focus goes
 * back to the opener on close.
 */

const ENTRY = /\/assets\/entry\.client-[\w-]+\.js$/;
const LATER = /\/assets\/(dialog-modal|punishment-form-dialog|bell-panel)-[\w-]+\.js$/;

test('a form and the bell open at the first tap as soon as the page is visible, before their code has arrived', async ({
  page: dom,
  browser,
  request,
}) => {
  await seedCouple(browser, dom, request);
  const cdp = await dom.context().newCDPSession(dom);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const releasePage = await holdRequests(dom, ENTRY);
  const releaseLater = await holdRequests(dom, LATER);
  await dom.goto('/punishments', { waitUntil: 'commit' });
  const add = dom.getByRole('button', { name: 'Add Punishment' });
  await expect(add).toBeVisible();
  releasePage();
  // Playwright taps as soon as the button takes a tap: the form's code (and the modal's) is still held.
  await add.click();
  await expect(dom.getByRole('status').filter({ hasText: 'Opening…' })).toBeVisible();
  releaseLater();
  const form = dom.getByRole('form', { name: 'Add New Punishment' });
  await expect(form.getByLabel('Title')).toBeVisible();
  await dom.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(add).toBeFocused();

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const bell = dom.getByRole('button', { name: /^Notifications, / });
  await bell.click();
  const panel = dom.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  await dom.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(bell).toBeFocused();
  // The bell toggles: a second tap on it closes the panel it opened.
  await bell.click();
  await expect(panel).toBeVisible();
  await bell.click();
  await expect(panel).toHaveCount(0);
});

test('a dialog whose code cannot be fetched says so, and closes with focus back on its opener', async ({
  page: dom,
  browser,
  request,
}) => {
  await seedCouple(browser, dom, request);
  await dom.route(/\/assets\/dialog-modal-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  await dom.goto('/punishments');
  await expect(dom.locator('html[data-hydrated]')).toBeAttached();
  const add = dom.getByRole('button', { name: 'Add Punishment' });
  await add.click();
  const alert = dom.getByRole('alert').filter({ hasText: 'This could not be opened' });
  await expect(alert).toHaveText('This could not be opened. Check your connection and try again.Close');
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(alert).toHaveCount(0);
  await expect(add).toBeFocused();
});
