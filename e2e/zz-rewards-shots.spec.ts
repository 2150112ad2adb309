import { expect, test } from './fixtures';
import { seedCouple } from './seed';

test('rewards screenshots', async ({ page: dom, browser, request }) => {
  const { sub: s } = await seedCouple(browser, dom, request, { dominant: 'Rue Dom', submissive: 'Sol Sub' });
  const sub = s.page;
  const reward = async (title: string, price: number, description = '') =>
    (await (await dom.request.post('/api/rewards', { data: { partnerId: s.id, title, description, price } })).json())
      .reward.id as string;
  const movie = await reward('Movie night', 30, 'You choose the film, I make the popcorn.');
  const late = await reward('Late bedtime', 15);
  await reward('A weekend away', 500, 'Somewhere by the sea.');
  await dom.request.post('/api/points/award', { data: { partnerId: s.id, amount: 80, reason: 'Every rule kept this week' } });
  const redeem = async (id: string) =>
    (await (await sub.request.post(`/api/rewards/${id}/redeem`, { data: { note: 'Friday, please' } })).json()).redemption.id as string;
  const g = await redeem(movie);
  const d = await redeem(late);
  await redeem(late);
  await dom.request.post(`/api/redemptions/${g}/grant`, { data: { note: 'Friday it is' } });
  await dom.request.post(`/api/redemptions/${d}/deny`, { data: { note: 'Not on a school night' } });
  await dom.request.post('/api/points/correction', { data: { partnerId: s.id, amount: -5, reason: 'Counted twice' } });
  for (const [who, p] of [['dom', dom], ['sub', sub]] as const) {
    for (const width of [375, 1280]) {
      for (const scheme of ['light', 'dark'] as const) {
        await p.setViewportSize({ width, height: width === 375 ? 812 : 800 });
        await p.emulateMedia({ colorScheme: scheme });
        await p.goto('/structure?tab=rewards');
        await expect(p.getByTestId('points-balance')).toBeVisible();
        await p.waitForLoadState('networkidle');
        await p.screenshot({ path: `/tmp/rshots/${who}-${width}-${scheme}.png`, fullPage: true });
      }
    }
  }
  await sub.setViewportSize({ width: 375, height: 812 });
  await sub.getByRole('button', { name: 'Redeem Movie night' }).click();
  await expect(sub.getByRole('dialog')).toBeVisible();
  await sub.screenshot({ path: '/tmp/rshots/sub-redeem-dialog.png' });
  await sub.keyboard.press('Escape');
  await dom.setViewportSize({ width: 375, height: 812 });
  await dom.getByRole('button', { name: 'Correction' }).click();
  await expect(dom.getByRole('dialog')).toBeVisible();
  await dom.screenshot({ path: '/tmp/rshots/dom-correct-dialog.png' });
});
