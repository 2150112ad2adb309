import { createVerifiedUser, expect, logIn, PASSWORD, test } from './fixtures';
import { startProxy } from './proxy';
import { seedCouple, seedTask } from './seed';

// This file's subject includes the service worker (blocked elsewhere, playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('live updates come back after the proxy answered 502 for a while, without a reload', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const proxy = await startProxy(new URL(baseURL!));
  try {
    const dom = await createVerifiedUser(request, {
      label: 'dom',
      role: 'dominant',
      displayName: 'Remy Dom',
    });
    const sub = await createVerifiedUser(request, {
      label: 'sub',
      role: 'submissive',
      displayName: 'Sky Sub',
    });
    // The submissive's browser goes through the proxy (cookies are per host, not per port).
    await logIn(page, sub.email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard/);
    const subId = ((await (await page.request.get('/api/me')).json()) as { user: { id: string } }).user.id;
    await page.goto(`${proxy.origin}/dashboard`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => proxy.openStreams()).toBeGreaterThan(0);

    // The app restarts behind the proxy: streams drop, and every reconnection is answered 502.
    proxy.fail();
    await expect.poll(() => proxy.refusedStreams(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    proxy.recover();
    await expect.poll(() => proxy.openStreams(), { timeout: 20_000 }).toBeGreaterThan(0);

    // A change made now (the dominant, signed in on another device) reaches the open page live.
    const signedIn = await request.post('/api/auth/login', {
      data: { email: dom.email, password: PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    const sent = await request.post('/api/partner-requests', { data: { receiverId: subId } });
    expect(sent.status()).toBe(201);
    const dialog = page.getByRole('dialog', { name: 'Connection Request' });
    await expect(dialog.getByText('Remy Dom', { exact: true })).toBeVisible();
  } finally {
    await proxy.close();
  }
});

test("a partner's change made while the stream was refused shows once it is back, without a reload", async ({
  page: dom,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const proxy = await startProxy(new URL(baseURL!));
  const { sub } = await seedCouple(browser, dom, request, { dominant: 'Quinn Dom', submissive: 'Rowan Sub' });
  try {
    // The submissive's browser goes through the proxy (cookies are per host, not per port).
    await sub.page.goto(`${proxy.origin}/tasks`);
    await expect(sub.page.getByText('No active tasks found')).toBeVisible();
    await expect(sub.page.locator('html')).toHaveAttribute('data-live', 'ready');
    // Gone after a reload: the page must catch up by itself.
    await sub.page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });

    // The app restarts behind the proxy: the stream drops and its reconnections are answered 502.
    proxy.fail();
    await expect.poll(() => proxy.refusedStreams(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    // Meanwhile the dominant, reaching the app directly, assigns a task: its event finds no stream.
    await seedTask(dom, sub.id, { title: 'Repot the basil' });
    await expect.poll(() => proxy.refusedStreams(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await expect(sub.page.locator('html')).not.toHaveAttribute('data-live', 'ready');
    await expect(sub.page.getByText('Repot the basil')).toHaveCount(0);

    proxy.recover();
    await expect(sub.page.locator('html')).toHaveAttribute('data-live', 'ready', { timeout: 40_000 });
    await expect(sub.page.getByTestId('task-card').filter({ hasText: 'Repot the basil' })).toBeVisible();
    expect(await sub.page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  } finally {
    await sub.page.context().close();
    await proxy.close();
  }
});

test('offline, the open page stays with its typed text and says so; back online it catches up by itself', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, dom, request, { dominant: 'Tate Dom', submissive: 'Uma Sub' });
  try {
    await sub.page.goto('/journal');
    await expect(sub.page.getByRole('heading', { name: 'Conversation with Tate Dom' })).toBeVisible();
    await expect(sub.page.locator('html')).toHaveAttribute('data-live', 'ready');
    const composer = sub.page.getByRole('textbox', { name: 'Message' });
    await composer.fill('Typed on the train');

    await sub.page.context().setOffline(true);
    const offline = sub.page.getByRole('status').filter({ hasText: 'You are offline.' });
    await expect(offline).toBeVisible();
    // A notice, not a screen in the page's place.
    await expect(sub.page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
    await expect(composer).toHaveValue('Typed on the train');
    const sent = await dom.request.post('/api/journal/messages', {
      data: { partnerId: sub.id, content: 'Sent while you were offline' },
    });
    expect(sent.status()).toBe(201);

    await sub.page.context().setOffline(false);
    await expect(offline).toBeHidden();
    await expect(sub.page.getByTestId('connection-banner')).toBeHidden({ timeout: 30_000 });
    await expect(sub.page.locator('html')).toHaveAttribute('data-live', 'ready', { timeout: 30_000 });
    await expect(
      sub.page.getByTestId('journal-message').filter({ hasText: 'Sent while you were offline' }),
    ).toBeVisible();
    await expect(composer).toHaveValue('Typed on the train');
  } finally {
    await sub.page.context().close();
  }
});
