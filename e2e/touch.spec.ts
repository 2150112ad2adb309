import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seedCouple, seedTask } from './seed';
import { hiddenByBars, type SmallTarget, smallTargets, watchFocusUnderBars } from './touch';

const PAGES = [
  ['/dashboard', 'Dashboard'],
  ['/tasks', 'Tasks'],
  ['/punishments', 'Punishments'],
  ['/journal', 'Journal'],
  ['/contract', 'Contract'],
  ['/settings', 'Settings'],
  ['/check-ins', 'Check-ins'],
  ['/structure', 'Structure'],
  ['/calendar', 'Calendar'],
] as const;

async function visit(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('every control on every signed-in page is at least 44 by 44 pixels, for both partners', async ({
  page,
  browser,
  request,
}) => {
  const { dom, sub } = await seedCouple(browser, page, request);
  await seedTask(page, sub.id, { title: 'Fold the laundry', description: 'Neatly' });
  await page.request.post('/api/punishments', { data: { title: 'Write lines', assignedTo: sub.id } });
  const rule = await page.request.post('/api/rules', {
    data: { title: 'Kneel when I enter', partnerId: sub.id },
  });
  // Two infractions on the Infractions tab: one punished (its link), one to contest or withdraw.
  const ruleId = (await rule.json()).rule.id;
  for (let i = 0; i < 2; i++) await page.request.post('/api/infractions', { data: { ruleId } });
  const [infraction] = (await (await page.request.get(`/api/infractions?partnerId=${sub.id}`)).json())
    .infractions;
  await page.request.post('/api/punishments', {
    data: { title: 'Lines', assignedTo: sub.id, infractionId: infraction.id },
  });
  // A reward within reach and one out of it, a request to grant or deny, and a ledger on the Rewards tab.
  await page.request.post('/api/points/award', { data: { partnerId: sub.id, amount: 20, reason: 'Thanks' } });
  for (const [title, price] of [
    ['Movie night', 10],
    ['A weekend away', 500],
  ] as const)
    await page.request.post('/api/rewards', { data: { partnerId: sub.id, title, price } });
  const [reward] = (await (await page.request.get(`/api/rewards?partnerId=${sub.id}`)).json()).rewards;
  await sub.page.request.post(`/api/rewards/${reward.id}/redeem`, { data: {} });
  // Permission requests: one answered with a note, one waiting (Grant and Deny; Withdraw).
  for (const what of ['Dinner out', 'A late film']) {
    const asked = await sub.page.request.post('/api/permission-requests', {
      data: { partnerId: dom.id, what },
    });
    if (what === 'Dinner out')
      await page.request.post(`/api/permission-requests/${(await asked.json()).request.id}/grant`, {
        data: { note: 'Enjoy' },
      });
  }
  // A ritual every day, today's still open to mark (the week strip's buttons).
  await page.request.post('/api/rituals', {
    data: {
      partnerId: sub.id,
      name: 'Morning stretch',
      steps: ['Kneel'],
      days: [1, 2, 3, 4, 5, 6, 7],
      time: '07:30',
    },
  });
  const small: (SmallTarget & { where: string })[] = [];
  for (const [who, p] of [
    ['dominant', page],
    ['submissive', sub.page],
  ] as const) {
    for (const [path, title] of [
      ...PAGES,
      ['/structure?tab=rituals', 'Structure'] as const,
      ['/structure?tab=infractions', 'Structure'] as const,
      ['/structure?tab=rewards', 'Structure'] as const,
      ['/structure?tab=requests', 'Structure'] as const,
    ]) {
      await visit(p, path, title);
      for (const s of await smallTargets(p)) small.push({ ...s, where: `${who} ${path}` });
    }
  }
  expect(small.map((s) => `${s.where}: ${s.name} ${s.width}x${s.height}`)).toEqual([]);
});

test('Tab never leaves the focused control under the top bar or the bottom navigation', async ({
  page,
  browser,
  request,
}) => {
  // Nine pages, 90 key presses each, every focus measured in the page: long for the suite's 60 s on a
  // loaded machine.
  test.setTimeout(180_000);
  const { sub } = await seedCouple(browser, page, request);
  for (let i = 0; i < 12; i++)
    await seedTask(page, sub.id, { title: `Task ${i + 1}`, description: 'x'.repeat(200) });
  const hidden: string[] = [];
  for (const [path, title] of PAGES) {
    await visit(page, path, title);
    await watchFocusUnderBars(page);
    for (let i = 0; i < 60; i++) await page.keyboard.press('Tab');
    for (const under of await hiddenByBars(page)) hidden.push(`${path}: ${under}`);
    for (let i = 0; i < 30; i++) await page.keyboard.press('Shift+Tab');
    for (const under of await hiddenByBars(page)) hidden.push(`${path} (back): ${under}`);
  }
  expect([...new Set(hidden)]).toEqual([]);
});

const LONG_WORD = 'Supercalifragilistic'.repeat(15);
const LONG_URL = `https://example.com/${'path/'.repeat(40)}?q=${'x'.repeat(80)}`;

test('one long word or URL wraps: no page scrolls sideways', async ({ page, browser, request }) => {
  const { sub } = await seedCouple(browser, page, request);
  await seedTask(page, sub.id, { title: LONG_WORD.slice(0, 200), description: `${LONG_WORD} ${LONG_URL}` });
  const punished = await page.request.post('/api/punishments', {
    data: { title: LONG_WORD.slice(0, 100), reason: LONG_URL, assignedTo: sub.id },
  });
  expect(punished.status()).toBe(201);
  const sent = await page.request.post('/api/journal/messages', {
    data: { partnerId: sub.id, content: `${LONG_WORD} ${LONG_URL}` },
  });
  expect(sent.status()).toBe(201);
  const ritual = await page.request.post('/api/rituals', {
    data: {
      partnerId: sub.id,
      name: LONG_WORD.slice(0, 100),
      steps: [LONG_URL.slice(0, 200)],
      days: [1],
      time: '07:30',
    },
  });
  expect(ritual.status()).toBe(201);
  for (const p of [page, sub.page]) {
    for (const [path, title] of [...PAGES.slice(0, 4), ['/structure?tab=rituals', 'Structure'] as const]) {
      await visit(p, path, title);
      const width = p.viewportSize()!.width;
      await expect
        .poll(() => p.evaluate(() => document.documentElement.scrollWidth), { message: path })
        .toBeLessThanOrEqual(width);
    }
  }
});

test('the photo picker offers the gallery as well as the camera', async ({ page, browser, request }) => {
  const { sub } = await seedCouple(browser, page, request);
  await seedTask(page, sub.id, { title: 'Show the view', photoProofRequired: true });
  await visit(sub.page, '/tasks', 'Tasks');
  await sub.page.getByRole('button', { name: 'Complete Show the view', exact: true }).click();
  const picker = sub.page.getByTestId('photo-proof-input');
  await expect(picker).toHaveAttribute('accept', 'image/*');
  // `capture` would open the camera only.
  expect(await picker.getAttribute('capture')).toBeNull();
  await expect(sub.page.locator('input[capture]')).toHaveCount(0);
});

test('a toast never covers the top bar or the page title', async ({ page, browser, request }) => {
  const { sub } = await seedCouple(browser, page, request);
  await seedTask(page, sub.id, { title: 'Water the plants' });
  await visit(sub.page, '/tasks', 'Tasks');
  await sub.page.getByRole('button', { name: 'Complete Water the plants', exact: true }).click();
  const toast = sub.page.locator('[data-sonner-toast]').filter({ hasText: 'Task marked as complete' });
  await expect(toast).toBeVisible();
  const overlap = async (covered: ReturnType<Page['getByRole']>) => {
    const [box, other] = [(await toast.boundingBox())!, (await covered.boundingBox())!];
    return (
      box.x < other.x + other.width &&
      other.x < box.x + box.width &&
      box.y < other.y + other.height &&
      other.y < box.y + box.height
    );
  };
  // Polled: the toast slides in before it rests.
  for (const covered of [
    sub.page.getByRole('banner'),
    sub.page.getByRole('heading', { name: 'Tasks', level: 1 }),
    sub.page.getByRole('navigation', { name: 'Main' }),
  ]) {
    await expect.poll(() => overlap(covered)).toBe(false);
  }
});
