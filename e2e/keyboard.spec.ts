import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  completeTask,
  seedAboveAndBeyond,
  seedCouple,
  seedPhoto,
  seedTask,
  sendRequest,
  signedInUser,
} from './seed';

/** Opens a dialog from the keyboard, closes it (Escape, or a button of it), and expects focus back on `opener`. */
async function expectFocusReturns(page: Page, opener: Locator, dialogName: string, closeWith?: string) {
  // A control of a page written ahead waits for hydration (disabled until then).
  await expect(opener).toBeEnabled();
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  if (closeWith) await dialog.getByRole('button', { name: closeWith, exact: true }).click();
  else await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
}

/** The levels of the page's headings, in document order (hidden ones included: a screen reader finds them). */
const headingLevels = (page: Page) =>
  page
    .locator('main')
    .evaluate((main) =>
      [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])),
    );

function expectNoSkippedLevels(levels: number[]) {
  expect(levels[0]).toBe(1);
  for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
}

test('focus goes back to what opened a dialog, on the dominant screens', async ({
  page: dom,
  browser,
  request,
}) => {
  const { dom: d, sub: s } = await seedCouple(browser, dom, request, {
    dominant: 'Ray Dom',
    submissive: 'Sol Sub',
  });
  const proved = await seedTask(dom, s.id, {
    title: 'Shine the shoes',
    photoProofRequired: true,
    repeatConfig: { frequency: 'daily' },
  });
  await completeTask(s.page, proved.id, await seedPhoto(s.page, d.id));
  await seedAboveAndBeyond(s.page, d.id, 'Baked bread');
  const stranger = await signedInUser(browser, request, {
    label: 'knock',
    role: 'submissive',
    displayName: 'Tao Sub',
  });
  await sendRequest(stranger.page, d.id);
  await stranger.page.context().close();
  await s.page.context().close();

  await dom.goto('/dashboard');
  // Rendered by the server: its buttons answer once the page has hydrated.
  await expect(dom.locator('html[data-live=ready]')).toBeAttached();
  await expectFocusReturns(
    dom,
    dom.getByRole('button', { name: /^Connect( with a partner)?$/ }),
    'Connect with a partner',
    'Cancel',
  );
  await expectFocusReturns(dom, dom.getByTestId('partner-status'), 'Connected partners');
  // A dialog opened from a menu: focus returns to the menu's button.
  const bell = dom.getByRole('button', { name: /^Notifications/ });
  await bell.focus();
  await dom.keyboard.press('Enter');
  await dom
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: /Tao Sub wants to connect/ })
    .click();
  const request2 = dom.getByRole('dialog', { name: 'Connection Request' });
  await expect(request2.getByRole('button', { name: 'Accept' })).toBeVisible();
  await dom.keyboard.press('Escape');
  await expect(request2).toHaveCount(0);
  await expect(bell).toBeFocused();

  await dom.goto('/tasks');
  // Rendered by the server: its buttons answer once the page has hydrated.
  await expect(dom.locator('html[data-live=ready]')).toBeAttached();
  await expectFocusReturns(dom, dom.locator('main header').getByRole('button'), 'Create New Task');
  const card = dom.getByTestId('task-card').filter({ hasText: 'Shine the shoes' });
  await expectFocusReturns(dom, card.getByRole('button', { name: /Delete/ }), 'Delete task?', 'Cancel');
  await expectFocusReturns(
    dom,
    dom
      .getByTestId('task-card')
      .filter({ hasText: 'Baked bread' })
      .getByRole('button', { name: /Give feedback/ }),
    'Give feedback',
    'Cancel',
  );
  await dom.goto('/task-history');
  // As above: once hydrated, so that the page's own focus on arrival does not come after the test's.
  await expect(dom.locator('html[data-live=ready]')).toBeAttached();
  await expectFocusReturns(
    dom,
    dom.getByRole('button', { name: /View photo proof for Shine the shoes/ }),
    'Photo proof',
  );
});

test('focus goes back to the opener on the sign-in and submissive screens too', async ({
  page,
  browser,
  request,
}) => {
  await page.goto('/auth');
  await expectFocusReturns(
    page,
    page.getByRole('button', { name: 'Forgot password?' }),
    'Reset your password',
    'Cancel',
  );

  const { sub: s } = await seedCouple(browser, page, request, { dominant: 'Uma Dom', submissive: 'Vic Sub' });
  await s.page.goto('/tasks');
  // Rendered by the server: its buttons answer once the page has hydrated.
  await expect(s.page.locator('html[data-live=ready]')).toBeAttached();
  await expectFocusReturns(s.page, s.page.locator('main header').getByRole('button'), 'Above & Beyond');
  await s.page.context().close();
});

test('a skip link comes first, and focus moves to the heading of each page reached', async ({
  page,
  browser,
  request,
}) => {
  // Public pages too: the landing page's Get Started leads to /auth, whose heading takes focus.
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { name: 'Log in or create your account', level: 1 })).toBeFocused();

  await signedInUser(browser, request, { label: 'keys', role: 'dominant', displayName: 'Wes Dom', page });
  await page.goto('/dashboard');
  // Rendered by the server: its buttons answer once the page has hydrated.
  await expect(page.locator('html[data-live=ready]')).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeFocused();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeFocused();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contract' }).click();
  await expect(page.getByRole('heading', { name: 'Contract', level: 1 })).toBeFocused();
});

test('the headings of /tasks go down one level at a time, on both tabs', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request, { dominant: 'Xan Dom', submissive: 'Yui Sub' });
  const done = await seedTask(dom, s.id, { title: 'Read a chapter' });
  await seedTask(dom, s.id, { title: 'Write a letter' });
  await completeTask(s.page, done.id);
  await s.page.context().close();

  await dom.goto('/tasks');
  // Rendered by the server: its buttons answer once the page has hydrated.
  await expect(dom.locator('html[data-live=ready]')).toBeAttached();
  await expect(dom.getByTestId('task-card').first()).toBeVisible();
  expectNoSkippedLevels(await headingLevels(dom));
  await dom.getByRole('tab', { name: 'History' }).click();
  await expect(dom.getByRole('tabpanel').getByRole('heading', { name: 'Read a chapter' })).toBeVisible();
  expectNoSkippedLevels(await headingLevels(dom));
});

test('every section of /settings is reached with Tab, in order', async ({ page, browser, request }) => {
  const other = await signedInUser(browser, request, {
    label: 'keys-blocked',
    role: 'submissive',
    displayName: 'Pia Sub',
  });
  await other.page.context().close();
  await signedInUser(browser, request, {
    label: 'keys-settings',
    role: 'dominant',
    displayName: 'Rae Dom',
    page,
  });
  expect((await page.request.post('/api/blocks', { data: { userId: other.id } })).status()).toBe(201);
  await page.goto('/settings');
  const title = page.getByRole('heading', { name: 'Settings', level: 1 });
  await expect(page.getByRole('button', { name: 'Unblock Pia Sub' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active sessions' })).toBeVisible();
  await title.focus();
  const reached: string[] = [];
  for (let i = 0; i < 80 && !reached.includes('Delete account'); i++) {
    await page.keyboard.press('Tab');
    reached.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const label = el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
        return (el?.getAttribute('aria-label') ?? label ?? el?.textContent ?? '').trim();
      }),
    );
  }
  const wanted = [
    'Unblock Pia Sub',
    'Current password',
    'New password',
    'Confirm new password',
    'Update password',
    'support@pact.local',
    'Privacy Policy',
    'Terms of Service',
    'Release Information',
    'Delete account',
  ];
  expect(reached.filter((name) => wanted.includes(name))).toEqual(wanted);
});

test('the contract: the review dialog gives focus back, and the headings go down one level at a time', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request, { dominant: 'Zed Dom', submissive: 'Ada Sub' });
  const c = (await (await dom.request.post('/api/contracts', { data: { partnerId: s.id } })).json()).contract;
  for (const who of [dom, s.page]) {
    expect(
      (await who.request.post(`/api/contracts/${c.id}/sign`, { data: { versionId: c.versionId } })).status(),
    ).toBe(200);
  }
  expect((await s.page.request.post(`/api/contracts/${c.id}/edit-request`, { data: {} })).status()).toBe(200);
  await s.page.context().close();
  await dom.goto('/contract');
  await expectFocusReturns(
    dom,
    dom.getByRole('button', { name: 'Review Edit Request' }),
    'Review Edit Request',
  );
  await dom.getByRole('button', { name: 'Show history' }).click();
  await expect(dom.getByTestId('history-verified')).toBeVisible();
  expectNoSkippedLevels(await headingLevels(dom));
});
