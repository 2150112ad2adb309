import type { Page } from '@playwright/test';
import { audit, describe, type Finding } from './axe';
import { expect, openNewTaskForm, test } from './fixtures';
import { seedCouple } from './seed';

/** Chooses an answer for one item, by its legend, and waits until it is saved. */
async function choose(page: Page, item: string, answer: 'Yes' | 'Maybe' | 'No') {
  const group = page.getByRole('group', { name: item, exact: true });
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/limits/answer') && r.ok());
  await group.getByText(answer, { exact: true }).click();
  await saved;
  await expect(group.getByRole('radio', { name: answer })).toBeChecked();
}

test('both partners fill their limits privately and finish; the Matches view shows only the overlaps', async ({
  page: dom,
  browser,
  request,
}) => {
  // Two partners answer a dozen items, live, and the whole catalogue (168 radios) is audited twice.
  test.slow();
  const { sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  await dom.goto('/contract');
  await dom.getByRole('link', { name: 'Limits' }).click();
  await expect(dom.getByRole('heading', { name: 'Limits', level: 1 })).toBeVisible();
  await sub.goto('/limits');
  for (const page of [sub, dom]) await expect(page.locator('html')).toHaveAttribute('data-live', 'ready');

  // The submissive adds an item of their own; the dominant sees it live, to answer it too.
  await sub.getByLabel('Add your own').fill('Breakfast in bed');
  await sub.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(sub.getByRole('group', { name: 'Breakfast in bed' })).toBeVisible();
  await expect(dom.getByRole('group', { name: 'Breakfast in bed' })).toBeVisible();

  const found: Finding[] = [];
  await audit(dom, 'limits list', found);
  await choose(dom, 'Cuffs', 'Yes');
  await choose(dom, 'Blindfold', 'Yes');
  await choose(dom, 'Rope', 'Yes');
  await choose(dom, 'Wax', 'Maybe');
  await choose(dom, 'Breakfast in bed', 'Yes');

  await choose(sub, 'Cuffs', 'Yes');
  await choose(sub, 'Blindfold', 'Maybe');
  await choose(sub, 'Rope', 'No');
  await choose(sub, 'Wax', 'Maybe');
  await choose(sub, 'Degrading words', 'No');
  await choose(sub, 'Breakfast in bed', 'Yes');

  // The submissive finishes first: the dominant learns that, and nothing else.
  await sub.getByRole('button', { name: "I've finished" }).click();
  await expect(sub.getByTestId('limits-status')).toContainText('You have finished your list.');
  await expect(dom.getByTestId('limits-status')).toContainText('Blake Sub has finished their list.');
  await expect(dom.getByTestId('limits-matches')).toHaveCount(0);

  await dom.getByRole('button', { name: "I've finished" }).click();
  for (const page of [dom, sub]) {
    const matches = page.getByTestId('limits-matches');
    await expect(matches).toBeVisible();
    const items = matches.getByTestId('limits-match');
    await expect(items).toHaveCount(3);
    await expect(items.filter({ hasText: 'Cuffs' })).not.toContainText('Maybe');
    await expect(items.filter({ hasText: 'Blindfold' })).toContainText('Maybe');
    await expect(items.filter({ hasText: 'Breakfast in bed' })).toHaveCount(1);
    for (const never of ['Rope', 'Wax', 'Degrading words']) await expect(matches).not.toContainText(never);
  }

  await audit(dom, 'limits matches', found);
  expect(describe(found)).toEqual([]);

  // A change takes effect at once, on both sides.
  await choose(sub, 'Cuffs', 'No');
  await expect(dom.getByTestId('limits-matches').getByTestId('limits-match')).toHaveCount(2);
});

test('a task tagged with the submissive’s No is refused kindly in the form; a Maybe becomes a request', async ({
  page: dom,
  browser,
  request,
}) => {
  test.slow();
  const { sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  await sub.goto('/limits');
  await choose(sub, 'Rope', 'No');
  await choose(sub, 'Wax', 'Maybe');

  await dom.goto('/dashboard');
  const form = await openNewTaskForm(dom);
  await form.getByLabel('Title').fill('Practise knots');
  const limits = form.getByRole('group', { name: 'Limits it touches (optional)' });
  await limits.getByRole('button', { name: 'Choose limits' }).click();
  await limits.getByLabel('Search limits').fill('rop');
  await limits.getByRole('checkbox', { name: 'Rope' }).check();
  await expect(limits.getByRole('button', { name: 'Remove Rope' })).toBeVisible();
  const refused = dom.waitForResponse((r) => r.url().endsWith('/api/tasks') && r.status() === 409);
  await form.getByRole('button', { name: 'Create Task' }).click();
  await refused;
  // The server's own words, in the form, saying nothing of whose No it is; the form stays open.
  const alert = form.getByRole('alert').filter({ hasText: 'said No to' });
  await expect(alert).toHaveText(
    "This touches a limit one of you said No to, so it can't be assigned. Remove that tag, or talk it over together.",
  );
  await expect(alert).not.toContainText('Blake');
  const found: Finding[] = [];
  await audit(dom, 'task form with a refusal', found);
  expect(describe(found)).toEqual([]);

  // Without it, and tagged with the submissive's Maybe: a request the submissive accepts first.
  await limits.getByRole('button', { name: 'Remove Rope' }).click();
  await expect(alert).toHaveCount(0);
  await limits.getByLabel('Search limits').fill('wax');
  await limits.getByRole('checkbox', { name: 'Wax' }).check();
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(dom.getByText('Task created', { exact: true })).toBeVisible();
  const domCard = dom.getByTestId('task-card').filter({ hasText: 'Practise knots' });
  await expect(domCard.getByTestId('limit-state')).toContainText('waiting for your partner');
  await expect(domCard.getByRole('list', { name: 'Limits' })).toContainText('Wax');

  await sub.goto('/tasks');
  const subCard = sub.getByTestId('task-card').filter({ hasText: 'Practise knots' });
  await expect(subCard.getByTestId('limit-state')).toContainText('declining costs nothing');
  await expect(subCard.getByRole('button', { name: /^Complete/ })).toHaveCount(0);
  await audit(sub, 'a request on the task card', found);
  expect(describe(found)).toEqual([]);
  await subCard.getByRole('button', { name: 'Accept Practise knots' }).click();
  await expect(subCard.getByTestId('limit-state')).toHaveCount(0);
  await expect(subCard.getByRole('button', { name: /^Complete/ })).toBeVisible();
});
