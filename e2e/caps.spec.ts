import type { Page } from '@playwright/test';
import { audit, describe, type Finding } from './axe';
import { expect, openNewTaskForm, test } from './fixtures';
import { seedCouple, seedTask } from './seed';

const live = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-live', 'ready');

test('the submissive lowers the open-tasks cap at once, and the dominant’s next task is refused with the cap’s message', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  expect((await dom.request.post('/api/contracts', { data: { partnerId: s.id } })).status()).toBe(201);
  await seedTask(dom, s.id, { title: 'Water the plants', dueDate: Date.now() + 24 * 3600_000 });

  // Nothing is capped until both sign; the submissive lowers one cap now, without a signature.
  await sub.goto('/contract');
  await live(sub);
  const caps = sub.getByTestId('contract-caps');
  await expect(caps.getByTestId('caps-in-force').getByTestId('cap-openTasks')).toContainText('No cap');
  await caps.getByRole('button', { name: 'Lower now' }).click();
  const form = sub.getByRole('form', { name: 'Lower caps now' });
  const found: Finding[] = [];
  await audit(sub, 'contract caps, lower now', found);
  await sub.emulateMedia({ colorScheme: 'light' });
  await form.getByLabel('Open tasks at once').fill('1');
  await form.getByRole('button', { name: 'Lower now' }).click();
  await expect(sub.getByText('Caps lowered')).toBeVisible();
  await expect(caps.getByTestId('caps-in-force').getByTestId('cap-openTasks')).toContainText('1');
  await expect(sub.getByRole('form', { name: 'Lower caps now' })).toHaveCount(0);
  // The history says so, with the caps now in force.
  await sub.getByRole('button', { name: 'Show history' }).click();
  await expect(sub.getByTestId('history-list').locator('li').first()).toContainText('lowered a cap');
  await expect(sub.getByTestId('history-caps').first()).toContainText('Open tasks at once: 1');

  // Both read it on the Limits page too, beside their lists, with the way to the contract.
  await dom.goto('/limits');
  await expect(dom.getByTestId('limits-caps').getByTestId('limits-cap-openTasks')).toContainText('1');
  await dom.getByRole('link', { name: 'Set or lower them in the contract' }).click();
  await expect(dom).toHaveURL(/\/contract\?partner=/);

  // The dominant sees it on their contract page, and their next task is refused, naming the cap.
  await dom.goto('/contract');
  await expect(dom.getByTestId('caps-in-force').getByTestId('cap-openTasks')).toContainText('1');
  await expect(dom.getByTestId('contract-caps').getByRole('button', { name: 'Lower now' })).toHaveCount(0);
  const task = await openNewTaskForm(dom);
  await task.getByLabel('Title').fill('Fold the laundry');
  await task.getByRole('checkbox', { name: 'money' }).check();
  await task.getByRole('button', { name: 'Create Task' }).click();
  await expect(
    task.getByRole('alert').filter({ hasText: 'The contract allows at most 1 open task at once.' }),
  ).toBeVisible();
  // The form keeps what was written.
  await expect(task.getByLabel('Title')).toHaveValue('Fold the laundry');
  await audit(dom, 'task form, refused by a cap', found);
  expect(describe(found)).toEqual([]);
});
