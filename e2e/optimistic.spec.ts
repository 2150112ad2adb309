import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { holdPosts } from './hold';
import { seedCouple, seedTask } from './seed';

/**
 * Optimistic writes (decisions 039 and 044): the change shows at once while the server's answer is held,
 * stays on screen when a refetch lands meanwhile (here a live event caused by the partner, which brings
 * the server's state from before the write), and is taken back when the server refuses, without losing
 * what the refetch brought.
 */

/** The page's event stream is ready: its first refetch has happened. */
const live = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-live', 'ready');

const REFUSED = { status: 500, message: 'Something went wrong on our side' };

test('a completed task stays completed through a refetch while the server holds it, and a refusal puts it back', async ({
  page,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, page, request, { dominant: 'Mo Dom', submissive: 'Ned Sub' });
  await seedTask(page, sub.id, { title: 'Make the bed' });
  await seedTask(page, sub.id, { title: 'Sweep the hall' });
  const subPage = sub.page;
  await subPage.goto('/tasks');
  await live(subPage);
  const card = (title: string) => subPage.getByTestId('task-card').filter({ hasText: title });

  const hold = await holdPosts(subPage, '/api/tasks/*/complete');
  await card('Make the bed')
    .getByRole('button', { name: /^Complete/ })
    .click();
  await expect(card('Make the bed')).toHaveCount(0);
  // The partner assigns a task: the live event refetches the tasks, still open on the server.
  await seedTask(page, sub.id, { title: 'Water the plants' });
  await expect(card('Water the plants')).toBeVisible();
  await expect(card('Make the bed')).toHaveCount(0);
  expect(hold.held).toHaveLength(1);
  hold.release();
  await expect(subPage.getByText('Task marked as complete')).toBeVisible();
  await expect(card('Make the bed')).toHaveCount(0);
  await subPage.unroute('**/api/tasks/*/complete');

  const refused = await holdPosts(subPage, '/api/tasks/*/complete', REFUSED);
  await card('Sweep the hall')
    .getByRole('button', { name: /^Complete/ })
    .click();
  await expect(card('Sweep the hall')).toHaveCount(0);
  await seedTask(page, sub.id, { title: 'Fold the towels' });
  await expect(card('Fold the towels')).toBeVisible();
  await expect(card('Sweep the hall')).toHaveCount(0);
  refused.release();
  await expect(subPage.getByText('Failed to complete task')).toBeVisible();
  await expect(card('Sweep the hall').getByRole('button', { name: /^Complete/ })).toBeEnabled();
  // What the refetch brought stays.
  await expect(card('Fold the towels')).toBeVisible();
  await expect(card('Water the plants')).toBeVisible();
  await subPage.context().close();
});

test('a started timer stays started through a refetch while the server holds it, and a refusal stops it', async ({
  page,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, page, request, { dominant: 'Ola Dom', submissive: 'Pia Sub' });
  const punish = async (title: string) => {
    const created = await page.request.post('/api/punishments', {
      data: { title, assignedTo: sub.id, timerEnabled: true, timerDuration: 20 },
    });
    expect(created.status()).toBe(201);
  };
  await punish('Stand in the corner');
  await punish('Kneel by the door');
  const subPage = sub.page;
  await subPage.goto('/punishments');
  await live(subPage);
  const card = (title: string) => subPage.getByRole('article', { name: title });
  const start = (title: string) => card(title).getByRole('button', { name: /Start Timer/ });

  const hold = await holdPosts(subPage, '/api/punishments/*/timer');
  await start('Stand in the corner').click();
  await expect(start('Stand in the corner')).toHaveCount(0);
  await punish('Write lines');
  await expect(card('Write lines')).toBeVisible();
  await expect(start('Stand in the corner')).toHaveCount(0);
  hold.release();
  await expect
    .poll(async () => {
      const { punishments } = await (await subPage.request.get('/api/punishments')).json();
      return punishments.find((p: { title: string }) => p.title === 'Stand in the corner').timerStartTime;
    })
    .toEqual(expect.any(Number));
  await expect(start('Stand in the corner')).toHaveCount(0);
  await subPage.unroute('**/api/punishments/*/timer');

  const refused = await holdPosts(subPage, '/api/punishments/*/timer', REFUSED);
  await start('Kneel by the door').click();
  await expect(start('Kneel by the door')).toHaveCount(0);
  await punish('Say sorry');
  await expect(card('Say sorry')).toBeVisible();
  await expect(start('Kneel by the door')).toHaveCount(0);
  refused.release();
  // Spec 2 §8: a timer's failure has no message; the timer is simply not running.
  await expect(start('Kneel by the door')).toBeVisible();
  await expect(card('Say sorry')).toBeVisible();
  await subPage.context().close();
});

test('a notification marked read stays read through a refetch while the server holds it, and a refusal makes it unread again', async ({
  page,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, page, request, { dominant: 'Quin Dom', submissive: 'Rae Sub' });
  await seedTask(page, sub.id, { title: 'Make the bed' });
  const subPage = sub.page;
  await subPage.goto('/dashboard');
  await live(subPage);
  const bell = subPage.getByRole('button', { name: /^Notifications, \d+ unread/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

  const hold = await holdPosts(subPage, '/api/notifications/*/read');
  await bell.click();
  await subPage
    .getByRole('button', { name: /New Task.*\(unread\)|\(unread\)/ })
    .first()
    .click();
  await expect(bell).toHaveAccessibleName('Notifications, 0 unread');
  // The partner's next task: a live event refetches the notifications, the first one still unread there.
  await seedTask(page, sub.id, { title: 'Sweep the hall' });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  hold.release();
  await expect
    .poll(async () => (await (await subPage.request.get('/api/notifications')).json()).unreadCount)
    .toBe(1);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await subPage.unroute('**/api/notifications/*/read');

  const refused = await holdPosts(subPage, '/api/notifications/*/read', REFUSED);
  await bell.click();
  await subPage
    .getByRole('button', { name: /\(unread\)/ })
    .first()
    .click();
  await expect(bell).toHaveAccessibleName('Notifications, 0 unread');
  await seedTask(page, sub.id, { title: 'Water the plants' });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  refused.release();
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await subPage.context().close();
});
