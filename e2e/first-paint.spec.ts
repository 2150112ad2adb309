import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedInUser } from './seed';

/** Everything the console reports on `page`: errors, uncaught exceptions and CSP violations. */
async function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  // Also the violations a browser reports only as events (zod's `new Function` probe was one).
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing and auth pages are already there, written at build time', async ({ page }) => {
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

  test('a form shown before its code runs cannot send a password in the address', async ({ page }) => {
    await page.goto('/auth');
    const login = page.getByRole('form', { name: 'Login' });
    await expect(login.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await login.getByLabel('Email').fill('someone@example.com');
    await login.getByLabel('Password').fill('Velvet#Rope42');
    await login.getByLabel('Password').press('Enter');
    await expect(login.getByLabel('Password')).toHaveValue('Velvet#Rope42');
    expect(page.url()).not.toContain('Velvet');
    expect(new URL(page.url()).search).toBe('');
  });

  test('a signed-in page shows the outline of the app, not a blank page', async ({ page }) => {
    await page.goto('/tasks');
    await expect(page.getByRole('status')).toHaveText('Loading Pact…');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks' }),
    ).toHaveClass(/text-primary/);
  });
});

test('a signed-out visit to / and /auth hydrates the written pages without a console error', async ({
  page,
}) => {
  const problems = await watchConsole(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Pact', level: 1 })).toBeVisible();
  // Hydrated, not drawn again: the mark of the written page stays, and a link now navigates in the page.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await expect(page.locator('#root[data-prerendered="home"]')).toBeAttached();
  // A link works as a link before the page is live (a page load); once live, it navigates in the page.
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  const login = page.getByRole('form', { name: 'Login' });
  await expect(login.getByRole('button', { name: 'Log in' })).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  for (const url of ['/auth', '/auth?tab=register']) {
    await page.goto(url);
    await expect(page.locator('#root[data-prerendered]')).toBeAttached();
    await expect(page.getByRole('button', { name: /^(Log in|Create account)$/ })).toBeEnabled();
  }
  // The forms work once hydrated: zod validates (jitless, without the probe the CSP would report).
  await page.getByRole('form', { name: 'Register' }).getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  expect(problems).toEqual([]);
});

test('a page paints from its HTML alone: styles inline, its code asked for only by the loader the CSP allows', async ({
  page,
  request,
}) => {
  for (const url of ['/', '/auth', '/dashboard']) {
    const page = await (await request.get(url)).text();
    // One inline script, the loader; its page code named in a JSON block.
    expect(page.match(/<script>/g)).toHaveLength(1);
    const html = page.replace(/<script>[^<]*<\/script>/, '');
    expect(html).toContain('<style>');
    // The stylesheet's link stays, disabled, so that no lazy chunk adds it again (the browser would then
    // restyle the whole page at once); a disabled link is never fetched.
    const disabledLink = /<link rel="stylesheet" href="\/assets\/index-[\w-]+\.css" disabled>/;
    expect(html).toMatch(disabledLink);
    expect(html.replace(disabledLink, '')).not.toMatch(
      /<link rel="stylesheet"|<script type="module"|rel="modulepreload"/,
    );
    expect(html).toMatch(
      /<script type="application\/json" id="pact-code">\{"entry":"\/assets\/index-[^"]+\.js"/,
    );
  }
  const problems = await watchConsole(page);
  await page.goto('/auth');
  await expect(
    page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Log in' }),
  ).toBeEnabled();
  const scripts = await page.evaluate(() =>
    [...document.querySelectorAll('script[type="module"]')].map((s) => (s as HTMLScriptElement).src),
  );
  expect(scripts).toHaveLength(1);
  expect(problems).toEqual([]);
});

test('what a visitor types before the page code has arrived is kept when it hydrates', async ({ page }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/auth-page-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/auth', { waitUntil: 'domcontentloaded' });
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill('early@example.com');
  await expect(login.getByRole('button', { name: 'Log in' })).toBeDisabled();
  release();
  await expect(login.getByRole('button', { name: 'Log in' })).toBeEnabled();
  await expect(login.getByLabel('Email')).toHaveValue('early@example.com');
  await login.getByLabel('Password').fill('Not-the-password1');
  await login.getByRole('button', { name: 'Log in' }).click();
  // The server was asked (the form found the e-mail it was given): no "Email is required".
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
});

test('a reset link whose token is in the hash is drawn afresh, not hydrated over the login form', async ({
  page,
}) => {
  await page.goto('/auth#type=recovery&token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Password recovery' })).toBeVisible();
  await expect(page.locator('#root[data-prerendered]')).not.toBeAttached();
});

test('a signed-in user opening / or /auth goes on to the dashboard; its data loads under outlines', async ({
  page,
  browser,
  request,
}) => {
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

  // The task list is drawn by the server with its data (decision 033): it is in the page even while the
  // browser's own read of the list is held back, so no outline or spinner shows at all.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/(tasks|task-completions)$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expect(page.getByText('No active tasks found')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading tasks…' })).toHaveCount(0);

  // A page written ahead (the full history): its data arrives late, under its outline, never a spinner.
  await page.goto('/task-history');
  await expect(page.getByRole('heading', { name: 'Task History', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading history…' })).toBeVisible();
  release();
  await expect(page.getByText('No completed tasks')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading history…' })).toHaveCount(0);
  expect(problems).toEqual([]);
});
