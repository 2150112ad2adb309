import type { Page } from '@playwright/test';
import { dismissToasts, expect, expectNoSidewaysScroll, test } from './fixtures';
import { holdRequests } from './hold';
import { seedCouple } from './seed';

const live = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-live', 'ready');
const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const balance = (page: Page) => page.getByTestId('points-balance');
const rewardCard = (page: Page, title: string) =>
  page.getByTestId('reward-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const redemptionCard = (page: Page, title: string) =>
  page.getByTestId('redemption-card').filter({ hasText: title });

/** The balance reads `n` on both screens (the second one without a reload: live). */
async function bothRead(a: Page, b: Page, n: number) {
  await expect(balance(a)).toHaveText(String(n));
  await expect(balance(b)).toHaveText(String(n));
}

async function addReward(dom: Page, title: string, price: number, description = '') {
  const add = dom.getByRole('button', { name: 'Add reward', exact: true });
  await add.click();
  const form = dom.getByRole('form', { name: 'New reward' });
  await form.getByLabel('Title').fill(title);
  if (description) await form.getByLabel('Description (optional)').fill(description);
  await form.getByLabel('Price in points').fill(String(price));
  await form.getByRole('button', { name: 'Add reward' }).click();
  await expect(form).toHaveCount(0);
  await expect(add).toBeFocused();
}

test('the dominant keeps rewards and awards points; the submissive redeems live; a grant and a denial with its refund show on both screens', async ({
  page: dom,
  browser,
  request,
}) => {
  const { dom: d, sub: s } = await seedCouple(browser, dom, request, {
    dominant: 'Ada Dom',
    submissive: 'Bo Sub',
  });
  const sub = s.page;

  // The submissive waits on the Rewards tab: nothing yet, and no dominant's actions.
  await sub.goto('/structure?tab=rewards');
  await expect(tab(sub, 'Rewards')).toHaveAttribute('aria-selected', 'true');
  await expect(balance(sub)).toHaveText('0');
  await expect(sub.getByText('No rewards offered yet.')).toBeVisible();
  await expect(sub.getByRole('button', { name: /^(Award points|Correction|Add reward)/ })).toHaveCount(0);
  await live(sub);

  // The dominant adds a reward; the submissive sees it live, and cannot redeem it yet.
  await dom.goto('/structure?tab=rewards');
  await expect(tab(dom, 'Rewards')).toHaveAttribute('aria-selected', 'true');
  await live(dom);
  await addReward(dom, 'Movie night', 30, 'You choose the film.');
  await expect(dom.getByText('Reward added')).toBeVisible();
  const subMovie = rewardCard(sub, 'Movie night');
  await expect(subMovie.getByTestId('reward-price')).toHaveText('30 points');
  await expect(subMovie.getByText('You choose the film.')).toBeVisible();
  const redeemMovie = subMovie.getByRole('button', { name: 'Redeem Movie night' });
  await expect(redeemMovie).toBeDisabled();
  await expect(subMovie.getByTestId('reward-short')).toHaveText('You need 30 points more for this reward.');
  await expect(subMovie.getByRole('button', { name: /^(Edit|Retire)/ })).toHaveCount(0);

  // The dominant awards points: the balance updates live on the submissive's screen.
  await dismissToasts(dom);
  const award = dom.getByRole('button', { name: 'Award points' });
  await award.click();
  const awardForm = dom.getByRole('form', { name: 'Award points' });
  await awardForm.getByLabel('Points').fill('50');
  await awardForm.getByLabel('Reason').fill('Every rule kept this week');
  await awardForm.getByRole('button', { name: 'Award points' }).click();
  await expect(dom.getByText('Points awarded')).toBeVisible();
  await expect(award).toBeFocused();
  await bothRead(dom, sub, 50);
  await expect(sub.getByTestId('ledger-reason').first()).toHaveText('Every rule kept this week');
  await expect(sub.getByTestId('ledger-meta').first()).toContainText(/^Awarded · Ada Dom · /);
  await expect(sub.getByTestId('ledger-amount').first()).toContainText('+50');

  // A correction that would go below zero is refused beside its field.
  await dismissToasts(dom);
  await dom.getByRole('button', { name: 'Correction' }).click();
  const correctForm = dom.getByRole('form', { name: 'Correct the balance' });
  const signed = correctForm.getByLabel('Points (+ or −)');
  await signed.fill('-80');
  await correctForm.getByLabel('Reason').fill('Counted twice');
  await correctForm.getByRole('button', { name: 'Correct the balance' }).click();
  await expect(correctForm.getByText(/The balance cannot go below zero/)).toBeVisible();
  await expect(signed).toHaveAttribute('aria-invalid', 'true');
  await dom.keyboard.press('Escape');
  await expect(correctForm).toHaveCount(0);
  await bothRead(dom, sub, 50);

  // The submissive redeems: the confirmation says the price and the balance after it.
  await expect(redeemMovie).toBeEnabled();
  await redeemMovie.click();
  const redeemForm = sub.getByRole('form', { name: 'Redeem this reward?' });
  await expect(redeemForm.getByTestId('redeem-summary')).toContainText(
    'costs 30 points. Your balance goes from 50 to 20.',
  );
  await redeemForm.getByLabel('Note (optional)').fill('Friday, please');
  // The note counts its characters once, read with the field.
  await expect(redeemForm.getByLabel('Note (optional)')).toHaveAccessibleDescription('14/500');
  await redeemForm.getByRole('button', { name: 'Redeem' }).click();
  await expect(sub.getByText('Reward requested')).toBeVisible();
  await expect(redeemMovie).toBeFocused();
  await bothRead(sub, dom, 20);

  // The dominant sees the request live, and grants it with a note.
  const domRequest = redemptionCard(dom, 'Movie night');
  await expect(domRequest.getByTestId('redemption-state')).toHaveText('Requested');
  await expect(domRequest).toContainText('Friday, please');
  await expect(redemptionCard(sub, 'Movie night').getByRole('button')).toHaveCount(0);
  await dismissToasts(dom);
  await domRequest.getByRole('button', { name: 'Grant Movie night' }).click();
  const grantForm = dom.getByRole('form', { name: 'Grant this reward' });
  await grantForm.getByLabel('Note (optional)').fill('Friday it is');
  await grantForm.getByRole('button', { name: 'Grant' }).click();
  await expect(dom.getByText('Reward granted')).toBeVisible();
  await expect(domRequest.getByTestId('redemption-state')).toHaveText('Granted');
  await expect(domRequest.getByRole('button')).toHaveCount(0);
  // Grant is gone with the decision: focus stays on the request, not thrown back to the page's heading.
  await expect(domRequest).toBeFocused();
  const subRequest = redemptionCard(sub, 'Movie night');
  await expect(subRequest.getByTestId('redemption-state')).toHaveText('Granted');
  await expect(subRequest.getByTestId('decision-note')).toHaveText('Note: Friday it is');
  await bothRead(dom, sub, 20);

  // A second reward, redeemed and denied: the price comes back on both screens.
  await dismissToasts(dom);
  await addReward(dom, 'Late bedtime', 15);
  const redeemLate = rewardCard(sub, 'Late bedtime').getByRole('button', { name: 'Redeem Late bedtime' });
  await redeemLate.click();
  const secondForm = sub.getByRole('form', { name: 'Redeem this reward?' });
  await expect(secondForm.getByTestId('redeem-summary')).toContainText('Your balance goes from 20 to 5.');
  await secondForm.getByRole('button', { name: 'Redeem' }).click();
  await bothRead(sub, dom, 5);
  const domLate = redemptionCard(dom, 'Late bedtime');
  await dismissToasts(dom);
  await domLate.getByRole('button', { name: 'Deny Late bedtime' }).click();
  const denyForm = dom.getByRole('form', { name: 'Deny this reward' });
  await denyForm.getByLabel('Note (optional)').fill('Not on a school night');
  await denyForm.getByRole('button', { name: 'Deny' }).click();
  await expect(dom.getByText('Reward denied; the points were refunded')).toBeVisible();
  await expect(domLate).toBeFocused();
  await bothRead(dom, sub, 20);
  const subLate = redemptionCard(sub, 'Late bedtime');
  await expect(subLate.getByTestId('redemption-state')).toHaveText('Denied');
  await expect(subLate.getByTestId('decision-note')).toHaveText('Note: Not on a school night');
  await expect(sub.getByTestId('ledger-meta').first()).toContainText(/^Refunded · Ada Dom · /);
  await expect(sub.getByTestId('ledger-amount').first()).toContainText('+15');
  await expectNoSidewaysScroll(sub);

  // The dominant changes a price and retires a reward: the catalogue changes live; a request keeps its own.
  await dismissToasts(dom);
  await rewardCard(dom, 'Movie night').getByRole('button', { name: 'Edit Movie night' }).click();
  const editForm = dom.getByRole('form', { name: 'Edit reward' });
  await expect(editForm.getByLabel('Title')).toHaveValue('Movie night');
  await editForm.getByLabel('Price in points').fill('25');
  await editForm.getByRole('button', { name: 'Save reward' }).click();
  await expect(dom.getByText('Reward updated')).toBeVisible();
  await expect(subMovie.getByTestId('reward-price')).toHaveText('25 points');
  await expect(redemptionCard(sub, 'Movie night')).toContainText('30 points');
  const retireLate = rewardCard(dom, 'Late bedtime').getByRole('button', { name: 'Retire Late bedtime' });
  await retireLate.click();
  const confirm = dom.getByRole('dialog', { name: 'Retire this reward?' });
  await expect(confirm).toContainText('keep their title and price');
  await confirm.getByRole('button', { name: 'Retire' }).click();
  await expect(dom.getByText('Reward retired')).toBeVisible();
  await expect(rewardCard(sub, 'Late bedtime')).toHaveCount(0);
  // Undo, on the toast: the reward is offered again, live for the submissive. Retired again, it goes.
  await dom
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Reward retired' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(dom.getByText('Reward offered again')).toBeVisible();
  await expect(rewardCard(sub, 'Late bedtime')).toBeVisible();
  await dismissToasts(dom);
  await retireLate.click();
  await confirm.getByRole('button', { name: 'Retire' }).click();
  await expect(rewardCard(sub, 'Late bedtime')).toHaveCount(0);
  await expect(subLate).toBeVisible();
  await bothRead(dom, sub, 20);

  // A notification's link names only the redemption: the page opens the Rewards tab and rings it.
  const answer = await sub.request.get(`/api/redemptions?partnerId=${d.id}`);
  const [latest] = (await answer.json()).redemptions as { id: string }[];
  await sub.goto(`/structure?partner=${d.id}&highlight=${latest!.id}`);
  await expect(tab(sub, 'Rewards')).toHaveAttribute('aria-selected', 'true');
  await expect(subLate).toBeInViewport();
  await expect(sub.locator(`#rewards-item-${latest!.id}`)).toHaveClass(/ring-2/);
  await sub.context().close();
});

test('the history shows the newest 50 entries, and older ones on "Show older"', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request);
  for (let i = 1; i <= 52; i++) {
    const award = await dom.request.post('/api/points/award', {
      data: { partnerId: s.id, amount: 1, reason: `Award ${i}` },
    });
    expect(award.status()).toBe(201);
  }
  const sub = s.page;
  await sub.goto('/structure?tab=rewards');
  await expect(balance(sub)).toHaveText('52');
  await expect(sub.getByTestId('ledger-entry')).toHaveCount(50);
  await expect(sub.getByTestId('ledger-reason').first()).toHaveText('Award 52');
  const older = sub.getByRole('button', { name: 'Show older' });
  await older.click();
  await expect(sub.getByTestId('ledger-entry')).toHaveCount(52);
  await expect(sub.getByTestId('ledger-reason').last()).toHaveText('Award 1');
  await expect(older).toHaveCount(0);
  await sub.context().close();
});

test('"Show older" keeps its page when a live change reads the ledger again meanwhile', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request);
  const award = async (i: number) => {
    const answer = await dom.request.post('/api/points/award', {
      data: { partnerId: s.id, amount: 1, reason: `Award ${i}` },
    });
    expect(answer.status()).toBe(201);
  };
  for (let i = 1; i <= 51; i++) await award(i);
  const sub = s.page;
  await sub.goto('/structure?tab=rewards');
  await expect(balance(sub)).toHaveText('51');
  await live(sub);
  // The older page is held on its way while an award comes live: its refetch must not lose the page asked for.
  const release = await holdRequests(sub, /\/api\/points\?.*before=/);
  await sub.getByRole('button', { name: 'Show older' }).click();
  await expect(sub.getByRole('button', { name: 'Loading…' })).toBeDisabled();
  await award(52);
  await expect(balance(sub)).toHaveText('52');
  await expect(sub.getByTestId('ledger-reason').first()).toHaveText('Award 52');
  release();
  await expect(sub.getByTestId('ledger-entry')).toHaveCount(52);
  await expect(sub.getByTestId('ledger-reason').last()).toHaveText('Award 1');
  await expect(sub.getByRole('button', { name: /^(Show older|Loading…)$/ })).toHaveCount(0);
  await sub.context().close();
});

test('the requests show the newest 50, and older ones on "Show older requests"', async ({
  page: dom,
  browser,
  request,
}) => {
  const { dom: d, sub: s } = await seedCouple(browser, dom, request);
  const reward = await dom.request.post('/api/rewards', {
    data: { partnerId: s.id, title: 'Treat', price: 1 },
  });
  expect(reward.status()).toBe(201);
  const { id } = ((await reward.json()) as { reward: { id: string } }).reward;
  const award = await dom.request.post('/api/points/award', {
    data: { partnerId: s.id, amount: 51, reason: 'Enough for every treat' },
  });
  expect(award.status()).toBe(201);
  const sub = s.page;
  for (let i = 1; i <= 51; i++) {
    const note = `Request ${String(i).padStart(2, '0')}`;
    expect((await sub.request.post(`/api/rewards/${id}/redeem`, { data: { note } })).status()).toBe(201);
  }
  await sub.goto(`/structure?partner=${d.id}&tab=rewards`);
  await expect(balance(sub)).toHaveText('0');
  const requests = sub.getByRole('region', { name: 'Requests', exact: true });
  const cards = requests.getByTestId('redemption-card');
  await expect(cards).toHaveCount(50);
  await expect(cards.first()).toContainText('Request 51');
  await expect(requests.getByText('Request 01')).toHaveCount(0);
  const older = requests.getByRole('button', { name: 'Show older requests' });
  await older.click();
  await expect(cards).toHaveCount(51);
  await expect(cards.last()).toContainText('Request 01');
  await expect(older).toHaveCount(0);
  await sub.context().close();
});
