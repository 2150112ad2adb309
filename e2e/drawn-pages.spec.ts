import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { completeTask, seedCouple, seedTask, signedInUser } from './seed';

/** Errors the page logs (a hydration that did not match its HTML is one) and errors it throws. */
function errorsOf(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Holds back the requests `url` matches until the returned function is called. */
async function holdBack(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A page come to life and past its first idle moment: its toasts are there. */
const settled = (page: Page) => expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();

test('a signed-in page arrives drawn with its data, hydrates without a mismatch and works', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, dom, request);
  await seedTask(dom, sub.id, { title: 'Water the ferns' });
  const errors = errorsOf(sub.page);
  // Styles are inline: neither the page nor its lazy chunks (the dialogs) ask for the stylesheet.
  const stylesheets: string[] = [];
  sub.page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet') stylesheets.push(r.url());
  });

  // The HTML itself holds the task: it paints before any script has run.
  const response = await sub.page.goto('/tasks');
  const html = (await response?.text()) ?? '';
  expect(html).toContain('data-drawn="server"');
  expect(html).toContain('Water the ferns');
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(sub.page.locator('html[data-live=ready]')).toBeAttached();

  // Hydrated: the page answers, and a change made now arrives live.
  const card = sub.page.getByTestId('task-card').filter({ hasText: 'Water the ferns' });
  await card.getByRole('button', { name: /^Complete/ }).click();
  await expect(sub.page.getByText('Task marked as complete')).toBeVisible();
  await seedTask(dom, sub.id, { title: 'Fold the towels' });
  await expect(sub.page.getByTestId('task-card').filter({ hasText: 'Fold the towels' })).toBeVisible();

  const dashboard = await sub.page.goto('/dashboard');
  expect(await dashboard?.text()).toContain('data-drawn="server"');
  await expect(sub.page.locator('html[data-live=ready]')).toBeAttached();
  await expect(sub.page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
  expect(stylesheets).toEqual([]);
  expect(await sub.page.locator('link[rel=stylesheet]:not([disabled])').count()).toBe(0);
});

test('drawn in the browser’s time zone once it is known; until then the page is drawn afresh, without errors', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ timezoneId: 'Pacific/Kiritimati' });
  const page = await context.newPage();
  const user = await signedInUser(browser, request, {
    label: 'tz',
    role: 'dominant',
    displayName: 'Tia Zone',
    page,
  });
  const errors = errorsOf(page);

  // The account was made without this zone: the first drawing is in another one, so the browser draws
  // the page itself, and remembers its zone for the server.
  await page.goto('/dashboard');
  await expect(page.locator('html[data-live=ready]')).toBeAttached();
  await expect(page.getByText(/Welcome, Tia Zone/)).toBeVisible();
  // It is told when the browser has a moment to spare.
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'pact_tz')?.value)
    .toBe('Pacific%2FKiritimati');

  // Drawn in its zone, the page comes to life without the browser's costly first use of its date data:
  // the page carries its zone's offsets (decision 035).
  await page.addInitScript(() => {
    const counted = window as unknown as { intlUses: number };
    counted.intlUses = 0;
    const Original = Intl.DateTimeFormat;
    Intl.DateTimeFormat = new Proxy(Original, {
      construct(target, args) {
        counted.intlUses += 1;
        return new target(...(args as []));
      },
      apply(target, self, args) {
        counted.intlUses += 1;
        return Reflect.apply(target, self, args);
      },
    });
  });
  const again = await page.goto('/dashboard');
  const html = (await again?.text()) ?? '';
  expect(html).toContain('"timeZone":"Pacific/Kiritimati"');
  await expect(page.locator('html[data-live=ready]')).toBeAttached();
  await expect(page.getByText(/Welcome, Tia Zone/)).toBeVisible();
  expect(await page.locator('#root').getAttribute('data-drawn')).toBe('server');
  expect(await page.evaluate(() => (window as unknown as { intlUses: number }).intlUses)).toBe(0);
  expect(errors).toEqual([]);
  expect(user.id).toBeTruthy();
  await context.close();
});

test('a change sent before a drawn page’s stream opened appears once it opens, without a reload', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, dom, request);
  await seedTask(dom, sub.id, { title: 'Drawn with the page' });
  // The stream is held back: what is sent meanwhile reaches no open stream of the submissive.
  const release = await holdBack(sub.page, '**/api/events');
  const response = await sub.page.goto('/tasks');
  expect(await response?.text()).toContain('Drawn with the page');
  await expect(sub.page.getByTestId('task-card').filter({ hasText: 'Drawn with the page' })).toBeVisible();
  await seedTask(dom, sub.id, { title: 'Sent before the stream' });
  release();
  await expect(sub.page.locator('html[data-live=ready]')).toBeAttached();
  // The stream's ready event says something was sent since the page's reads: the page reads them again.
  await expect(sub.page.getByTestId('task-card').filter({ hasText: 'Sent before the stream' })).toBeVisible();
});

test('a drawn page asks the API for nothing to come to life: its first render has all it reads', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, dom, request);
  await seedTask(dom, sub.id, { title: 'Sweep the porch' });
  // The stream is held back: its first ready would read again what changed just now (the seeding).
  await sub.page.route('**/api/events', () => new Promise(() => {}));
  const reads: string[] = [];
  sub.page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/') && path !== '/api/events') reads.push(path);
  });
  const tasks = await sub.page.goto('/tasks');
  expect(await tasks?.text()).toContain('data-drawn="server"');
  await expect(sub.page.getByRole('tab', { name: 'History' })).toBeEnabled();
  await settled(sub.page);
  expect(reads).toEqual([]);

  const dashboard = await sub.page.goto('/dashboard');
  const html = (await dashboard?.text()) ?? '';
  expect(html).toContain('data-drawn="server"');
  // The contract card is drawn with the contract (none yet), not with a skeleton.
  expect(html).toContain('No contract yet');
  await settled(sub.page);
  expect(reads).toEqual([]);
});

test('a dialog’s code is readied at the user’s first press, not while the page comes to life', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, dom, request);
  await seedTask(dom, sub.id, { title: 'Rake the leaves' });
  // The dialogs the task list opens on a tap (its other code comes with it).
  const dialogs: string[] = [];
  sub.page.on('request', (r) => {
    const file = /\/assets\/(task-form|above-and-beyond|complete-task)-dialog-[\w-]+\.js$/.exec(r.url())?.[1];
    if (file) dialogs.push(file);
  });
  await sub.page.goto('/tasks');
  await expect(sub.page.getByRole('tab', { name: 'History' })).toBeEnabled();
  await settled(sub.page);
  expect(dialogs).toEqual([]);

  // A press anywhere readies them, before its click has opened anything.
  await sub.page.getByRole('heading', { name: 'Tasks', level: 1 }).click();
  await expect.poll(() => dialogs).toEqual(expect.arrayContaining(['above-and-beyond']));
  await sub.page
    .getByRole('button', { name: /Above & Beyond|A&B/ })
    .first()
    .click();
  await expect(sub.page.getByRole('form', { name: 'Above & Beyond' })).toBeVisible();
});

test('a tap on a drawn page before its code has arrived is carried out once the page is live', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, dom, request);
  const task = await seedTask(dom, sub.id, { title: 'Wash the windows' });
  await completeTask(sub.page, task.id);
  // The page's code is held back: the page is drawn (its history too) but not yet alive.
  const release = await holdBack(dom, /\/assets\/index-[\w-]+\.js$/);
  await dom.goto('/tasks?tab=history');
  await dom.getByRole('button', { name: 'Add feedback on Wash the windows' }).click();
  await expect(dom.locator('html[data-hydrated]')).not.toBeAttached();
  release();
  // Not lost: the dialog the tap asked for opens once the page is live, and works.
  await expect(dom.locator('html[data-hydrated]')).toBeAttached();
  const form = dom.getByRole('form', { name: 'Give feedback' });
  await form.getByLabel('Feedback').fill('Crystal clear.');
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(dom.getByText('Feedback Added', { exact: true })).toBeVisible();
});

test('a Switch drawn the role chooser can choose once it is live: no screen is left with its taps kept', async ({
  browser,
  request,
}) => {
  const user = await signedInUser(browser, request, {
    label: 'sw',
    role: 'switch',
    displayName: 'Sam Switch',
  });
  const response = await user.page.goto('/dashboard');
  expect(await response?.text()).toContain('Choose Your Role for This Session');
  await expect(user.page.locator('html[data-hydrated]')).toBeAttached();
  await user.page.getByRole('button', { name: /^Dominant/ }).click();
  await expect(user.page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await user.page.context().close();
});
