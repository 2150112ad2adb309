import { expect, test } from './fixtures';
import { seedCouple, seedTask, signIn } from './seed';

test('the task list: a second page loads, and a partner’s new task appears live without reading the list again', async ({
  page: dom,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { sub: s } = await seedCouple(browser, dom, request, {
    dominant: 'Pia Dom',
    submissive: 'Quinn Sub',
  });
  // One more than a page (TASK_PAGE, 50): the oldest is on the second page.
  for (let i = 0; i <= 50; i++) {
    await seedTask(dom, s.id, { title: `Chore ${String(i).padStart(2, '0')}` });
  }
  const sub = s.page;
  const lists: string[] = [];
  const single: string[] = [];
  sub.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/tasks' && r.method() === 'GET') lists.push(url.search);
    if (/^\/api\/tasks\/[0-9a-f-]{36}$/.test(url.pathname) && r.method() === 'GET') single.push(url.pathname);
  });
  await sub.goto('/tasks');
  await expect(sub.getByTestId('task-card').filter({ hasText: 'Chore 50' })).toBeVisible();
  await expect(sub.getByTestId('task-card').filter({ hasText: 'Chore 00' })).toBeVisible();
  expect(lists.some((search) => search.startsWith('?after='))).toBe(true);

  const listsBefore = lists.length;
  const fresh = await seedTask(dom, s.id, { title: 'A fresh chore' });
  await expect(sub.getByTestId('task-card').filter({ hasText: 'A fresh chore' })).toBeVisible();
  // Read by its id; the list is not read again, and every task is still there.
  expect(single).toContain(`/api/tasks/${fresh.id}`);
  expect(lists).toHaveLength(listsBefore);
  await expect(sub.getByTestId('task-card').filter({ hasText: 'Chore 00' })).toBeVisible();

  // Deleted by the dominant: gone from the list in place.
  expect((await dom.request.delete(`/api/tasks/${fresh.id}`)).status()).toBe(200);
  await expect(sub.getByTestId('task-card').filter({ hasText: 'A fresh chore' })).toHaveCount(0);
  expect(lists).toHaveLength(listsBefore);
});

test('the dominant deletes a task once asked: Cancel keeps it, Delete says so and it is gone on both screens, Undo brings it back on both', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  await seedTask(dom, s.id, { title: 'Water the plants' });
  await sub.goto('/tasks');
  await dom.goto('/tasks');
  for (const page of [dom, sub]) await expect(page.locator('html[data-live=ready]')).toBeAttached();
  const card = (page: typeof dom) => page.getByTestId('task-card').filter({ hasText: 'Water the plants' });
  const remove = card(dom).getByRole('button', { name: 'Delete Water the plants' });
  const dialog = dom.getByRole('dialog', { name: 'Delete task?' });

  await remove.click();
  await expect(dialog).toContainText(
    '"Water the plants" will be deleted with its history, photos and voice notes. You can undo it for a few seconds.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(card(dom)).toBeVisible();

  await remove.click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dom.getByText('Task deleted')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(card(dom)).toHaveCount(0);
  await expect(card(sub)).toHaveCount(0);

  // Undo on the toast (decision 099): the task is back on both screens, live, as it was.
  await dom.getByRole('button', { name: 'Undo' }).click();
  await expect(dom.getByText('Task restored')).toBeVisible();
  await expect(card(dom)).toBeVisible();
  await expect(card(sub)).toBeVisible();
  await expect(
    card(sub)
      .getByRole('button', { name: /Complete/ })
      .first(),
  ).toBeVisible();

  // Deleted again, it stays deleted once the toast has gone.
  await remove.click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(card(dom)).toHaveCount(0);
  await expect(card(sub)).toHaveCount(0);
  await sub.context().close();
});

test('a due date set in another time zone also shows the time it is due there', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, dom, request);
  // The dominant's account is in UTC (no zone at registration): the task is due at 9 PM there, tomorrow.
  const due = new Date();
  due.setUTCDate(due.getUTCDate() + 1);
  due.setUTCHours(21, 0, 0, 0);
  await seedTask(dom, sub.id, { title: 'Call at nine', dueDate: due.getTime() });
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo', viewport: dom.viewportSize() });
  const tokyo = await context.newPage();
  await signIn(tokyo, sub.email);
  await tokyo.goto('/tasks');
  const card = tokyo.getByTestId('task-card').filter({ hasText: 'Call at nine' });
  // 6 AM the next morning in Tokyo, and the time it was set for.
  await expect(card).toContainText('6:00 AM (');
  await expect(card).toContainText('9:00 PM UTC)');
  // On a device in the task's own zone, one time only.
  await dom.goto('/tasks');
  const own = dom.getByTestId('task-card').filter({ hasText: 'Call at nine' });
  await expect(own).toContainText('9:00 PM');
  await expect(own).not.toContainText('UTC)');
  await context.close();
});
