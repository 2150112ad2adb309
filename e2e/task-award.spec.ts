import type { Page } from '@playwright/test';
import { TASK_AWARD_TEXT } from '../src/shared/texts/tasks';
import { audit, type Finding } from './axe';
import { dismissToasts, expect, expectNoSidewaysScroll, test } from './fixtures';
import { seedCouple } from './seed';

const live = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-live', 'ready');
const balance = (page: Page) => page.getByTestId('points-balance');
const card = (page: Page, title: string) => page.getByTestId('task-card').filter({ hasText: title });

/** A second page of the same person, on the Rewards tab, waiting for the balance to change. */
async function rewardsBeside(page: Page) {
  const rewards = await page.context().newPage();
  await rewards.goto('/structure?tab=rewards');
  await expect(balance(rewards)).toHaveText('0');
  await live(rewards);
  return rewards;
}

test('a task worth 5 points: the submissive completes it and both balances read 5 without a reload', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request, { dominant: 'Cy Dom', submissive: 'Di Sub' });
  const sub = s.page;
  const [domRewards, subRewards] = await Promise.all([rewardsBeside(dom), rewardsBeside(sub)]);

  // The dominant sets the points in the task form: a number field with its label, hint and error.
  await dom.goto('/tasks');
  await dom
    .getByRole('button', { name: /Create Task|Assign Task/ })
    .first()
    .click();
  const form = dom.getByRole('form', { name: 'Create New Task' });
  await form.getByLabel('Title').fill('Polish the boots');
  const points = form.getByLabel(TASK_AWARD_TEXT.label);
  await expect(points).toHaveAccessibleDescription(TASK_AWARD_TEXT.hint);
  expect((await points.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await points.fill('1001');
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(form.getByText(TASK_AWARD_TEXT.invalid)).toBeVisible();
  await expect(points).toHaveAttribute('aria-invalid', 'true');
  await dismissToasts(dom);
  const found: Finding[] = [];
  await audit(dom, 'task form with points (light and dark)', found);
  expect(found).toEqual([]);
  await expectNoSidewaysScroll(dom);
  await points.fill('5');
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(dom.getByText('Task created', { exact: true })).toBeVisible();
  await expect(card(dom, 'Polish the boots').getByTestId('task-award')).toHaveText(
    '+5 points for completing',
  );

  // The submissive sees what it is worth, and completes it.
  await sub.goto('/tasks');
  const mine = card(sub, 'Polish the boots');
  await expect(mine.getByTestId('task-award')).toHaveText('+5 points for completing');
  await expectNoSidewaysScroll(sub);
  await mine.getByRole('button', { name: /^Complete/ }).click();
  await expect(sub.getByText('Task marked as complete')).toBeVisible();

  // Both Rewards tabs read 5, live; the ledger names why.
  await expect(balance(subRewards)).toHaveText('5');
  await expect(balance(domRewards)).toHaveText('5');
  await expect(subRewards.getByTestId('ledger-reason').first()).toHaveText(
    'For completing "Polish the boots"',
  );
  await sub.context().close();
});
