import type { Page } from '@playwright/test';
import { expect, openNewTaskForm, test } from './fixtures';
import { holdPosts } from './hold';
import { seedCouple, seedTask } from './seed';

// This file's subject includes the service worker (blocked elsewhere, playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => page.getByTestId('journal-message');
const UNREACHABLE = "Couldn't reach Pact. Your text is kept; try again.";
/** The page's event stream is ready: its first refetch has happened and will not undo what a test shows. */
const live = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-live', 'ready');

async function openJournal(page: Page, partnerName: string) {
  await page.goto('/journal');
  await expect(page.getByRole('heading', { name: `Conversation with ${partnerName}` })).toBeVisible();
}

/** The messages the server holds between the page's user and `partnerId`. */
async function storedMessages(page: Page, partnerId: string) {
  const response = await page.request.get(`/api/journal/messages?partnerId=${partnerId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { messages: { id: string; content: string }[] }).messages;
}

test('a double tap on Send posts one message', async ({ page, browser, request }) => {
  const { sub } = await seedCouple(browser, page, request, { dominant: 'Ada Dom', submissive: 'Bo Sub' });
  await openJournal(page, 'Bo Sub');
  await composer(page).fill('Only once, please');
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/journal/messages'))
      posts.push(r.headers()['idempotency-key'] ?? '');
  });
  // Two taps in the same moment: the second lands before the page has rendered the first one's state.
  await page.getByRole('button', { name: 'Send' }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByText('Message sent')).toBeVisible();
  await expect(messages(page).filter({ hasText: 'Only once, please' })).toHaveCount(1);
  // Every request that left carried a key, and all of them the same one.
  expect(posts.length).toBeGreaterThanOrEqual(1);
  expect(new Set(posts).size).toBe(1);
  expect(posts[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect((await storedMessages(page, sub.id)).filter((m) => m.content === 'Only once, please')).toHaveLength(
    1,
  );

  // The next message is a new one, under a new key.
  await composer(page).fill('And a second');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(messages(page).filter({ hasText: 'And a second' })).toHaveCount(1);
  expect(new Set(posts).size).toBe(2);
  expect(await storedMessages(page, sub.id)).toHaveLength(2);
  await sub.page.context().close();
});

test('a sent message shows before the server answers; a refused one is taken back with a message', async ({
  page,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, page, request, { dominant: 'Cy Dom', submissive: 'Di Sub' });
  await openJournal(page, 'Di Sub');
  await live(page);

  const hold = await holdPosts(page, '/api/journal/messages');
  await composer(page).fill('On its way');
  await page.getByRole('button', { name: 'Send' }).click();
  const shown = messages(page).filter({ hasText: 'On its way' });
  // Shown, marked as being sent, while its request is still held back.
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAttribute('data-pending', 'true');
  await expect(shown).toContainText('Sending…');
  expect(hold.held).toHaveLength(1);
  await expect(composer(page)).toHaveValue('');
  hold.release();
  await expect(shown.locator('time')).toBeVisible();
  await expect(shown).not.toHaveAttribute('data-pending', 'true');
  await expect(shown).toHaveCount(1);
  await page.unroute('**/api/journal/messages');

  // A refusal: the message leaves the conversation, the toast names the failure, the text comes back.
  await page.route('**/api/journal/messages', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'CONFLICT', message: 'No partner connection found' } }),
        })
      : route.fallback(),
  );
  await composer(page).fill('Not this one');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('No partner connection found')).toBeVisible();
  await expect(messages(page).filter({ hasText: 'Not this one' })).toHaveCount(0);
  await expect(composer(page)).toHaveValue('Not this one');
  expect((await storedMessages(page, sub.id)).map((m) => m.content)).toEqual(['On its way']);
  await sub.page.context().close();
});

test('Create Task offline says so and keeps the form; back online, Retry creates exactly one task', async ({
  page,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, page, request, { dominant: 'Eli Dom', submissive: 'Fay Sub' });
  await page.goto('/tasks');
  const form = await openNewTaskForm(page);
  await form.getByLabel('Title').fill('Water the plants');
  await form.getByLabel('Description').fill('The ferns first');
  const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
  await form.getByLabel('Due date').fill(tomorrow);

  await page.context().setOffline(true);
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(form.getByRole('alert')).toHaveText(UNREACHABLE);
  await expect(form.getByLabel('Title')).toHaveValue('Water the plants');
  await expect(form.getByLabel('Description')).toHaveValue('The ferns first');

  await page.context().setOffline(false);
  await form.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Task created', { exact: true })).toBeVisible();
  await expect(form).toBeHidden();
  const tasks = await (await page.request.get('/api/tasks')).json();
  expect(tasks.tasks.filter((t: { title: string }) => t.title === 'Water the plants')).toHaveLength(1);
  await sub.page.context().close();
});

test('a task the server made while its answer was lost is not made twice by Retry', async ({
  page,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, page, request, { dominant: 'Gus Dom', submissive: 'Hal Sub' });
  await page.goto('/tasks');
  const form = await openNewTaskForm(page);
  await form.getByLabel('Title').fill('Polish the boots');
  const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
  await form.getByLabel('Due date').fill(tomorrow);

  // The first request reaches the server, which makes the task; its answer never comes back.
  const keys: string[] = [];
  await page.route('**/api/tasks', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    const response = await route.fetch();
    expect(response.status()).toBe(201);
    await route.abort('connectionreset');
  });
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(form.getByRole('alert')).toHaveText(UNREACHABLE);
  await form.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Task created', { exact: true })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const tasks = await (await page.request.get('/api/tasks')).json();
  expect(tasks.tasks.filter((t: { title: string }) => t.title === 'Polish the boots')).toHaveLength(1);
  await expect(page.getByTestId('task-card').filter({ hasText: 'Polish the boots' })).toHaveCount(1);
  await sub.page.context().close();
});

test('a completed task shows as completed before the server answers; a refusal puts it back', async ({
  page,
  browser,
  request,
}) => {
  const { dom, sub } = await seedCouple(browser, page, request, {
    dominant: 'Ivy Dom',
    submissive: 'Jay Sub',
  });
  await seedTask(page, sub.id, { title: 'Make the bed' });
  await seedTask(page, sub.id, { title: 'Sweep the hall' });
  const subPage = sub.page;
  await subPage.goto('/tasks');
  await live(subPage);
  expect(dom.id).toBeTruthy();

  const hold = await holdPosts(subPage, '/api/tasks/*/complete');
  const bed = subPage.getByTestId('task-card').filter({ hasText: 'Make the bed' });
  await bed.getByRole('button', { name: /^Complete/ }).click();
  // Completed on screen, out of the active tasks, while the request is still held back.
  await expect(bed).toHaveCount(0);
  expect(hold.held).toHaveLength(1);
  hold.release();
  await expect(subPage.getByText('Task marked as complete')).toBeVisible();
  await expect(bed).toHaveCount(0);
  await subPage.unroute('**/api/tasks/*/complete');

  // The server refuses: the task is open again and the toast says why.
  await subPage.route('**/api/tasks/*/complete', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong on our side' } }),
    }),
  );
  const hall = subPage.getByTestId('task-card').filter({ hasText: 'Sweep the hall' });
  await hall.getByRole('button', { name: /^Complete/ }).click();
  await expect(subPage.getByText('Failed to complete task')).toBeVisible();
  await expect(subPage.getByText('Something went wrong on our side')).toBeVisible();
  await expect(hall.getByRole('button', { name: /^Complete/ })).toBeEnabled();
  const listed = await (await subPage.request.get('/api/tasks')).json();
  expect(listed.tasks.find((t: { title: string }) => t.title === 'Sweep the hall').isCompleted).toBe(false);
  await subPage.context().close();
});

test('a signature shows before the server answers; a refused one is taken back with a message', async ({
  page,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, page, request, { dominant: 'Kit Dom', submissive: 'Lou Sub' });
  expect((await page.request.post('/api/contracts', { data: { partnerId: sub.id } })).status()).toBe(201);
  const badge = (p: Page) => p.getByTestId('contract-status');
  await page.goto('/contract');
  await page.getByRole('button', { name: 'Close editor' }).click();
  await expect(badge(page)).toHaveText('Awaiting Signatures');
  await live(page);

  const hold = await holdPosts(page, '/api/contracts/*/sign');
  await page.getByRole('button', { name: 'Sign as Dominant' }).click();
  await expect(badge(page)).toHaveText('Partially Signed (1/2)');
  expect(hold.held).toHaveLength(1);
  hold.release();
  await expect(page.getByText('Document signed')).toBeVisible();

  const subPage = sub.page;
  await subPage.route('**/api/contracts/*/sign', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'CONFLICT', message: 'The contract changed; read it again' } }),
    }),
  );
  await subPage.goto('/contract');
  await expect(badge(subPage)).toHaveText('Partially Signed (1/2)');
  await live(subPage);
  await subPage.getByRole('button', { name: 'Sign as Submissive' }).click();
  await expect(subPage.getByText('Failed to sign contract')).toBeVisible();
  await expect(subPage.getByText('The contract changed; read it again')).toBeVisible();
  await expect(badge(subPage)).toHaveText('Partially Signed (1/2)');
  await subPage.context().close();
});
