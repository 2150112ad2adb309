import { createVerifiedUser, expect, logIn, PASSWORD, test } from './fixtures';
import { sendRequest, signedInUser, signIn } from './seed';

test('two partners connect, see each other live, and disconnect, without a reload', async ({
  page: dom,
  browser,
  request,
}) => {
  const a = await createVerifiedUser(request, { label: 'dom', role: 'dominant', displayName: 'Avery Dom' });
  const b = await createVerifiedUser(request, { label: 'sub', role: 'submissive', displayName: 'Blake Sub' });
  const subContext = await browser.newContext({ viewport: dom.viewportSize() });
  const sub = await subContext.newPage();

  await logIn(dom, a.email, PASSWORD);
  await expect(dom.getByText('Not connected with any partners yet')).toBeVisible();
  await logIn(sub, b.email, PASSWORD);
  await expect(sub.getByText('Not connected with any partners yet')).toBeVisible();

  // A searches B by exact e-mail and sends a request.
  await dom.getByRole('button', { name: /^Connect/ }).click();
  const connect = dom.getByRole('dialog', { name: 'Connect with a partner' });
  await connect.getByLabel("Partner's email").fill('nobody@example.com');
  await expect(connect.getByText('No users found matching "nobody@example.com"')).toBeVisible();
  await connect.getByLabel("Partner's email").fill(b.email);
  await connect.getByRole('button', { name: /Blake Sub/ }).click();
  await expect(connect.getByRole('button', { name: 'Change' })).toBeVisible();
  await connect.getByRole('button', { name: 'Send Request' }).click();
  await expect(dom.getByText('Connection request sent')).toBeVisible();

  // B is told at once, and the request dialog opens by itself.
  // The toast (the dashboard's notifications card lists the same title).
  await expect(
    sub.locator('[data-sonner-toast]').filter({ hasText: 'New Connection Request' }),
  ).toBeVisible();
  const dialog = sub.getByRole('dialog', { name: 'Connection Request' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Avery Dom', { exact: true })).toBeVisible();
  // The badge counts unread notifications plus pending requests (spec 1, section 9), each request once:
  // its notification and the pending request are the same thing.
  await expect(sub.getByTestId('bell-badge')).toHaveText('1');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(sub.locator('[data-sonner-toast]').filter({ hasText: 'Connection accepted' })).toBeVisible();
  await expect(sub.getByTestId('partner-status')).toHaveText('Connected with 1 partner(s)');

  // A's header follows live; the bell carries the acceptance.
  await expect(dom.getByTestId('partner-status')).toHaveText('Connected with 1 partner(s)');
  await expect(dom.getByTestId('bell-badge')).toHaveText('1');
  await dom.getByRole('button', { name: /Notifications, 1 unread/ }).click();
  const menu = dom.getByRole('dialog', { name: 'Notifications' });
  await expect(menu.getByText('You are now connected with Blake Sub')).toBeVisible();
  await menu.getByRole('button', { name: 'Mark all read' }).click();
  await expect(dom.getByTestId('bell-badge')).toHaveCount(0);
  await dom.keyboard.press('Escape');

  // B disconnects; A is told and its header changes, still without a reload.
  await sub.getByTestId('partner-status').click();
  const partners = sub.getByRole('dialog', { name: 'Connected partners' });
  await partners.getByRole('button', { name: 'Remove Avery Dom' }).click();
  await partners.getByRole('button', { name: 'Disconnect' }).click();
  await expect(sub.getByTestId('partner-status')).toHaveText('Not connected with any partners yet');

  await expect(dom.getByText('Partner disconnected')).toBeVisible();
  await expect(dom.getByText('A connection has been terminated')).toBeVisible();
  await expect(dom.getByTestId('partner-status')).toHaveText('Not connected with any partners yet');
  await subContext.close();
});

test('reject and block: the sender can no longer find the blocker', async ({
  page: sub,
  browser,
  request,
}) => {
  const a = await createVerifiedUser(request, { label: 'pushy', role: 'dominant', displayName: 'Pushy Dom' });
  const b = await createVerifiedUser(request, {
    label: 'blocker',
    role: 'submissive',
    displayName: 'Careful Sub',
  });
  const domContext = await browser.newContext({ viewport: sub.viewportSize() });
  const dom = await domContext.newPage();
  await logIn(dom, a.email, PASSWORD);
  await logIn(sub, b.email, PASSWORD);
  await expect(sub.getByText('Not connected with any partners yet')).toBeVisible();

  await dom.getByRole('button', { name: /^Connect/ }).click();
  const connect = dom.getByRole('dialog', { name: 'Connect with a partner' });
  await connect.getByLabel("Partner's email").fill(b.email);
  await connect.getByRole('button', { name: /Careful Sub/ }).click();
  await connect.getByRole('button', { name: 'Send Request' }).click();

  const dialog = sub.getByRole('dialog', { name: 'Connection Request' });
  // Blocking asks first; cancelling leaves the request as it was.
  await dialog.getByRole('button', { name: 'Reject & Block' }).click();
  await expect(dialog.getByText('Block Pushy Dom?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('button', { name: 'Accept' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject & Block' }).click();
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(sub.getByText('Pushy Dom has been blocked and the request rejected')).toBeVisible();

  await dom.getByRole('button', { name: /^Connect/ }).click();
  await connect.getByLabel("Partner's email").fill(b.email);
  await expect(connect.getByText(`No users found matching "${b.email}"`)).toBeVisible();

  // A request link for a processed request shows the error view.
  await sub.goto('/dashboard?request=00000000-0000-4000-8000-000000000000');
  await expect(sub.getByRole('dialog', { name: 'Connection Request Error' })).toBeVisible();
  await expect(sub.getByText('This request could not be found or has already been processed.')).toBeVisible();
  await domContext.close();
});

test('requests waiting at sign-in are announced once, with their number', async ({
  page,
  browser,
  request,
}) => {
  const receiver = await createVerifiedUser(request, { label: 'popular', displayName: 'Popular Sub' });
  const receiverId = await signIn(page, receiver.email).then((u) => u.id);
  await page.request.post('/api/auth/logout');
  for (const name of ['Early Dom', 'Late Dom']) {
    const sender = await signedInUser(browser, request, {
      label: 'sender',
      role: 'dominant',
      displayName: name,
    });
    await sendRequest(sender.page, receiverId);
    await sender.page.context().close();
  }

  await logIn(page, receiver.email, PASSWORD);
  await expect(page.getByText('2 new connection request(s)')).toBeVisible();
  await expect(page.getByText('Someone wants to connect with you')).toBeVisible();

  // Not again in the same sign-in: a reload (or another page) says nothing new.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Connection Requests' })).toBeVisible();
  await expect(page.getByTestId('bell-badge')).toHaveText('2');
  await expect(page.getByText('2 new connection request(s)')).toHaveCount(0);
});
