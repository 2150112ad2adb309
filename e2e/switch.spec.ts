import { confirmFirstNegotiation, expect, test } from './fixtures';
import { sendRequest, signedInUser, signIn } from './seed';

test('a Switch acting as submissive sees only what was assigned to them, and keeps that role for the session', async ({
  page,
  browser,
  request,
}) => {
  const sky = await signedInUser(browser, request, {
    label: 'sky',
    role: 'switch',
    displayName: 'Sky Switch',
    page,
  });
  const [sam, dana] = await Promise.all([
    signedInUser(browser, request, {
      label: 'sam',
      role: 'submissive',
      displayName: 'Sam Sub',
      viewportOf: page,
    }),
    signedInUser(browser, request, {
      label: 'dana',
      role: 'dominant',
      displayName: 'Dana Dom',
      viewportOf: page,
    }),
  ]);

  // Sky, acting as dominant, is Sam's dominant and assigns Sam a punishment.
  expect((await page.request.put('/api/me/session-role', { data: { role: 'dominant' } })).status()).toBe(200);
  const toSam = await sendRequest(page, sam.id);
  expect((await sam.page.request.post(`/api/partner-requests/${toSam}/accept`)).status()).toBe(200);
  await confirmFirstNegotiation(sam.page, page, sky.id);
  const given = await page.request.post('/api/punishments', {
    data: { title: 'Lines Sky gave', assignedTo: sam.id },
  });
  expect(given.status()).toBe(201);

  // A new session, chosen on the role card: submissive. Dana becomes Sky's dominant and assigns one.
  expect((await page.request.post('/api/auth/logout')).status()).toBe(200);
  await signIn(page, sky.email);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /submissive/ }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const toSky = await sendRequest(dana.page, sky.id);
  expect((await page.request.post(`/api/partner-requests/${toSky}/accept`)).status()).toBe(200);
  await confirmFirstNegotiation(page, dana.page, dana.id);
  const received = await dana.page.request.post('/api/punishments', {
    data: { title: 'Lines Dana gave', assignedTo: sky.id },
  });
  expect(received.status()).toBe(201);

  await page.goto('/punishments');
  await expect(page.getByText('View your assigned punishments and completion status')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lines Dana gave' })).toBeVisible();
  await expect(page.getByText('From Dana Dom')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lines Sky gave' })).toHaveCount(0);
  await expect(page.getByText('From Sky Switch')).toHaveCount(0);

  // The session keeps its role: asking for the other is refused, and the page stays as it was.
  const again = await page.request.put('/api/me/session-role', { data: { role: 'dominant' } });
  expect(again.status()).toBe(409);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Lines Dana gave' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lines Sky gave' })).toHaveCount(0);
  await sam.page.context().close();
  await dana.page.context().close();
});

test('a Switch who has not chosen a role yet can call Red from the role card, and lift it there', async ({
  page,
  browser,
  request,
}) => {
  const sky = await signedInUser(browser, request, {
    label: 'sky',
    role: 'switch',
    displayName: 'Sky Switch',
    page,
  });
  const sam = await signedInUser(browser, request, {
    label: 'sam',
    role: 'submissive',
    displayName: 'Sam Sub',
    viewportOf: page,
  });
  expect((await page.request.put('/api/me/session-role', { data: { role: 'dominant' } })).status()).toBe(200);
  const toSam = await sendRequest(page, sam.id);
  expect((await sam.page.request.post(`/api/partner-requests/${toSam}/accept`)).status()).toBe(200);
  expect((await page.request.post('/api/auth/logout')).status()).toBe(200);
  await signIn(page, sky.email);
  await page.goto('/dashboard');
  await sam.page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Choose Your Role for This Session' })).toBeVisible();

  // Stopping never waits for a choice: Red is on the role card, first in the tab order.
  const red = page.getByRole('button', { name: 'Red: stop everything' });
  await page.keyboard.press('Tab');
  await expect(red).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('stop-banner')).toContainText('You called Red.');
  await expect(sam.page.getByTestId('stop-banner')).toContainText('Sky Switch called Red.');

  await page.getByTestId('stop-banner').getByRole('button', { name: 'Lift Red' }).click();
  await expect(page.getByTestId('stop-banner')).toHaveCount(0);
  await expect(sam.page.getByTestId('stop-banner')).toHaveCount(0);
  await sam.page.context().close();
});
