import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seedCouple } from './seed';

const STOPPED = 'Red was called. Nothing new can be asked until it is lifted.';
const QUESTION = 'How are you? What do you need?';

const aftercareCard = (page: Page) => page.getByTestId('aftercare-card');

test('Red during a punishment timer: the dominant sees it at once and cannot assign or lift; the lift asks both for aftercare; each answers', async ({
  page: dom,
  browser,
  request,
}) => {
  // Two partners through a whole stop and two rounds of aftercare.
  test.slow();
  const { sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  const created = await dom.request.post('/api/punishments', {
    data: {
      title: 'Corner time',
      assignedTo: s.id,
      timerEnabled: true,
      timerDuration: 20,
      aftercareRequired: true,
    },
  });
  expect(created.status()).toBe(201);
  await dom.goto('/punishments');
  await sub.goto('/punishments');
  for (const page of [sub, dom]) await expect(page.locator('html')).toHaveAttribute('data-live', 'ready');
  const subCard = sub.getByRole('article', { name: 'Corner time' });
  const domCard = dom.getByRole('article', { name: 'Corner time' });
  await expect(domCard.getByTestId('punishment-aftercare')).toHaveText('Aftercare required');
  await subCard.getByRole('button', { name: /Start Timer/ }).click();
  await expect(domCard.getByTestId('punishment-countdown')).toBeVisible();

  // The submissive calls Red while the timer runs: the dominant's open page shows it at once.
  await sub.getByRole('button', { name: 'Red: stop everything' }).click();
  await expect(dom.getByTestId('stop-banner')).toContainText(
    'Blake Sub called Red. Nothing new can be asked until they lift it.',
  );
  await expect(domCard.getByTestId('punishment-timer-paused')).toBeVisible();
  // Assigning is refused kindly, and the dominant has no way to lift it.
  await dom.getByRole('button', { name: 'Add Punishment' }).click();
  const form = dom.getByRole('form', { name: 'Add New Punishment' });
  await form.getByLabel('Title').fill('Lines');
  await form.getByRole('button', { name: 'Add Punishment' }).click();
  await expect(dom.getByText(STOPPED).first()).toBeVisible();
  await dom.keyboard.press('Escape');
  await expect(dom.getByRole('button', { name: 'Lift Red' })).toHaveCount(0);

  // The help page opens from Red's banner, and the way back leads to Pact.
  await sub.getByTestId('stop-help-link').click();
  await expect(sub.getByRole('heading', { name: 'Help and support', level: 1 })).toBeVisible();
  await expect(sub.getByText('Call your local emergency number now')).toBeVisible();
  await sub.getByRole('link', { name: 'Back to Pact' }).click();
  await expect(sub.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // The submissive lifts it: both are asked how they are, on the page they are on.
  await sub.getByTestId('stop-banner').getByRole('button', { name: 'Lift Red' }).click();
  await expect(dom.getByTestId('stop-banner')).toHaveCount(0);
  for (const page of [sub, dom]) {
    await expect(aftercareCard(page)).toContainText('Red was lifted.');
    await expect(aftercareCard(page).getByLabel(QUESTION)).toBeVisible();
  }
  await aftercareCard(sub).getByLabel(QUESTION).fill('A hug, and some water');
  await aftercareCard(sub).getByRole('button', { name: 'Send' }).click();
  await expect(aftercareCard(sub)).toHaveCount(0);
  // The dominant reads the answer on their own card, then answers theirs.
  await expect(aftercareCard(dom).getByTestId('aftercare-partner-answer')).toContainText(
    'Blake Sub answered:',
  );
  await expect(aftercareCard(dom)).toContainText('A hug, and some water');
  await aftercareCard(dom).getByLabel(QUESTION).fill('Here with you.');
  await aftercareCard(dom).getByRole('button', { name: 'Send' }).click();
  await expect(aftercareCard(dom)).toHaveCount(0);

  // The punishment marked "aftercare required", completed, asks again; once both answered it was given.
  await sub
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Punish/ })
    .click();
  await subCard.getByRole('button', { name: 'Mark complete' }).click();
  for (const page of [sub, dom])
    await expect(aftercareCard(page)).toContainText('After the punishment “Corner time”.');
  await expect(domCard.getByTestId('punishment-aftercare')).toHaveText('Aftercare asked');
  await aftercareCard(sub).getByRole('button', { name: 'Send' }).click();
  await aftercareCard(dom).getByRole('button', { name: 'Send' }).click();
  for (const page of [sub, dom]) await expect(aftercareCard(page)).toHaveCount(0);
  await expect(domCard.getByTestId('punishment-aftercare')).toHaveText('Aftercare given');
  await expect(subCard.getByTestId('punishment-aftercare')).toHaveText('Aftercare given');
  await sub.context().close();
});

test('dismissing aftercare closes the card and is not shown as a failure', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  await dom.goto('/dashboard');
  await sub.goto('/dashboard');
  for (const page of [sub, dom]) await expect(page.locator('html')).toHaveAttribute('data-live', 'ready');
  await sub.getByRole('button', { name: 'Red: stop everything' }).click();
  await sub.getByTestId('stop-banner').getByRole('button', { name: 'Lift Red' }).click();
  await expect(aftercareCard(sub)).toBeVisible();
  await aftercareCard(sub).getByRole('button', { name: 'Dismiss' }).click();
  await expect(aftercareCard(sub)).toHaveCount(0);
  // Focus is not lost when the card goes.
  await expect(sub.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeFocused();
  // The partner's card says nothing of it.
  await expect(aftercareCard(dom)).toBeVisible();
  await expect(aftercareCard(dom).getByTestId('aftercare-partner-answer')).toHaveCount(0);
  await sub.context().close();
});
