import type { Locator, Page } from '@playwright/test';
import { expect, PROOF_JPEG, test } from './fixtures';
import { holdRequests } from './hold';
import { seedCouple, seedTask } from './seed';

/**
 * After an action that replaces the control it started from, focus stays on a sensible control: never on
 * <body>, where a keyboard or screen-reader user would start again from the top of the page. Each action
 * is taken from the keyboard.
 */

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}`;
  });

/** Opens `path` and waits until it is hydrated (its controls take presses from then on). */
async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/** Waits until the page has drawn two frames: what a change scheduled for the next frame did is done. */
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

async function press(control: Locator, key = 'Enter') {
  await control.focus();
  await control.press(key);
}

/**
 * Presses `control` while its request to `path` is held, as a slow network would hold it: once the request
 * is on its way and two frames have been drawn, the control still has focus. Answers the request's release.
 */
async function pressWhileHeld(control: Locator, method: string, path: string, key = 'Enter') {
  const page = control.page();
  const release = await holdRequests(page, `**${path}`);
  const sent = page.waitForRequest((r) => r.method() === method && r.url().endsWith(path));
  await press(control, key);
  await sent;
  await twoFrames(page);
  await expect(control).toBeFocused();
  return release;
}

/** Focus is not on <body> and stays so once the page has settled; answers what has it. */
async function expectFocusKept(page: Page, inside?: Locator) {
  await expect.poll(() => focused(page)).not.toBe('BODY');
  await page.waitForLoadState('networkidle');
  expect(await focused(page)).not.toBe('BODY');
  if (inside) await expect(inside.locator(':focus').or(inside.and(page.locator(':focus')))).toHaveCount(1);
  return focused(page);
}

test('completing a task with proof, recording its voice note: focus stays in the form, then on the list', async ({
  page,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, page, request);
  await seedTask(page, sub.id, { title: 'Recite the rules' });
  await sub.page.goto('/tasks');
  const card = sub.page.getByTestId('task-card').filter({ hasText: 'Recite the rules' });
  await press(card.getByRole('button', { name: /With proof/ }));
  const form = sub.page.getByRole('form', { name: 'Complete task' });
  await press(form.getByRole('button', { name: /Record voice note/ }));
  await expect(form.getByRole('button', { name: 'Stop recording' })).toBeFocused();
  await expect(form.getByText('0:01 / 1:00')).toBeVisible();
  await press(form.getByRole('button', { name: 'Stop recording' }));
  await expect(sub.page.getByText('Recording Complete')).toBeVisible();
  await expectFocusKept(sub.page, form);
  await form
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'p.jpg', mimeType: 'image/jpeg', buffer: PROOF_JPEG });
  await press(form.getByRole('button', { name: 'Complete', exact: true }));
  await expect(sub.page.getByText('Task marked as complete')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expectFocusKept(sub.page, sub.page.getByRole('main'));
});

test('marking a punishment complete and starting its timer keep focus on the card', async ({
  page,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, page, request);
  for (const [title, timer] of [
    ['Write lines', false],
    ['Stand in the corner', true],
  ] as const) {
    const created = await page.request.post('/api/punishments', {
      data: { title, assignedTo: sub.id, ...(timer ? { timerEnabled: true, timerDuration: 5 } : {}) },
    });
    expect(created.status()).toBe(201);
  }
  await sub.page.goto('/punishments');
  const timed = sub.page.getByRole('article', { name: 'Stand in the corner' });
  await press(timed.getByRole('button', { name: /Start Timer/ }));
  await expect(timed.getByRole('button', { name: /Start Timer/ })).toHaveCount(0);
  await expectFocusKept(sub.page, timed);

  const lines = sub.page.getByRole('article', { name: 'Write lines' });
  await press(lines.getByRole('button', { name: /Mark complete/ }));
  await expect(lines.getByRole('button', { name: /Mark complete/ })).toHaveCount(0);
  await expectFocusKept(sub.page, lines);
});

test('closing the contract editor and signing keep focus in the contract', async ({
  page,
  browser,
  request,
}) => {
  await seedCouple(browser, page, request);
  await page.goto('/contract');
  await expect(page.getByText('Contract created')).toBeVisible();
  await press(page.getByRole('button', { name: 'Close editor' }));
  await expect(page.getByRole('button', { name: 'Close editor' })).toHaveCount(0);
  const main = page.getByRole('main');
  await expectFocusKept(page, main);
  await press(page.getByRole('button', { name: 'Sign as Dominant' }));
  await expect(page.getByText('Document signed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign as Dominant' })).toHaveCount(0);
  await expectFocusKept(page, main);
});

test('toggling "Show details in notifications" keeps focus on the switch', async ({
  page,
  browser,
  request,
}) => {
  await seedCouple(browser, page, request);
  await openHydrated(page, '/settings');
  const details = page.getByRole('switch', { name: 'Show details in notifications' });
  // While the save is on its way, the switch keeps focus.
  const release = await pressWhileHeld(details, 'PUT', '/api/push/preferences', 'Space');
  release();
  await expect(details).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Notification settings saved').first()).toBeVisible();
  await expect(details).toBeFocused();
  await press(details, 'Space');
  await expect(details).toHaveAttribute('aria-checked', 'false');
  await expect(details).toBeFocused();
});

test('calling Red from the keyboard keeps focus on Red while the stop is on its way, and after', async ({
  page,
  browser,
  request,
}) => {
  await seedCouple(browser, page, request);
  await openHydrated(page, '/dashboard');
  const red = page.getByRole('button', { name: 'Red: stop everything' });
  // While the stop is on its way, the button keeps focus and says it is busy.
  const release = await pressWhileHeld(red, 'POST', '/api/stops');
  await expect(red).toHaveAttribute('aria-disabled', 'true');
  release();
  await expect(red).toHaveAttribute('aria-pressed', 'true');
  await expect(red).toBeFocused();
  await expect(red).not.toHaveAttribute('aria-disabled');
});

test('a panel opened while the next page is on its way keeps focus when the page arrives', async ({
  page,
  browser,
  request,
}) => {
  await seedCouple(browser, page, request);
  await openHydrated(page, '/tasks');
  // The dashboard's data is held, as a slow network holds it: the user opens the bell meanwhile.
  const release = await holdRequests(page, /\/dashboard\.data/);
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await twoFrames(page);
  // The new page's heading does not take focus from the panel, and so does not close it.
  await expect(panel).toBeVisible();
  await expect(panel.locator(':focus')).toHaveCount(1);
});
