import type { Page } from '@playwright/test';
import { expect, PASSWORD, test } from './fixtures';
import { seedCouple, seedTask } from './seed';

/** The app lock and the cover (decisions 078, 079). */

const PIN = '246810';
const TASK = 'Kneel by the door at six';

/** Pretends the page was sent to the background (or brought back): what a phone's app switch does. */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  // The listeners are attached once the page has come to life.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.evaluate((to) => {
    Object.defineProperty(document, 'visibilityState', { value: to, configurable: true });
    Object.defineProperty(document, 'hidden', { value: to === 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

async function setPinInSettings(page: Page, idle: '1' | '5' | '15') {
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Set a PIN' });
  await form.getByLabel('PIN', { exact: true }).fill(PIN);
  await form.getByLabel('Enter the PIN again').fill(PIN);
  await form.getByLabel('Lock after being idle for').selectOption(idle);
  await form.getByRole('button', { name: 'Set PIN' }).click();
  await expect(page.getByTestId('app-lock-state')).toHaveText('A PIN is set on this device.');
}

/** While locked the page holds nothing of the app: no task, no name, not even in hidden text. */
async function expectNoContent(page: Page) {
  await expect(page.getByTestId('lock-screen')).toBeVisible();
  const text = await page.locator('body').innerText();
  const html = await page.content();
  for (const secret of [TASK, 'Avery Dom', 'Blake Sub']) {
    expect(text).not.toContain(secret);
    const at = html.indexOf(secret);
    expect(at, html.slice(Math.max(0, at - 400), at + 100)).toBe(-1);
  }
  await expect(page).toHaveTitle('Locked');
}

async function unlock(page: Page, pin = PIN) {
  const form = page.getByRole('form', { name: 'Unlock' });
  await form.getByLabel('PIN').fill(pin);
  await form.getByRole('button', { name: 'Unlock' }).click();
}

test('the lock engages after the idle time and from the background, renders nothing of the app, and holds through a reload', async ({
  page,
  browser,
  request,
}) => {
  await page.clock.install();
  const { dom, sub } = await seedCouple(browser, page, request);
  await seedTask(page, sub.id, { title: TASK });
  await setPinInSettings(page, '1');

  // Idle for a minute: locked, with nothing of the task list left in the page.
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: TASK })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.clock.fastForward('01:05');
  await expectNoContent(page);

  // Events keep arriving while locked and are not shown; the unlock reads everything again. The task is
  // made from the dominant's other device (this one's session is locked).
  expect(
    (await request.post('/api/auth/login', { data: { email: dom.email, password: PASSWORD } })).ok(),
  ).toBe(true);
  const other = await request.post('/api/tasks', {
    data: { title: 'Second task while locked', dueDate: Date.now() + 3 * 3600_000, assignedTo: sub.id },
  });
  expect(other.status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'Second task while locked' })).toHaveCount(0);
  await unlock(page);
  await expect(page.getByRole('heading', { name: TASK })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Second task while locked' })).toBeVisible();
  await expect(page).toHaveTitle('Pact');

  // Sent to the background: covered at once, locked when it comes back.
  await setVisibility(page, 'hidden');
  await expect(page.getByTestId('screen-cover')).toBeVisible();
  await setVisibility(page, 'visible');
  await expect(page.getByTestId('screen-cover')).toBeHidden();
  await expectNoContent(page);

  // The server holds the lock: a reload (or the raw page) shows the lock screen only, and the API refuses.
  await page.reload();
  await expectNoContent(page);
  const raw = await (await page.request.get('/tasks')).text();
  expect(raw).not.toContain(TASK);
  expect(raw).not.toContain('Avery Dom');
  expect((await page.request.get('/api/tasks')).status()).toBe(423);

  // A wrong PIN says how many tries are left; the right one opens the page again.
  await unlock(page, '111111');
  await expect(page.getByRole('alert')).toContainText('4 tries left');
  await unlock(page);
  await expect(page.getByRole('heading', { name: TASK })).toBeVisible();
  await sub.page.context().close();
});

test('five wrong PINs sign the device out and land on the login', async ({ page, browser, request }) => {
  const { sub } = await seedCouple(browser, page, request);
  await seedTask(page, sub.id, { title: TASK });
  await setPinInSettings(page, '5');
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: TASK })).toBeVisible();
  await setVisibility(page, 'hidden');
  await setVisibility(page, 'visible');
  await expectNoContent(page);
  for (let left = 4; left >= 1; left--) {
    await unlock(page, '000000');
    await expect(page.getByRole('alert')).toContainText(`${left} ${left === 1 ? 'try' : 'tries'} left`);
  }
  await unlock(page, '000000');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  // The session is gone: nothing of the account answers this browser any more.
  expect(await (await page.request.get('/api/me')).json()).toEqual({ user: null });
  await sub.page.context().close();
});

test('the cover appears when the page is hidden, and its setting turns it off', async ({
  page,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, page, request);
  await seedTask(page, sub.id, { title: TASK });
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: TASK })).toBeVisible();
  const cover = page.getByTestId('screen-cover');
  await expect(cover).toBeHidden();
  await setVisibility(page, 'hidden');
  await expect(cover).toBeVisible();
  await setVisibility(page, 'visible');
  await expect(cover).toBeHidden();
  // No PIN: the page comes back as it was.
  await expect(page.getByRole('heading', { name: TASK })).toBeVisible();

  await page.goto('/settings');
  const setting = page.getByRole('checkbox', { name: /Cover the screen when Pact is hidden/ });
  await expect(setting).toBeChecked();
  await setting.uncheck();
  await setVisibility(page, 'hidden');
  await expect(cover).toBeHidden();
  await setVisibility(page, 'visible');
  await page.reload();
  await expect(
    page.getByRole('checkbox', { name: /Cover the screen when Pact is hidden/ }),
  ).not.toBeChecked();
  await sub.page.context().close();
});
