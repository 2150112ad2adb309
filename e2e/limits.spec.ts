import type { Page } from '@playwright/test';
import { audit, describe, type Finding } from './axe';
import { expect, test } from './fixtures';
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
