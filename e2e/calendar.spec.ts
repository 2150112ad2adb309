import type { Page } from '@playwright/test';
import { audit, BOTH_SCHEMES, type Finding } from './axe';
import { expect, expectNoSidewaysScroll, LAYOUT, test } from './fixtures';
import { holdRequests } from './hold';
import { seedCouple, seedTask } from './seed';

/**
 * The calendar (issue 26 part 4; decision 086): a week on phones, a month from 1024 px, with the tasks due,
 * the ritual days and the punishment timers of the pair; each item leads to its page.
 */

/** A task due in a few minutes, a ritual kept every day from today and a punishment whose timer runs. */
async function seedWeek(dom: Page, sub: Page, subId: string) {
  const task = await seedTask(dom, subId, { title: 'Water the ferns', dueDate: Date.now() + 5 * 60_000 });
  const ritual = await dom.request.post('/api/rituals', {
    data: { partnerId: subId, name: 'Evening tea', days: [1, 2, 3, 4, 5, 6, 7], time: '21:00' },
  });
  expect(ritual.status()).toBe(201);
  const punishment = await dom.request.post('/api/punishments', {
    data: { title: 'Corner time', assignedTo: subId, timerEnabled: true, timerDuration: 30 },
  });
  expect(punishment.status()).toBe(201);
  const punishmentId = (await punishment.json()).punishment.id as string;
  expect((await sub.request.post(`/api/punishments/${punishmentId}/timer`)).status()).toBe(200);
  return { taskId: task.id, punishmentId };
}

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toBeAttached();

test('the week shows the tasks due, the ritual days and the timers; its days are turned by week', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, dom, request);
  const { taskId, punishmentId } = await seedWeek(dom, sub.page, sub.id);
  const page = sub.page;

  // From the dashboard; rendered with its data, and nothing read again once hydrated.
  await page.goto('/dashboard');
  await hydrated(page);
  await holdRequests(page, '**/api/events');
  const reads: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/') && path !== '/api/events') reads.push(path);
  });
  await page.getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  // The page read its month after the address changed: wait for what it shows before counting afresh.
  await expect(
    page.locator('[data-testid=calendar-day]:visible').getByRole('link', { name: /Water the ferns/ }),
  ).toBeVisible();
  reads.length = 0;
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  expect(reads.filter((path) => path !== '/api/tasks')).toEqual([]);

  const today = page.locator('[data-testid=calendar-day]:visible').filter({
    has: page.locator('[aria-current=date]'),
  });
  await expect(today).toHaveCount(1);
  await expect(today.getByRole('link', { name: /Water the ferns/ })).toHaveAttribute(
    'href',
    `/tasks?highlight=${taskId}`,
  );
  await expect(today.getByRole('link', { name: /Corner time/ })).toHaveAttribute(
    'href',
    `/punishments?highlight=${punishmentId}`,
  );
  await expect(today.getByRole('link', { name: /Corner time/ })).toContainText('Timer running');
  await expect(today.getByRole('link', { name: /Evening tea/ })).toContainText('9:00 PM');
  await expect(page.getByTestId('calendar-month')).toBeHidden();
  await expectNoSidewaysScroll(page);

  // The week before is empty, and says so kindly; "This week" comes back.
  const title = page.locator('#calendar-week-title');
  const thisWeek = await title.textContent();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(title).not.toHaveText(thisWeek!);
  await expect(page.getByText('Nothing planned this week. Enjoy the calm.')).toBeVisible();
  await expect(page).toHaveURL(/\?at=\d{4}-\d{2}-\d{2}$/);
  await page.getByRole('button', { name: 'This week' }).click();
  await expect(title).toHaveText(thisWeek!);
  await expect(today.getByRole('link', { name: /Water the ferns/ })).toBeVisible();
  // The next week holds the ritual's days.
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(
    page.locator('[data-testid=calendar-day]:visible').getByRole('link', { name: /Evening tea/ }),
  ).toHaveCount(7);
  await page.getByRole('button', { name: 'This week' }).click();

  // An item leads to its page, highlighted there; the tasks page leads back.
  await today.getByRole('link', { name: /Water the ferns/ }).click();
  await expect(page).toHaveURL(new RegExp(`/tasks\\?highlight=${taskId}`));
  await expect(page.getByTestId('task-card').filter({ hasText: 'Water the ferns' })).toBeVisible();
  await page.getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
});

// The month grid shows from 1024 px only: its audit runs in both schemes there.
const MONTH_TAGS = { tag: [LAYOUT.tag, BOTH_SCHEMES.tag] };

test(
  'from 1024 px a month, its days chosen by click or arrow keys; at phone size a week',
  MONTH_TAGS,
  async ({ page: dom, browser, request }) => {
    const { sub } = await seedCouple(browser, dom, request);
    await seedWeek(dom, sub.page, sub.id);
    const found: Finding[] = [];
    await dom.goto('/calendar');
    await expect(dom.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    await hydrated(dom);
    const wide = (dom.viewportSize()?.width ?? 0) >= 1024;
    if (!wide) {
      await expect(dom.getByTestId('calendar-month')).toBeHidden();
      await expect(dom.getByRole('button', { name: 'Previous week' })).toBeVisible();
      await audit(dom, '/calendar (week)', found);
      expect(found).toEqual([]);
      return;
    }
    const month = dom.getByTestId('calendar-month');
    await expect(month).toBeVisible();
    await expect(dom.getByRole('button', { name: 'Previous week' })).toBeHidden();
    const todayCell = month.locator('[aria-current=date]');
    await expect(todayCell).toHaveCount(1);
    await expect(todayCell).toHaveAttribute('aria-pressed', 'true');
    await expect(todayCell).toContainText('Water the ferns');
    const panel = dom.locator('#calendar-day-title');
    const todayName = await panel.textContent();
    await expect(
      dom.getByTestId('calendar-day-items').getByRole('link', { name: /Corner time/ }),
    ).toBeVisible();
    await expectNoSidewaysScroll(dom);
    await audit(dom, '/calendar (month)', found);

    // One tab stop for the grid; the arrow keys move the day chosen, and the list below follows.
    await todayCell.focus();
    await dom.keyboard.press('ArrowRight');
    const next = month.locator('button[aria-pressed=true]');
    await expect(next).toBeFocused();
    await expect(panel).not.toHaveText(todayName!);
    await dom.keyboard.press('ArrowLeft');
    await expect(todayCell).toBeFocused();
    await expect(panel).toHaveText(todayName!);
    await expect(month.locator('button[tabindex="0"]')).toHaveCount(1);

    // Another month, and back with "Today".
    const title = dom.locator('#calendar-month-title');
    const thisMonth = await title.textContent();
    await dom.getByRole('button', { name: 'Next month' }).click();
    await expect(title).not.toHaveText(thisMonth!);
    await dom.getByRole('button', { name: 'Today' }).click();
    await expect(title).toHaveText(thisMonth!);
    await expect(panel).toHaveText(todayName!);
    expect(found).toEqual([]);
  },
);
