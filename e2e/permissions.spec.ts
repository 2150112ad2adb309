import type { Page } from '@playwright/test';
import { audit, describe, type Finding } from './axe';
import { dismissToasts, expect, expectNoSidewaysScroll, test } from './fixtures';
import { holdRequests } from './hold';
import { seedCouple } from './seed';

const live = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-live', 'ready');
const card = (page: Page, what: string) =>
  page.getByTestId('permission-card').filter({ has: page.getByRole('heading', { name: what, exact: true }) });

test('the submissive asks permission, the dominant grants it with a note, live on both; another is withdrawn', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request, { dominant: 'Cy Dom', submissive: 'Di Sub' });
  const sub = s.page;
  const found: Finding[] = [];
  await dom.goto('/structure?tab=requests');
  await expect(dom.getByRole('tab', { name: 'Permissions' })).toHaveAttribute('aria-selected', 'true');
  await expect(dom.getByText('No requests yet.')).toBeVisible();
  // The dominant answers; only the submissive asks.
  await expect(dom.getByRole('button', { name: 'Ask permission' })).toHaveCount(0);
  await live(dom);

  await sub.goto('/structure?tab=requests');
  await live(sub);
  const ask = sub.getByRole('button', { name: 'Ask permission' });
  await ask.click();
  const form = sub.getByRole('form', { name: 'Ask permission' });
  await audit(sub, 'the Ask permission dialog', found);
  // Nothing said: refused beside the field, nothing sent.
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Please say what you ask permission for')).toBeVisible();
  await form.getByLabel('What you ask for').fill('Dinner with Sam on Friday');
  await form.getByLabel('Note (optional)').fill('Back by eleven');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(sub.getByText('Request sent')).toBeVisible();
  await expect(ask).toBeFocused();
  await expect(card(sub, 'Dinner with Sam on Friday').getByTestId('permission-status')).toHaveText('Waiting');

  // The dominant sees it live, and grants it with a note.
  const domCard = card(dom, 'Dinner with Sam on Friday');
  await expect(domCard).toContainText('Back by eleven');
  const grant = domCard.getByRole('button', { name: 'Grant Dinner with Sam on Friday' });
  await grant.click();
  const decide = dom.getByRole('form', { name: 'Grant this request?' });
  await audit(dom, 'the Grant dialog', found);
  await decide.getByLabel('Note (optional)').fill('Have fun, text me when home');
  await decide.getByRole('button', { name: 'Grant' }).click();
  await expect(dom.getByText('Permission granted')).toBeVisible();
  await expect(domCard.getByTestId('permission-status')).toHaveText('Granted');
  await expect(domCard.getByRole('button')).toHaveCount(0);
  // Grant is gone with the answer: focus stays on the request, not thrown back to the page's heading.
  await expect(domCard).toBeFocused();

  // The submissive sees the answer and its note live; nothing is left to do on it.
  const subCard = card(sub, 'Dinner with Sam on Friday');
  await expect(subCard.getByTestId('permission-status')).toHaveText('Granted');
  await expect(subCard.getByTestId('permission-answer')).toContainText('Have fun, text me when home');
  await expect(subCard.getByRole('button')).toHaveCount(0);

  // Another, withdrawn while it waits: it stays, withdrawn, for both.
  await dismissToasts(sub);
  await ask.click();
  await form.getByLabel('What you ask for').fill('A late film on Sunday');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(card(dom, 'A late film on Sunday').getByTestId('permission-status')).toHaveText('Waiting');
  await card(sub, 'A late film on Sunday')
    .getByRole('button', { name: 'Withdraw A late film on Sunday' })
    .click();
  await sub
    .getByRole('dialog', { name: 'Withdraw this request?' })
    .getByRole('button', { name: 'Withdraw' })
    .click();
  await expect(sub.getByText('Request withdrawn')).toBeVisible();
  await expect(card(sub, 'A late film on Sunday')).toBeFocused();
  for (const p of [sub, dom]) {
    await expect(card(p, 'A late film on Sunday').getByTestId('permission-status')).toHaveText('Withdrawn');
  }
  await expect(card(dom, 'A late film on Sunday').getByRole('button')).toHaveCount(0);

  await expectNoSidewaysScroll(sub);
  await expectNoSidewaysScroll(dom);
  await audit(sub, 'requests, submissive', found);
  await audit(dom, 'requests, dominant', found);
  expect(describe(found)).toEqual([]);
  await sub.context().close();
});

test('"Show older" keeps its page when a live request reads the list again meanwhile', async ({
  page: dom,
  browser,
  request,
}) => {
  const { dom: d, sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  const askFor = async (i: number) => {
    const answer = await sub.request.post('/api/permission-requests', {
      data: { partnerId: d.id, what: `Request ${i}` },
    });
    expect(answer.status()).toBe(201);
  };
  // One more than a page (PERMISSION_PAGE, 50).
  for (let i = 1; i <= 51; i++) await askFor(i);
  await dom.goto('/structure?tab=requests');
  const cards = dom.getByTestId('permission-card');
  await expect(cards).toHaveCount(50);
  await live(dom);
  // The older page is held on its way while a request comes live: its refetch must not lose the page asked for.
  const release = await holdRequests(dom, /\/api\/permission-requests\?.*before=/);
  const older = dom.getByRole('button', { name: 'Show older' });
  await older.click();
  await expect(older).toBeDisabled();
  await askFor(52);
  await expect(cards.first().getByRole('heading')).toHaveText('Request 52');
  release();
  await expect(cards).toHaveCount(52);
  await expect(cards.last().getByRole('heading')).toHaveText('Request 1');
  await expect(older).toHaveCount(0);
  await sub.context().close();
});
