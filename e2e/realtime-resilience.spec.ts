import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createVerifiedUser, expect, logIn, PASSWORD, test } from './fixtures';
import { seedCouple, seedTask } from './seed';

/**
 * A reverse proxy in front of the app, as nginx is in production, that can be told to answer 502 (as it
 * does while the app restarts) and to drop the event streams it carries.
 */
async function startProxy(target: URL) {
  let failing = false;
  let refusedStreams = 0;
  const streams = new Set<Duplex>();
  const server = http.createServer((req, res) => {
    const isStream = req.url?.startsWith('/api/events') ?? false;
    if (failing) {
      if (isStream) refusedStreams++;
      res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>502 Bad Gateway</h1>');
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
    if (isStream) {
      streams.add(res.socket!);
      res.on('close', () => streams.delete(res.socket!));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://localhost:${port}`,
    openStreams: () => streams.size,
    refusedStreams: () => refusedStreams,
    /** Starts answering 502 and cuts the streams in flight. */
    fail() {
      failing = true;
      for (const socket of streams) socket.destroy();
    },
    recover() {
      failing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections and the open stream would hold the close for ever.
        server.closeAllConnections();
      }),
  };
}

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
