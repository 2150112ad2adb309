import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { holdRequests } from './hold';
import { completeTask, seedCouple, seedTask, signedInUser } from './seed';

// These tests read the console, where a blocked service worker would warn: it runs, as for a visitor
// (blocked elsewhere, playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * How pages arrive (decision 048): the public ones prerendered at build time, the signed-in ones rendered by
 * the server with their data, and both hydrated without a mismatch.
 */

/** Everything the console reports on `page`: errors, warnings, uncaught exceptions and CSP violations. */
async function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toBeAttached();

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing and auth pages are already there, prerendered at build time', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Pact', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('region', { name: 'Who Pact is for' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();

    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Log in or create your account' })).toBeVisible();
    const login = page.getByRole('form', { name: 'Login' });
    await expect(login.getByLabel('Email')).toBeVisible();
    await expect(login.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');

    await page.goto('/auth?tab=register');
    const register = page.getByRole('form', { name: 'Register' });
    await expect(register.getByLabel('Display name')).toBeVisible();
    await expect(register.getByRole('button', { name: 'Create account' })).toBeVisible();
  });

  test('the login form shown before its code runs is sent to its action, never in the address', async ({
    page,
  }) => {
    await page.goto('/auth');
    const login = page.getByRole('form', { name: 'Login' });
    await expect(login.getByRole('button', { name: 'Log in' })).toBeEnabled();
    await login.getByLabel('Email').fill('someone@example.com');
    await login.getByLabel('Password').fill('Velvet#Rope42');
    await login.getByLabel('Password').press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    expect(page.url()).not.toContain('Velvet');
    expect(new URL(page.url()).search).toBe('');
  });

  test('a visitor opening a signed-in page is sent to the login by the server', async ({ page }) => {
    await page.goto('/tasks');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Log in or create your account' })).toBeVisible();
  });
});

test('a signed-in page arrives rendered with its data, readable before any script runs', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, dom, request);
  await seedTask(dom, sub.id, { title: 'Water the ferns' });
  const state = await sub.page.context().storageState();
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: state });
  const page = await noScript.newPage();
  const response = await page.goto('/tasks');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(response?.headers()['content-security-policy']).toMatch(
    /script-src 'self' 'wasm-unsafe-eval' 'nonce-[\w+/=]+'/,
  );
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expect(page.getByTestId('task-card').filter({ hasText: 'Water the ferns' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Water the ferns')).toBeVisible();
  await expect(page.getByText('No contract yet')).toBeVisible();
  await noScript.close();
});

test('a signed-in page hydrates without a mismatch, asks the API for nothing it was rendered with, and works live', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, dom, request);
  await seedTask(dom, sub.id, { title: 'Sweep the porch' });
  const problems = await watchConsole(sub.page);
  // The stream is held back first: its first ready would read again what changed just now (the seeding).
  const releaseStream = await holdRequests(sub.page, '**/api/events');
  const reads: string[] = [];
  sub.page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/') && path !== '/api/events') reads.push(path);
  });
  await sub.page.goto('/tasks');
  await hydrated(sub.page);
  await expect(sub.page.getByRole('tab', { name: 'History' })).toBeEnabled();
  expect(reads).toEqual([]);
  await sub.page.goto('/dashboard');
  await hydrated(sub.page);
  await expect(sub.page.getByText('No contract yet')).toBeVisible();
  expect(reads).toEqual([]);

  // Live: a task sent now arrives without a reload, and the page answers a tap.
  releaseStream();
  await sub.page.goto('/tasks');
  await expect(sub.page.locator('html[data-live=ready]')).toBeAttached();
  await seedTask(dom, sub.id, { title: 'Fold the towels' });
  const card = sub.page.getByTestId('task-card').filter({ hasText: 'Fold the towels' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^Complete/ }).click();
  await expect(sub.page.getByText('Task marked as complete')).toBeVisible();
  expect(problems).toEqual([]);
});

test('the journal, the contract and settings arrive rendered with their data, and hydrate reading none of it again', async ({
  page: dom,
  browser,
  request,
}) => {
  const { dom: d, sub } = await seedCouple(browser, dom, request);
  const text = 'Kneel by the door at seven.';
  expect(
    (
      await dom.request.post('/api/journal/messages', { data: { partnerId: sub.id, content: text } })
    ).status(),
  ).toBe(201);
  expect((await dom.request.post('/api/contracts', { data: { partnerId: sub.id } })).status()).toBe(201);

  // Before any script: the page's own data is in its HTML.
  const state = await sub.page.context().storageState();
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: state });
  const page = await noScript.newPage();
  await page.goto('/journal');
  await expect(page.getByTestId('journal-message').filter({ hasText: text })).toBeVisible();
  await page.goto(`/contract?partner=${d.id}`);
  await expect(page.getByText('Version 1 · Last updated')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Contract text' })).toHaveValue(
    /^\*\*Relationship Agreement\*\*/,
  );
  await page.goto('/settings');
  await expect(page.getByRole('list', { name: 'Active sessions' }).getByText('This device')).toHaveCount(1);
  await noScript.close();

  // Hydrated, none of it is asked of the API again. The stream is held: its first ready may read again.
  const problems = await watchConsole(sub.page);
  await holdRequests(sub.page, '**/api/events');
  const reads: string[] = [];
  sub.page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/') && path !== '/api/events') reads.push(path);
  });
  for (const path of ['/journal', '/contract', '/settings']) {
    await sub.page.goto(path);
    await hydrated(sub.page);
  }
  await expect(sub.page.getByRole('list', { name: 'Active sessions' }).getByText('This device')).toHaveCount(
    1,
  );
  // The reminders read the tasks, which these pages are not rendered with, once the page is idle.
  expect(reads.filter((path) => path !== '/api/tasks')).toEqual([]);
  expect(problems).toEqual([]);
});

test('a change sent before a rendered page’s stream opened appears once it opens, without a reload', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, dom, request);
  await seedTask(dom, sub.id, { title: 'Rendered with the page' });
  const release = await holdRequests(sub.page, '**/api/events');
  const response = await sub.page.goto('/tasks');
  expect(await response?.text()).toContain('Rendered with the page');
  await seedTask(dom, sub.id, { title: 'Sent before the stream' });
  release();
  await expect(sub.page.locator('html[data-live=ready]')).toBeAttached();
  await expect(sub.page.getByTestId('task-card').filter({ hasText: 'Sent before the stream' })).toBeVisible();
});

test('dates are rendered in the browser’s time zone once the server knows it; before, the page is rendered again in it', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ timezoneId: 'Pacific/Kiritimati' });
  const page = await context.newPage();
  const problems = await watchConsole(page);
  await signedInUser(browser, request, { label: 'tz', role: 'dominant', displayName: 'Tia Zone', page });
  await context.clearCookies({ name: 'pact_tz' });
  await page.goto('/dashboard');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'pact_tz')?.value)
    .toBe('Pacific%2FKiritimati');
  const again = await page.goto('/dashboard');
  expect(await again?.text()).toContain('Pacific/Kiritimati');
  await hydrated(page);
  expect(problems).toEqual([]);
  await context.close();
});

test('every control is inert until its page is hydrated, then works at the first tap, under a slow CPU', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, dom, request);
  const task = await seedTask(dom, sub.id, { title: 'Wash the windows' });
  await completeTask(sub.page, task.id);
  const cdp = await dom.context().newCDPSession(dom);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  // The page's code is held back: the page is there, its history too, but not yet hydrated.
  const release = await holdRequests(dom, /\/assets\/entry\.client-[\w-]+\.js$/);
  await dom.goto('/tasks?tab=history', { waitUntil: 'commit' });
  const add = dom.getByRole('button', { name: 'Add feedback on Wash the windows' });
  await expect(add).toBeVisible();
  expect(await add.evaluate((button) => getComputedStyle(button).pointerEvents)).toBe('none');
  release();
  // Playwright taps as soon as the button takes a tap: that first tap opens the dialog.
  await add.click();
  const form = dom.getByRole('form', { name: 'Give feedback' });
  await form.getByLabel('Feedback').fill('Crystal clear.');
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(dom.getByText('Feedback Added', { exact: true })).toBeVisible();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

test('a signed-out visit hydrates the prerendered pages without a console error, and the forms work', async ({
  page,
}) => {
  const problems = await watchConsole(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Pact', level: 1 })).toBeVisible();
  await hydrated(page);
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(
    page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Log in' }),
  ).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await page.goto('/auth?tab=register');
  await hydrated(page);
  await page.getByRole('form', { name: 'Register' }).getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  expect(problems).toEqual([]);
});

test('what a visitor types before the page code has arrived is kept when it hydrates', async ({ page }) => {
  const release = await holdRequests(page, /\/assets\/entry\.client-[\w-]+\.js$/);
  await page.goto('/auth', { waitUntil: 'domcontentloaded' });
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill('early@example.com');
  release();
  await expect(login.getByRole('button', { name: 'Log in' })).toBeEnabled();
  await expect(login.getByLabel('Email')).toHaveValue('early@example.com');
  await login.getByLabel('Password').fill('Not-the-password1');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
});

test('a reset link whose token is in the hash opens the recovery form once hydrated', async ({ page }) => {
  await page.goto('/auth#type=recovery&token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Password recovery' })).toBeVisible();
});

test('a signed-in user opening / or /auth goes on to the dashboard', async ({ page, browser, request }) => {
  await signedInUser(browser, request, {
    label: 'paint',
    role: 'dominant',
    displayName: 'Quinn Paint',
    page,
  });
  const problems = await watchConsole(page);
  for (const url of ['/', '/auth']) {
    await page.goto(url);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test('a Switch is rendered the role chooser, and can choose once hydrated', async ({ browser, request }) => {
  const user = await signedInUser(browser, request, {
    label: 'sw',
    role: 'switch',
    displayName: 'Sam Switch',
  });
  const response = await user.page.goto('/dashboard');
  expect(await response?.text()).toContain('Choose Your Role for This Session');
  await user.page.getByRole('button', { name: /^Dominant/ }).click();
  await expect(user.page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await user.page.context().close();
});

test('titles are drawn in Pact’s own face, served by Pact and kept for a year; the text itself in the device’s', async ({
  page,
}) => {
  const fonts: { url: string; status: number; cache: string | undefined }[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.woff2')) {
      fonts.push({
        url: response.url(),
        status: response.status(),
        cache: response.headers()['cache-control'],
      });
    }
  });
  await page.goto('/');
  const title = page.getByRole('heading', { name: 'Pact', level: 1 });
  await expect(title).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await expect
    .poll(() => page.evaluate(() => document.fonts.check('600 32px "Fraunces Variable"')))
    .toBe(true);
  expect(await title.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"Fraunces Variable"/);
  const body = page.locator('main p').first();
  expect(await body.evaluate((el) => getComputedStyle(el).fontFamily)).not.toMatch(/Fraunces/);
  // One file, for Latin, from Pact itself (the CSP allows no other), cached as a built asset.
  expect(fonts).toHaveLength(1);
  expect(new URL(fonts[0]!.url).origin).toBe(new URL(page.url()).origin);
  expect(fonts[0]!.url).toMatch(/\/assets\/fraunces-latin-wght-normal-[\w-]+\.woff2$/);
  expect(fonts[0]!.status).toBe(200);
  expect(fonts[0]!.cache).toMatch(/immutable/);
});
