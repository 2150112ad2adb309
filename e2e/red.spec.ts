import { expect, LAYOUT, openNewTaskForm, test } from './fixtures';
import { seedCouple, seedTask } from './seed';

const STOPPED = 'Red was called. Nothing new can be asked until it is lifted.';

test('the submissive calls Red in one tap: the dominant sees it live, cannot assign or lift it; the submissive lifts it', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  await dom.goto('/punishments');
  await sub.goto('/dashboard');
  await expect(dom.getByRole('button', { name: 'Add Punishment' })).toBeVisible();

  // One tap, no confirmation: the caller can always lift it.
  const red = sub.getByRole('button', { name: 'Red: stop everything' });
  await expect(red).toHaveAttribute('aria-pressed', 'false');
  await red.click();
  await expect(sub.getByText('Red called. Everything is paused until you lift it.')).toBeVisible();
  const subBanner = sub.getByTestId('stop-banner');
  await expect(subBanner).toContainText(
    'You called Red. Everything with Avery Dom is paused until you lift it.',
  );
  await expect(red).toHaveAttribute('aria-pressed', 'true');

  // The dominant's open page shows it at once, without a reload, and offers no way to lift it.
  const domBanner = dom.getByTestId('stop-banner');
  await expect(domBanner).toContainText('Blake Sub called Red. Nothing new can be asked until they lift it.');
  await expect(dom.getByRole('button', { name: 'Lift Red' })).toHaveCount(0);

  // Asking something now is refused, kindly, and nothing is made.
  await dom.getByRole('button', { name: 'Add Punishment' }).click();
  const form = dom.getByRole('form', { name: 'Add New Punishment' });
  await form.getByLabel('Title').fill('Lines');
  await form.getByRole('button', { name: 'Add Punishment' }).click();
  await expect(dom.getByText(STOPPED).first()).toBeVisible();
  await dom.keyboard.press('Escape');
  expect((await (await dom.request.get('/api/punishments')).json()).punishments).toEqual([]);

  // Only the caller lifts it; both pages follow.
  await subBanner.getByRole('button', { name: 'Lift Red' }).click();
  await expect(sub.getByText('Red lifted')).toBeVisible();
  await expect(subBanner).toHaveCount(0);
  await expect(domBanner).toHaveCount(0);
  await expect(red).toHaveAttribute('aria-pressed', 'false');

  await dom.getByRole('button', { name: 'Add Punishment' }).click();
  await form.getByLabel('Title').fill('Lines');
  await form.getByRole('button', { name: 'Add Punishment' }).click();
  await expect(dom.getByText('Punishment Added')).toBeVisible();
  await sub.context().close();
});

test('Red is reached with the keyboard from the top of every page', async ({ page, browser, request }) => {
  const { sub: s } = await seedCouple(browser, page, request);
  const sub = s.page;
  for (const path of [
    '/dashboard',
    '/tasks',
    '/punishments',
    '/journal',
    '/contract',
    '/settings',
    '/check-ins',
  ]) {
    await sub.goto(path);
    const red = sub.getByRole('button', { name: 'Red: stop everything' });
    await expect(red).toBeVisible();
    // Within the first few Tab presses: after the skip link and the brand.
    let presses = 0;
    while (!(await red.evaluate((el) => el === document.activeElement)) && presses < 5) {
      await sub.keyboard.press('Tab');
      presses += 1;
    }
    await expect(red).toBeFocused();
  }
  await sub.keyboard.press('Enter');
  await expect(sub.getByTestId('stop-banner')).toContainText('You called Red.');
  await sub.context().close();
});

test('Red stops a running timer on both screens; after the lift it waits, paused, until the submissive resumes it', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  const created = await dom.request.post('/api/punishments', {
    data: { title: 'Corner time', assignedTo: s.id, timerEnabled: true, timerDuration: 20 },
  });
  expect(created.status()).toBe(201);
  await dom.goto('/punishments');
  await sub.goto('/punishments');
  for (const page of [sub, dom]) await expect(page.locator('html')).toHaveAttribute('data-live', 'ready');
  const subCard = sub.getByRole('article', { name: 'Corner time' });
  const domCard = dom.getByRole('article', { name: 'Corner time' });
  await subCard.getByRole('button', { name: /Start Timer/ }).click();
  await expect(domCard.getByTestId('punishment-countdown')).toBeVisible();

  await sub.getByRole('button', { name: 'Red: stop everything' }).click();
  // Both screens show it stopped, with what it has left, and it no longer counts down.
  for (const card of [subCard, domCard]) {
    await expect(card.getByTestId('punishment-timer-paused')).toContainText(/Paused, (19|20):\d\d left/);
  }
  const left = await subCard.getByTestId('punishment-countdown').textContent();
  await expect(subCard.getByRole('button', { name: /Resume Timer/ })).toBeVisible();

  await sub.getByTestId('stop-banner').getByRole('button', { name: 'Lift Red' }).click();
  await expect(sub.getByTestId('stop-banner')).toHaveCount(0);
  // Lifting Red starts nothing by itself.
  await expect(subCard.getByTestId('punishment-timer-paused')).toBeVisible();
  await expect(subCard.getByTestId('punishment-countdown')).toHaveText(left ?? '');
  await expect(domCard.getByTestId('punishment-countdown')).toHaveText(left ?? '');

  await subCard.getByRole('button', { name: /Resume Timer/ }).click();
  await expect(subCard.getByTestId('punishment-timer-paused')).toHaveCount(0);
  await expect(domCard.getByTestId('punishment-timer-paused')).toHaveCount(0);
  await expect(domCard.getByTestId('punishment-countdown')).toBeVisible();
  await sub.context().close();
});

test('while Red lasts, a task falling due is on hold on both screens, not past due; the lift moves it on', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  await seedTask(dom, s.id, { title: 'Water the plants' });
  await dom.goto('/tasks');
  await sub.goto('/dashboard');
  const domCard = dom.getByRole('article', { name: 'Water the plants' });
  await expect(domCard).toContainText(/Due (today|tomorrow|\w+ \d+)/);
  await expect(sub.getByTestId('recent-task')).toContainText(/Due today|Upcoming/);

  await sub.getByRole('button', { name: 'Red: stop everything' }).click();
  await expect(domCard).toContainText('On hold (Red), due');
  await expect(sub.getByTestId('recent-task')).toContainText('On hold (Red)');

  await sub.getByTestId('stop-banner').getByRole('button', { name: 'Lift Red' }).click();
  await expect(domCard).not.toContainText('On hold');
  await expect(sub.getByTestId('recent-task')).not.toContainText('On hold');
  await sub.context().close();
});

test(
  'Red stays reachable over an open dialog: by keyboard and by pointer, announced, and the stop happens',
  LAYOUT,
  async ({ page: dom, browser, request }) => {
    const { sub: s } = await seedCouple(browser, dom, request);
    await dom.goto('/dashboard');
    const form = await openNewTaskForm(dom);
    const dialog = dom.getByRole('dialog', { name: 'Create New Task' });
    await expect(form).toBeVisible();
    // The dialog's first field has focus, never Red.
    const red = dialog.getByRole('button', { name: 'Red: stop everything' });
    await expect(red).toBeVisible();
    await expect(red).not.toBeFocused();

    // By keyboard: backwards from the first field, past the close button, to Red.
    let presses = 0;
    while (!(await red.evaluate((el) => el === document.activeElement)) && presses < 4) {
      await dom.keyboard.press('Shift+Tab');
      presses += 1;
    }
    await expect(red).toBeFocused();
    await dom.keyboard.press('Enter');
    await expect(red).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('status')).toHaveText(
      'Red called. Everything is paused until you lift it.',
    );
    const stops = async () => (await (await dom.request.get('/api/stops')).json()).stops as unknown[];
    expect(await stops()).toHaveLength(1);
    // The partner is stopped too, at once.
    await s.page.goto('/dashboard');
    await expect(s.page.getByTestId('stop-banner')).toContainText('Avery Dom called Red.');

    // Lifted; then by pointer, over the same dialog.
    await dom.keyboard.press('Escape');
    await dom.getByTestId('stop-banner').getByRole('button', { name: 'Lift Red' }).click();
    await expect(dom.getByTestId('stop-banner')).toHaveCount(0);
    await openNewTaskForm(dom);
    await dialog.getByRole('button', { name: 'Red: stop everything' }).click();
    await expect(dialog.getByRole('button', { name: 'Red: stop everything' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await stops()).toHaveLength(1);
    // Closing the dialog gives focus back to what opened it, and the banner is there.
    await dom.keyboard.press('Escape');
    await expect(dom.getByTestId('stop-banner')).toContainText('You called Red.');
    await s.page.context().close();
  },
);
