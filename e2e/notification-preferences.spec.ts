import { expect, test } from './fixtures';
import { seedCouple, seedTask } from './seed';

const say = (from: import('@playwright/test').Page, partnerId: string, content: string) =>
  from.request.post('/api/journal/messages', { data: { partnerId, content, tone: 'green' } });

test('the submissive quiets Tasks in the app: a new task arrives read with no toast, a message still announces itself, and safety has no switch', async ({
  page,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, page, request, { dominant: 'Ivo Dom', submissive: 'Jo Sub' });
  await sub.page.goto('/settings');
  const kinds = sub.page.getByTestId('notification-kinds');
  await expect(kinds).toBeVisible();
  // Safety is listed, always on, and cannot be switched off.
  const safety = kinds.getByRole('row', { name: /Consent and safety/ });
  await expect(safety).toContainText('Always on');
  await expect(safety.getByRole('checkbox')).toHaveCount(0);

  const tasksInApp = kinds.getByRole('checkbox', { name: 'Tasks: in the app' });
  await expect(tasksInApp).toBeChecked();
  await tasksInApp.click();
  await expect(
    sub.page.locator('[data-sonner-toast]').filter({ hasText: 'Notification settings saved' }),
  ).toBeVisible();
  await expect(tasksInApp).not.toBeChecked();
  await expect(kinds.getByRole('checkbox', { name: 'Tasks: push' })).toBeChecked();
  // Kept by the server: a reload shows the same.
  await sub.page.reload();
  await expect(
    sub.page.getByTestId('notification-kinds').getByRole('checkbox', { name: 'Tasks: in the app' }),
  ).not.toBeChecked();

  await sub.page.goto('/dashboard');
  // The stream listening, so that what arrives next is announced live (or, quieted, is not).
  await expect(sub.page.locator('html')).toHaveAttribute('data-live', 'ready');
  const bell = sub.page.getByRole('button', { name: /notification/i });
  const unread = async () =>
    ((await (await sub.page.request.get('/api/notifications')).json()) as { unreadCount: number })
      .unreadCount;
  const before = await unread();
  await seedTask(page, sub.id, { title: 'Fold the laundry' });
  // A message after the task: when its toast shows, the task's would have shown first.
  expect((await say(page, sub.id, 'Hello there')).status()).toBe(201);
  const toasts = sub.page.locator('[data-sonner-toast]');
  await expect(toasts.filter({ hasText: /New message/i })).toBeVisible();
  await expect(toasts.filter({ hasText: 'Fold the laundry' })).toHaveCount(0);
  await expect.poll(unread).toBe(before + 1);

  // The task is still kept, read, in the centre.
  await bell.click();
  await sub.page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('link', { name: 'See all notifications' })
    .click();
  const entries = sub.page.getByRole('list', { name: 'Notifications, newest first' }).getByRole('listitem');
  await expect(entries.filter({ hasText: 'Fold the laundry' })).toHaveCount(1);
  await sub.page.context().close();
});
