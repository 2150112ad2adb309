import { expect, test } from './fixtures';
import { seedCouple, seedTask } from './seed';

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
