import type { Page } from '@playwright/test';
import { audit, describe, type Finding } from './axe';
import { expect, expectNoSidewaysScroll, LAYOUT, test } from './fixtures';
import { seedCouple, seedTask } from './seed';

const say = async (from: Page, partnerId: string, content: string) =>
  expect(
    (
      await from.request.post('/api/journal/messages', { data: { partnerId, content, tone: 'green' } })
    ).status(),
  ).toBe(201);

test('the notification centre keeps messages from one partner together, filters by kind, updates live and opens what an entry is about', async ({
  page,
  browser,
  request,
}) => {
  const { dom, sub } = await seedCouple(browser, page, request, {
    dominant: 'Nico Dom',
    submissive: 'Ola Sub',
  });
  await seedTask(page, sub.id, { title: 'Water the plants' });
  for (const words of ['One', 'Two', 'Three']) await say(page, sub.id, words);

  // From the bell, as a user finds it.
  await sub.page.goto('/dashboard');
  await sub.page.getByRole('button', { name: /notification/i }).click();
  await sub.page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('link', { name: 'See all notifications' })
    .click();
  await expect(sub.page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const entries = sub.page.getByRole('list', { name: 'Notifications, newest first' }).getByRole('listitem');
  // The three messages are one entry with a count; the task is its own.
  await expect(entries.filter({ hasText: 'and 2 more' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Water the plants' })).toHaveCount(1);

  await sub.page.getByRole('button', { name: 'Tasks', exact: true, pressed: false }).click();
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Water the plants');
  await sub.page.getByRole('button', { name: 'All', exact: true }).click();

  // A fourth message arrives while the page is open: the entry counts it.
  await say(page, sub.id, 'Four');
  await expect(entries.filter({ hasText: 'and 3 more' })).toHaveCount(1);

  // Opening the entry reads all four and goes to the journal with that partner.
  await entries.filter({ hasText: 'and 3 more' }).getByRole('button').click();
  await expect(sub.page).toHaveURL(new RegExp(`/journal\\?partner=${dom.id}`));
  await expect
    .poll(
      async () =>
        ((await (await sub.page.request.get('/api/notifications')).json()) as { unreadCount: number })
          .unreadCount,
    )
    .toBe(1);
  await sub.page.context().close();
});

test(
  'the notification centre fits the screen, is reached by keyboard and passes axe',
  LAYOUT,
  async ({ page, browser, request }) => {
    const { sub } = await seedCouple(browser, page, request, { dominant: 'Pia Dom', submissive: 'Quin Sub' });
    await say(page, sub.id, 'Hello');
    await sub.page.goto('/notifications');
    await expect(sub.page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(sub.page.getByRole('list', { name: 'Notifications, newest first' })).toBeVisible();
    await expectNoSidewaysScroll(sub.page);
    await sub.page.getByRole('button', { name: 'Journal', exact: true }).focus();
    await sub.page.keyboard.press('Enter');
    await expect(sub.page.getByRole('button', { name: 'Journal', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const found: Finding[] = [];
    await audit(sub.page, '/notifications', found);
    expect(describe(found)).toEqual([]);
    await sub.page.context().close();
  },
);
