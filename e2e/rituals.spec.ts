import type { Page } from '@playwright/test';
import { audit, describe, type Finding } from './axe';
import { dismissToasts, expect, expectNoSidewaysScroll, test } from './fixtures';
import { seedCouple } from './seed';

const live = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-live', 'ready');
const card = (page: Page, name: string) =>
  page.getByTestId('ritual-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
const balance = async (page: Page, partnerId: string) =>
  (await (await page.request.get(`/api/points?partnerId=${partnerId}`)).json()).balance as number;

test('a ritual set, marked done and then "the app failed", edited and retired, live on both screens', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s, dom: d } = await seedCouple(browser, dom, request, {
    dominant: 'Ren Dom',
    submissive: 'Sol Sub',
  });
  const sub = s.page;
  const found: Finding[] = [];
  await dom.goto('/structure?tab=rituals');
  await expect(dom.getByRole('tab', { name: 'Rituals' })).toHaveAttribute('aria-selected', 'true');
  await expect(dom.getByText('No rituals yet.')).toBeVisible();
  await live(dom);
  await sub.goto('/structure?tab=rituals');
  await expect(sub.getByText('No rituals yet.')).toBeVisible();
  // Only the dominant sets rituals.
  await expect(sub.getByRole('button', { name: 'New ritual' })).toHaveCount(0);
  await live(sub);

  // The dominant sets one: a name is asked for, every day is chosen to begin with.
  const add = dom.getByRole('button', { name: 'New ritual' });
  await add.click();
  const form = dom.getByRole('form', { name: 'New ritual' });
  await audit(dom, 'the New ritual dialog', found);
  await form.getByRole('button', { name: 'Add ritual' }).click();
  await expect(form.getByText('Please give the ritual a name')).toBeVisible();
  await form.getByLabel('Name').fill('Morning stretch');
  await form.getByLabel('Steps (one per line, optional)').fill('Kneel\nBreathe slowly');
  await expect(form.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
  await form.getByLabel('Time of day').fill('07:30');
  await form.getByLabel('Points for each day done (optional)').fill('5');
  await form.getByRole('button', { name: 'Add ritual' }).click();
  await expect(dom.getByText('Ritual added')).toBeVisible();
  await expect(add).toBeFocused();
  await expect(card(dom, 'Morning stretch')).toContainText('Every day at 07:30 · +5 points');

  // The submissive sees it without a reload, with no run yet, and marks today done with a note.
  const subCard = card(sub, 'Morning stretch');
  await expect(subCard.getByRole('listitem').filter({ hasText: 'Breathe slowly' })).toBeVisible();
  await expect(subCard.getByTestId('ritual-run')).toHaveText('A new run starts with the next day kept');
  const today = subCard.getByRole('button', { name: /: Not marked, mark Morning stretch$/ });
  await expect(today).toHaveCount(1);
  await today.click();
  const mark = sub.getByRole('form', { name: 'How did it go?' });
  await audit(sub, 'the mark dialog', found);
  await expect(mark.getByRole('radio', { name: 'Done', exact: true })).toBeChecked();
  await mark.getByLabel('Note (optional)').fill('Felt good');
  await mark.getByRole('button', { name: 'Save' }).click();
  const markedDone = subCard.getByRole('button', { name: /: Done, mark Morning stretch$/ });
  await expect(markedDone).toBeFocused();
  await expect(sub.getByText('Day marked')).toBeVisible();
  for (const p of [sub, dom])
    await expect(card(p, 'Morning stretch').getByTestId('ritual-run')).toHaveText('1 day in a row');
  await expect(card(dom, 'Morning stretch').getByRole('listitem').filter({ hasText: ': Done' })).toHaveCount(
    1,
  );
  // The default award, once.
  await expect.poll(() => balance(dom, s.id)).toBe(5);

  // Said again as "the app failed": the run rests, and nothing given is taken back.
  await dismissToasts(sub);
  await markedDone.click();
  await mark.getByRole('radio', { name: 'The app or my device failed' }).check();
  await mark.getByRole('button', { name: 'Save' }).click();
  for (const p of [sub, dom])
    await expect(card(p, 'Morning stretch').getByTestId('ritual-run')).toHaveText(
      'A new run starts with the next day kept',
    );
  expect(await balance(sub, d.id)).toBe(5);

  // The dominant renames it: the submissive's screen follows.
  await card(dom, 'Morning stretch').getByRole('button', { name: 'Edit Morning stretch' }).click();
  const edit = dom.getByRole('form', { name: 'Edit ritual' });
  await edit.getByLabel('Name').fill('Morning stretch and tea');
  await edit.getByRole('button', { name: 'Save ritual' }).click();
  await expect(dom.getByText('Ritual saved')).toBeVisible();
  await expect(card(sub, 'Morning stretch and tea')).toBeVisible();

  await expectNoSidewaysScroll(sub);
  await expectNoSidewaysScroll(dom);
  await audit(sub, 'rituals, submissive', found);
  await audit(dom, 'rituals, dominant', found);

  // Retired: gone from both lists.
  await card(dom, 'Morning stretch and tea')
    .getByRole('button', { name: 'Retire Morning stretch and tea' })
    .click();
  await dom
    .getByRole('dialog', { name: 'Retire this ritual?' })
    .getByRole('button', { name: 'Retire' })
    .click();
  await expect(dom.getByText('Ritual retired')).toBeVisible();
  for (const p of [sub, dom]) await expect(p.getByText('No rituals yet.')).toBeVisible();

  expect(describe(found)).toEqual([]);
  await sub.context().close();
});
