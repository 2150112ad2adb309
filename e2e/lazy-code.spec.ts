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

test('the contract page paints and hydrates without zod; the caps check comes when the caps are first edited', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  expect((await dom.request.post('/api/contracts', { data: { partnerId: s.id } })).status()).toBe(201);
  // Every script the page fetches, and whether it is zod's code (its error class is named in it).
  const scripts: Promise<string | null>[] = [];
  sub.on('response', (response) => {
    if (!/\.js(\?|$)/.test(response.url())) return;
    scripts.push(
      response.text().then(
        (body) => (body.includes('ZodError') ? response.url() : null),
        () => null,
      ),
    );
  });
  const zodFetched = async () => (await Promise.all(scripts)).filter(Boolean);

  // The modal behind every dialog is fetched when the browser is first idle: the page has settled then.
  const settled = sub.waitForResponse(/\/assets\/dialog-modal-[\w-]+\.js$/);
  await sub.goto('/contract');
  await expect(sub.locator('html[data-hydrated]')).toBeAttached();
  await settled;
  // A new contract opens in its editor: its text is written without the caps' check.
  await sub.getByLabel('Contract text').fill('We agree.');
  const caps = sub.getByTestId('contract-caps');
  await expect(caps.getByTestId('caps-in-force').getByTestId('cap-openTasks')).toContainText('No cap');
  expect(await zodFetched()).toEqual([]);

  // Editing the caps fetches the check; a cap out of range is refused with the schema's message.
  await caps.getByRole('button', { name: 'Lower now' }).click();
  const form = sub.getByRole('form', { name: 'Lower caps now' });
  await form.getByLabel('Open tasks at once').fill('101');
  await form.getByRole('button', { name: 'Lower now' }).click();
  await expect(form.getByRole('alert')).toHaveText('Open tasks must be from 0 to 100');
  expect((await zodFetched()).length).toBeGreaterThan(0);
  await form.getByLabel('Open tasks at once').fill('1');
  await form.getByRole('button', { name: 'Lower now' }).click();
  await expect(sub.getByText('Caps lowered')).toBeVisible();
  await expect(caps.getByTestId('caps-in-force').getByTestId('cap-openTasks')).toContainText('1');
});
