import type { Page } from '@playwright/test';
import { audit, describe, type Finding } from './axe';
import { createCouple, expect, expectNoSidewaysScroll, LAYOUT, test } from './fixtures';

/** Opens /record from Settings, as a user finds it. */
async function openRecord(page: Page) {
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Open the record' }).click();
  await expect(page.getByRole('heading', { name: 'Pair record', level: 1 })).toBeVisible();
}

test('the dominant assigns a task, the submissive completes it: both read it on /record, and Verify says it is intact', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub, subContext } = await createCouple(browser, dom, request);

  await dom.getByRole('link', { name: 'Tasks' }).click();
  await dom
    .getByRole('button', { name: /Create Task|Assign Task/ })
    .first()
    .click();
  const form = dom.getByRole('form', { name: 'Create New Task' });
  await form.getByLabel('Title').fill('Fold the laundry');
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(dom.getByText('Task created', { exact: true })).toBeVisible();

  await sub.getByRole('link', { name: 'Tasks' }).click();
  const card = sub.getByTestId('task-card').filter({ hasText: 'Fold the laundry' });
  await card.getByRole('button', { name: /Complete/ }).click();
  await expect(sub.getByText('Task marked as complete')).toBeVisible();

  for (const [page, assigner, completer] of [
    [dom, 'You', 'Blake Sub'],
    [sub, 'Avery Dom', 'You'],
  ] as const) {
    await openRecord(page);
    const entries = page.getByRole('list', { name: 'Entries, newest first' }).getByRole('listitem');
    // The couple's first negotiation, confirmed as they were made, is an entry of its own (decision 058).
    await expect(entries).toHaveCount(4);
    await expect(entries.nth(0)).toContainText(`${completer} completed a task: “Fold the laundry”`);
    await expect(entries.nth(0)).toContainText('On time');
    await expect(entries.nth(1)).toContainText(`${assigner} assigned a task: “Fold the laundry”`);
    await expect(entries.nth(3)).toContainText('began the pair');

    await page.getByLabel('Show').selectOption('task');
    await expect(entries).toHaveCount(2);

    const verify = page.getByRole('button', { name: 'Verify' });
    await verify.click();
    await expect(page.getByRole('status').filter({ hasText: 'intact' })).toContainText(
      'The record is intact: all 4 entries check out.',
    );
  }
  await subContext.close();
});

test(
  'the record page fits the screen and Verify is reached by keyboard',
  LAYOUT,
  async ({ page, browser, request }) => {
    const { subContext } = await createCouple(browser, page, request);
    await page.goto('/record');
    await expect(page.getByRole('heading', { name: 'Pair record', level: 1 })).toBeVisible();
    await expect(page.getByText('With Blake Sub (you are dominant)')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Verify' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('The record is intact: all 2 entries check out.')).toBeVisible();
    const found: Finding[] = [];
    await audit(page, '/record', found);
    expect(describe(found)).toEqual([]);
    await subContext.close();
  },
);
