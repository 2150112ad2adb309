import { audit, describe, type Finding } from './axe';
import { dismissToasts, expect, openNewTaskForm, test } from './fixtures';
import { seedCouple } from './seed';

const PENDING = 'Your partner has not confirmed your first negotiation yet.';

test('the first negotiation holds the first assignment until the submissive confirms it; the dominant is refused kindly, then assigns', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request, undefined, false);
  const sub = s.page;
  await dom.goto('/dashboard');
  await sub.goto('/dashboard');
  for (const page of [sub, dom]) await expect(page.locator('html')).toHaveAttribute('data-live', 'ready');

  // Both see where to start, and the way to the Limits page.
  const domCard = dom.getByTestId('negotiation-card');
  await expect(domCard.getByRole('heading', { name: 'Start here: your first negotiation' })).toBeVisible();
  await expect(domCard).toContainText('Before you can assign Blake Sub anything');
  await expect(sub.getByTestId('negotiation-card')).toContainText(
    'Nothing can be assigned to you until you confirm it.',
  );
  await expect(dom.getByRole('link', { name: 'Open limits' })).toHaveAttribute('href', '/limits');

  // The dominant's first task is refused, kindly, with what was typed kept; nothing is made.
  const form = await openNewTaskForm(dom);
  await form.getByLabel('Title').fill('Fold the laundry');
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(dom.getByText(PENDING).first()).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue('Fold the laundry');
  await dom.keyboard.press('Escape');
  expect((await (await dom.request.get('/api/tasks')).json()).tasks).toEqual([]);

  // The submissive goes through the steps on one page and confirms.
  await sub.getByTestId('negotiation-card').getByRole('link', { name: 'Open the negotiation' }).click();
  await expect(sub.getByRole('heading', { name: 'Your first negotiation', level: 1 })).toBeVisible();
  for (const step of [
    '1. Limits',
    '2. Safewords: Red and Yellow',
    '3. Check-ins',
    '4. Aftercare',
    '5. Caps',
  ]) {
    await expect(sub.getByRole('heading', { name: step, level: 2 })).toBeVisible();
  }
  await expect(sub.getByText('Red stops everything, at once, for both of you.')).toBeVisible();
  await sub.getByLabel('Your aftercare wishes').fill('A blanket and ten quiet minutes');
  await sub.getByRole('button', { name: 'Save', exact: true }).last().click();
  await expect(sub.getByText('Aftercare wishes saved')).toBeVisible();
  // Swiped away, as a user would before tapping the button it may cover at the bottom of a phone.
  await dismissToasts(sub);

  const found: Finding[] = [];
  await audit(sub, 'first negotiation', found);
  expect(describe(found)).toEqual([]);

  await sub.getByRole('button', { name: 'Confirm our first negotiation' }).click();
  await expect(sub.getByText('First negotiation confirmed')).toBeVisible();
  await expect(sub.getByRole('button', { name: 'Withdraw my confirmation' })).toBeVisible();

  // The dominant's dashboard follows at once: the card goes; the dominant reads the wishes.
  await expect(domCard).toHaveCount(0);
  await dom.goto('/negotiation');
  await expect(dom.getByTestId('partner-aftercare')).toContainText('A blanket and ten quiet minutes');
  await expect(dom.getByTestId('negotiation-status')).toContainText('Blake Sub confirmed this on');

  const again = await openNewTaskForm(dom);
  await again.getByLabel('Title').fill('Fold the laundry');
  await again.getByRole('button', { name: 'Create Task' }).click();
  await expect(dom.getByText('Task created', { exact: true })).toBeVisible();
  await sub.context().close();
});
