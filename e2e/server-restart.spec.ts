import type { APIRequestContext } from '@playwright/test';
import { audit, describe, type Finding } from './axe';
import { expect, PASSWORD, test, uniqueEmail } from './fixtures';
import { startOwnServer } from './own-server';
import { startProxy } from './proxy';

/** Registers on a server without e-mail verification: the context holding `request` is signed in. */
async function register(
  request: APIRequestContext,
  origin: string,
  account: { role: 'dominant' | 'submissive'; displayName: string },
) {
  const response = await request.post(`${origin}/api/auth/register`, {
    data: {
      ...account,
      email: uniqueEmail(account.role),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ageConfirmed: true,
    },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { status: string; user: { id: string } };
  expect(body.status).toBe('signed_in');
  return body.user.id;
}

const TYPED = 'Half a thought, not sent yet';

test('a restart behind a proxy answering 502 keeps the open page, its typed text and its live updates', async ({
  page,
  playwright,
}, testInfo) => {
  test.setTimeout(180_000);
  // A port of this project's own, next to the suite's, so that the phone and desktop runs never meet.
  const port = Number(process.env.E2E_PORT ?? 3210) + (testInfo.project.name === 'desktop' ? 2 : 1);
  const proxy = await startProxy(new URL(`http://127.0.0.1:${port}`));
  let server: Awaited<ReturnType<typeof startOwnServer>> | undefined;
  let dom: APIRequestContext | undefined;
  try {
    server = await startOwnServer({ port, appUrl: proxy.origin });
    // The dominant, on another device, reaches the server without the failing proxy.
    dom = await playwright.request.newContext({ baseURL: server.origin });
    await register(dom, server.origin, { role: 'dominant', displayName: 'Drew Dom' });
    // The submissive's browser goes through the proxy (its cookie is for the proxy's host).
    const subId = await register(page.request, proxy.origin, {
      role: 'submissive',
      displayName: 'Sasha Sub',
    });
    const sent = await dom.post('/api/partner-requests', { data: { receiverId: subId } });
    expect(sent.status()).toBe(201);
    const requestId = ((await sent.json()) as { request: { id: string } }).request.id;
    const accepted = await page.request.post(`${proxy.origin}/api/partner-requests/${requestId}/accept`);
    expect(accepted.status()).toBe(200);

    await page.goto(`${proxy.origin}/journal`);
    await expect(page.getByRole('heading', { name: 'Conversation with Drew Dom' })).toBeVisible();
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-live', 'ready');
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(TYPED);
    // Remembers the text box itself (a page rendered again, or a reload, would make a new one) and every
    // error or offline screen that comes up, however briefly.
    await page.evaluate(() => {
      const w = window as unknown as { kept: { box: Element | null; screens: string[] } };
      w.kept = { box: document.querySelector('textarea'), screens: [] };
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('h1, [role="alert"]')) {
          const text = element.textContent ?? '';
          if (/offline|went wrong|could not be loaded|Database connection/i.test(text))
            w.kept.screens.push(text);
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });

    // The app restarts behind the proxy, which answers 502 meanwhile.
    proxy.fail();
    const banner = page.getByRole('status').filter({ hasText: 'Reconnecting…' });
    await expect(banner).toBeVisible();
    await expect(html).not.toHaveAttribute('data-live', 'ready');
    const found: Finding[] = [];
    await audit(page, 'reconnecting banner', found);
    expect(describe(found)).toEqual([]);
    await server.restart();
    // Meanwhile the dominant writes in the journal: the submissive's stream is not there to hear it.
    const message = await dom.post('/api/journal/messages', {
      data: { partnerId: subId, content: 'Written while you were away' },
    });
    expect(message.status()).toBe(201);
    // The outage outlasts the point where the app used to give up (three tries of /api/me, about 3 s).
    await expect.poll(() => proxy.refused('/api/me'), { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    await expect.poll(() => proxy.refusedStreams(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await expect(banner).toBeVisible();
    await expect(composer).toHaveValue(TYPED);

    proxy.recover();
    await expect(banner).toBeHidden({ timeout: 30_000 });
    await expect(html).toHaveAttribute('data-live', 'ready', { timeout: 30_000 });
    expect(proxy.openStreams()).toBeGreaterThan(0);
    const messages = page.getByTestId('journal-message');
    await expect(messages.filter({ hasText: 'Written while you were away' })).toBeVisible();
    await expect(composer).toHaveValue(TYPED);
    expect(
      await page.evaluate(() => {
        const { kept } = window as unknown as { kept: { box: Element | null; screens: string[] } };
        return { sameBox: kept.box !== null && kept.box === document.querySelector('textarea'), ...kept };
      }),
    ).toMatchObject({ sameBox: true, screens: [] });

    // The kept text is sent as it is, and reaches the partner.
    await composer.press('Enter');
    await expect(messages.filter({ hasText: TYPED })).toBeVisible();
    await expect(composer).toHaveValue('');
    const read = await dom.get(`/api/journal/messages?partnerId=${subId}`);
    expect(JSON.stringify(await read.json())).toContain(TYPED);
  } finally {
    await dom?.dispose();
    await server?.close();
    await proxy.close();
  }
});
