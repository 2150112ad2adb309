import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, type CDPSession, chromium, type Page, type Worker } from '@playwright/test';
import { confirmFirstNegotiation, expect, test } from './fixtures';
import { seedCouple, seedTask, sendRequest, signedInUser, signIn } from './seed';

// This file's subject includes the service worker (blocked elsewhere, playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** What these tests use of a service worker's global scope (the DOM library has no worker types). */
type WorkerScope = { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
declare const NotificationEvent: new (
  type: string,
  init: { notification: Notification; action?: string },
) => Event;

/** The page, once Pact's service worker is active and controls it; and that worker. */
async function controlledBy(page: Page): Promise<Worker> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
  const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
  return worker;
}

/** The DevTools protocol's id for the service worker registration of the page's origin. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const own = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (own) resolve(own.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** The notifications the service worker shows, as the notification tray has them. */
const shownBy = (worker: Worker) =>
  worker.evaluate(async () => {
    const sw = self as unknown as WorkerScope;
    return (await sw.registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url ?? null,
    }));
  });

async function signedInPage(
  browser: import('@playwright/test').Browser,
  request: import('@playwright/test').APIRequestContext,
  viewportOf: Page,
): Promise<{ page: Page; context: BrowserContext }> {
  const { page } = await signedInUser(browser, request, {
    label: 'pwa',
    role: 'submissive',
    displayName: 'Robin Sub',
    viewportOf,
  });
  return { page, context: page.context() };
}

test('the manifest is linked and valid, Chromium finds Pact installable, and the service worker controls the page', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: 'Pact',
    short_name: 'Pact',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  for (const wanted of ['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']) {
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toContain(wanted);
  }
  const screenshots = manifest.screenshots as { src: string; form_factor: string }[];
  expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const file of [
    ...icons.map((i) => i.src),
    ...screenshots.map((s) => s.src),
    '/icons/apple-touch-icon.png',
  ]) {
    const response = await page.request.get(file);
    expect(response.status(), file).toBe(200);
    expect(response.headers()['content-type'], file).toMatch(/^image\//);
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );

  await controlledBy(page);
  const cdp = await page.context().newCDPSession(page);
  const { errors: manifestErrors } = await cdp.send('Page.getAppManifest');
  expect(manifestErrors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's contexts are off the record, which Chromium never offers to install from; nothing else.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
});

test('after a first visit the app shell loads offline, and a screen that cannot load says so', async ({
  page: viewportOf,
  browser,
  request,
}) => {
  const { page, context } = await signedInPage(browser, request, viewportOf);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await controlledBy(page);

  // Nothing the API answered (the user's data, media) is in any cache of the browser.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);

  await context.setOffline(true);
  expect(
    await page.evaluate(() =>
      fetch('/api/me').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');
  // A public page draws from the precached shell and chunks alone.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Pact', level: 1 })).toBeVisible();
  // A signed-in screen needs the server: it says that Pact is offline, with a way to try again.
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  // Back online, the screen loads by itself.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await context.close();
});

test('a push shows a notification, discreet when it carries nothing readable, and its tap opens its screen', async ({
  page: viewportOf,
  browser,
  request,
  baseURL,
}) => {
  const { page, context } = await signedInPage(browser, request, viewportOf);
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const worker = await controlledBy(page);
  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp, origin);

  // A push is delivered to a running or a woken worker; on a busy machine a first delivery may come before
  // the worker can take it, so it is sent again until shown (the tag makes a repeat replace the first).
  const deliver = (data: string, expected: object) =>
    expect(async () => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data });
      await expect.poll(() => shownBy(worker), { timeout: 2000 }).toContainEqual(expected);
    }).toPass({ timeout: 20_000 });

  const discreet = { title: 'Pact', body: 'New activity in Pact', tag: 'pact', url: '/dashboard' };
  await deliver('not json', discreet);
  expect(await shownBy(worker)).toEqual([discreet]);

  const payload = {
    title: 'New task',
    body: 'Water the plants',
    url: '/tasks?highlight=t-1',
    tag: 'task-t-1',
  };
  await deliver(JSON.stringify(payload), payload);

  // A tap: the worker's own notificationclick listener, given the shown notification. (DevTools cannot
  // click a notification; the event dispatched here is untrusted, so the browser grants it no right to
  // focus or open windows, which is why only the navigation of the open window is checked.)
  await worker.evaluate(async (tag) => {
    const sw = self as unknown as WorkerScope;
    const [notification] = await sw.registration.getNotifications({ tag });
    sw.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
  }, payload.tag);
  await expect(page).toHaveURL(/\/tasks\?highlight=t-1$/);
  await expect.poll(() => shownBy(worker)).not.toContainEqual(payload);
  await context.close();
});

test('"Call Red" on any notification calls Red for every pair, and the partner sees it at once', async ({
  page: dom,
  browser,
  request,
  baseURL,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  const context = sub.context();
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  await dom.goto('/tasks');
  await sub.goto('/dashboard');
  await expect(sub.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const worker = await controlledBy(sub);
  const cdp = await context.newCDPSession(sub);
  const id = await registrationId(cdp, origin);
  const discreet = { title: 'Pact', body: 'New activity in Pact', tag: 'pact', url: '/dashboard' };
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: 'not json' });
    await expect.poll(() => shownBy(worker), { timeout: 2000 }).toContainEqual(discreet);
  }).toPass({ timeout: 20_000 });
  // Every notification offers Red, in the same plain words on a discreet one.
  const actions = await worker.evaluate(async () => {
    const sw = self as unknown as WorkerScope;
    const [notification] = await sw.registration.getNotifications({ tag: 'pact' });
    return (notification as Notification & { actions: { action: string; title: string }[] }).actions;
  });
  expect(actions).toEqual([expect.objectContaining({ action: 'red', title: 'Call Red' })]);

  await worker.evaluate(async () => {
    const sw = self as unknown as WorkerScope;
    const [notification] = await sw.registration.getNotifications({ tag: 'pact' });
    sw.dispatchEvent(
      new NotificationEvent('notificationclick', { notification: notification!, action: 'red' }),
    );
  });
  await expect(dom.getByTestId('stop-banner')).toContainText(
    'Blake Sub called Red. Nothing new can be asked until they lift it.',
  );
  await expect(sub.getByTestId('stop-banner')).toContainText('You called Red.');
  await expect(sub.getByRole('button', { name: 'Red: stop everything' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(() => shownBy(worker)).not.toContainEqual(discreet);

  // Signed out, the action cannot call Red: a notification says so rather than failing silently. An untrusted
  // event does not keep the worker alive, so the wait for what it shows happens inside the worker.
  await context.clearCookies();
  const said = await worker.evaluate(async () => {
    const sw = self as unknown as WorkerScope;
    await sw.registration.showNotification('Pact', { body: 'New activity in Pact', tag: 'again' });
    const [notification] = await sw.registration.getNotifications({ tag: 'again' });
    sw.dispatchEvent(
      new NotificationEvent('notificationclick', { notification: notification!, action: 'red' }),
    );
    for (let tries = 0; tries < 150; tries += 1) {
      const [shown] = await sw.registration.getNotifications({ tag: 'pact-red' });
      if (shown) return { title: shown.title, body: shown.body, url: (shown.data as { url: string }).url };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return null;
  });
  expect(said).toEqual({ title: 'Red was not called', body: 'Open Pact and press Red.', url: '/dashboard' });
  await context.close();
});

test('a new version waits for the user: "Reload to update" activates it and reloads every page', async ({
  page,
}) => {
  await page.goto('/');
  await controlledBy(page);
  await page.evaluate(() => {
    (window as unknown as { before: boolean }).before = true;
  });
  // The next deploy, as the browser sees it: a new worker script for the same scope (the server answers
  // /sw.js whatever the query; a different script address is always a new version).
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next', { scope: '/' }));
  const toast = page.getByText('A new version of Pact is ready');
  await expect(toast).toBeVisible();
  // It waits: the page keeps the version it was loaded with until the user chooses.
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
  ).toBe('installed');
  await page.getByRole('button', { name: 'Reload to update' }).click();
  await expect
    .poll(() =>
      page
        .evaluate(() => (window as unknown as { before?: boolean }).before ?? false)
        .catch(() => true /* the page is reloading */),
    )
    .toBe(false);
  // The new version controls the reloaded page. (Pact registers /sw.js again once loaded: for the browser
  // another new version, which waits in turn; a real deploy keeps the address.)
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js\?next$/);
  await expect(page.getByRole('heading', { name: 'Pact', level: 1 })).toBeVisible();
});

/**
 * A browser profile on disk, like a person's: Playwright's own contexts are off the record, where Chromium
 * denies notifications and never offers to install. Closed and removed by `close`.
 */
async function personalBrowser(like: Page, args: string[] = []) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pact-profile-'));
  const { launchOptions, baseURL, colorScheme } = test.info().project.use;
  const context = await chromium.launchPersistentContext(dir, {
    ...launchOptions,
    args: [...(launchOptions?.args ?? []), ...args],
    baseURL,
    colorScheme: colorScheme ?? 'light',
    viewport: like.viewportSize(),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const close = async () => {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { context, page, close };
}

test('on a personal profile Chromium finds nothing that prevents installing Pact', async ({ page: like }) => {
  const personal = await personalBrowser(like);
  await personal.page.goto('/');
  await controlledBy(personal.page);
  const cdp = await personal.context.newCDPSession(personal.page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  await personal.close();
});

test('once a partner is connected, the dashboard offers to install Pact when the browser can; Not now puts it away', async ({
  page: like,
  browser,
  request,
}) => {
  const { dom } = await seedCouple(browser, like, request);
  // Off the record (the test's own context) Chromium never offers to install: no card.
  await like.goto('/dashboard');
  await expect(like.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(like.locator('html[data-hydrated]')).toBeAttached();
  await expect(like.getByTestId('install-card')).toHaveCount(0);

  // On a personal profile, with Chromium's wait for engagement bypassed, its own event brings the card.
  const personal = await personalBrowser(like, ['--bypass-app-banner-engagement-checks']);
  const page = personal.page;
  await signIn(page, dom.email);
  await page.goto('/dashboard');
  await controlledBy(page);
  const card = page.getByRole('region', { name: 'Install Pact on this device' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Turn on discreet mode first: Pact is then installed as “Notes”');
  await expect(card.getByRole('link', { name: 'Discreet mode in Settings' })).toHaveAttribute(
    'href',
    '/settings#this-device',
  );
  // Install opens the browser's own dialog (a headless browser answers it at once); the event prompts once.
  await card.getByRole('button', { name: 'Install' }).click();
  await expect(card).toHaveCount(0);

  // A new visit, a new event: Not now puts the offer away on this device, across reloads.
  await page.reload();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Not now' }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await expect(card).toHaveCount(0);
  await personal.close();

  // Safari on an iPhone has no event: the card says how, and offers no button it cannot honour.
  const iphone = await browser.newContext({
    viewport: like.viewportSize(),
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });
  const safari = await iphone.newPage();
  await signIn(safari, dom.email);
  await safari.goto('/dashboard');
  const steps = safari.getByRole('region', { name: 'Install Pact on this device' });
  await expect(steps).toContainText('In Safari, tap Share, then Add to Home Screen.');
  await expect(steps.getByRole('button', { name: 'Install' })).toHaveCount(0);
  await iphone.close();
});

test('the dashboard card: permission status, the last 3 notifications, and a permission asked only on a tap', async ({
  page: like,
  browser,
  request,
  baseURL,
}) => {
  const personal = await personalBrowser(like);
  const page = personal.page;
  const sub = await signedInUser(browser, request, {
    label: 'card',
    role: 'submissive',
    displayName: 'Dee Sub',
    page,
  });
  const dom = await signedInUser(browser, request, {
    label: 'card-dom',
    role: 'dominant',
    displayName: 'Cass Dom',
    viewportOf: like,
  });
  const requestId = await sendRequest(dom.page, sub.id);
  expect((await page.request.post(`/api/partner-requests/${requestId}/accept`)).status()).toBe(200);
  await confirmFirstNegotiation(page, dom.page, dom.id);
  for (const title of ['Fold the laundry', 'Write a letter', 'Stretch', 'Read a chapter']) {
    await seedTask(dom.page, sub.id, { title });
  }
  await dom.page.context().close();

  // Counts the times Pact asks for permission: never while loading, once per tap.
  await page.addInitScript(() => {
    const w = window as unknown as { permissionAsks: number };
    w.permissionAsks = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args) => {
      w.permissionAsks += 1;
      return ask(...args);
    };
  });
  // Headless Chromium denies notifications until told to ask, as a browser with a screen does.
  const origin = new URL(baseURL!).origin;
  const cdp = await personal.context.newCDPSession(page);
  const setPermission = (setting: 'prompt' | 'denied') =>
    cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting, origin });
  await setPermission('prompt');
  await page.goto('/dashboard');
  const card = page.getByTestId('notifications-card');
  await expect(card.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(card.getByTestId('push-status')).toHaveAttribute('data-permission', 'prompt');
  await expect(card.getByText('Permission: Not allowed yet')).toBeVisible();
  const items = card.getByTestId('recent-notifications').getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText('Read a chapter');
  await controlledBy(page);
  expect(await page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).toBe(0);
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.ready).pushManager.getSubscription()),
  ).toBeNull();

  // Allowed in the browser but not subscribed: the card stays, and a tap asks (and would subscribe).
  await personal.context.grantPermissions(['notifications'], { origin });
  await page.reload();
  await expect(card.getByTestId('push-status')).toHaveAttribute('data-permission', 'granted');
  await card.getByRole('button', { name: 'Enable Notifications' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks))
    .toBe(1);

  // Blocked: the card says what to do, and offers no button that cannot work.
  await personal.context.clearPermissions();
  await setPermission('denied');
  await page.reload();
  await expect(card.getByTestId('push-status')).toHaveAttribute('data-permission', 'denied');
  await expect(card.getByText('Permission: Blocked')).toBeVisible();
  await expect(card.getByText(/open the site settings/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Enable Notifications' })).toHaveCount(0);
  await personal.close();
});

test('the settings push panel: details and quiet hours are saved for the account, and a test push with no device says so', async ({
  page,
  browser,
  request,
}) => {
  await signedInUser(browser, request, { label: 'panel', role: 'dominant', displayName: 'Pat Dom', page });
  await page.goto('/settings');
  const panel = page.getByTestId('push-panel');
  await expect(panel.getByRole('heading', { name: 'Push notifications' })).toBeVisible();
  const preferences = async () =>
    (await (await page.request.get('/api/push/preferences')).json()).preferences as {
      showDetails: boolean;
      quietHours: { start: string; end: string; timeZone: string } | null;
    };
  expect(await preferences()).toEqual({ showDetails: false, quietHours: null });

  const details = panel.getByRole('switch', { name: 'Show details in notifications' });
  await expect(details).toHaveAttribute('aria-checked', 'false');
  // The hint says what the switch's state means.
  await expect(panel.getByText(/^Off: a notification says only "New activity in Pact"/)).toBeVisible();
  await details.click();
  await expect(page.getByText('Notification settings saved').first()).toBeVisible();
  await expect(details).toHaveAttribute('aria-checked', 'true');
  await expect(panel.getByText(/^On: a notification shows who did what/)).toBeVisible();
  await expect(panel.getByText(/^Off: /)).toHaveCount(0);
  await expect.poll(async () => (await preferences()).showDetails).toBe(true);

  const quiet = panel.getByRole('form', { name: 'Quiet hours' });
  await quiet.getByRole('checkbox', { name: 'Quiet hours' }).check();
  await quiet.getByLabel('Start').fill('23:00');
  await quiet.getByLabel('End').fill('06:30');
  await quiet.getByRole('button', { name: /save/i }).click();
  await expect
    .poll(async () => (await preferences()).quietHours)
    .toMatchObject({ start: '23:00', end: '06:30' });

  // After a reload the panel shows what the server keeps.
  await page.reload();
  await expect(details).toHaveAttribute('aria-checked', 'true');
  await expect(quiet.getByLabel('Start')).toHaveValue('23:00');

  await panel.getByRole('button', { name: 'Send a test notification' }).click();
  await expect(page.getByText('No device to notify')).toBeVisible();
});

test('"Enable Notifications" says why when the browser refuses or cannot subscribe', async ({
  page,
  browser,
  request,
}) => {
  // This browser is asked: it answers "prompt", and a tap's request is refused.
  await page.addInitScript(() => {
    const query = navigator.permissions.query.bind(navigator.permissions);
    navigator.permissions.query = (descriptor) =>
      descriptor.name === 'notifications'
        ? Promise.resolve({ state: 'prompt' } as PermissionStatus)
        : query(descriptor);
    Notification.requestPermission = () => Promise.resolve('denied');
  });
  await signedInUser(browser, request, { label: 'why', role: 'dominant', displayName: 'Vic Dom', page });
  await page.goto('/settings');
  const panel = page.getByTestId('push-panel');
  await panel.getByRole('button', { name: 'Enable Notifications' }).click();
  await expect(page.getByText('Notifications are blocked')).toBeVisible();

  // Allowed, but the subscription fails: that is said too, not swallowed.
  await page.evaluate(() => {
    Notification.requestPermission = () => Promise.resolve('granted');
    PushManager.prototype.subscribe = () =>
      Promise.reject(new DOMException('push service error', 'AbortError'));
  });
  await panel.getByRole('button', { name: 'Enable Notifications' }).click();
  await expect(page.getByText('Could not enable notifications')).toBeVisible();
});
