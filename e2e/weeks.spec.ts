import { audit, describe, type Finding } from './axe';
import { expect, LAYOUT, test } from './fixtures';
import { completeTask, seedCouple, seedTask } from './seed';

test(
  'how the weeks went: a completion and an award show live on both dashboards, in the chart, the sentence and the table',
  LAYOUT,
  async ({ page: dom, browser, request }) => {
    const { sub } = await seedCouple(browser, dom, request, { dominant: 'Kit Dom', submissive: 'Lee Sub' });
    const task = await seedTask(dom, sub.id, { title: 'Stretch for ten minutes' });
    for (const p of [dom, sub.page]) {
      await p.goto('/dashboard');
      await expect(p.locator('html[data-live=ready]')).toBeAttached();
      await expect(p.getByTestId('weeks-summary')).toHaveText(
        'Nothing done yet in these weeks. Tasks, points and rituals show here as they happen.',
      );
    }

    // The submissive completes the task (on time) and the dominant awards 30 points: no reload.
    await completeTask(sub.page, task.id);
    const awarded = await dom.request.post('/api/points/award', {
      data: { partnerId: sub.id, amount: 30, reason: 'Stretched' },
    });
    expect(awarded.status()).toBe(201);
    const sentence =
      'In the last 8 weeks: 1 task on time, 0 late, 30 points earned and 0 spent, 0 rituals done. ' +
      'This week: 1 task on time, 0 late, 30 points earned and 0 spent, 0 rituals done.';
    const found: Finding[] = [];
    for (const p of [dom, sub.page]) {
      const card = p.getByTestId('weeks-card');
      await expect(card.getByTestId('weeks-summary')).toHaveText(sentence);
      // This week, the last column of each chart: one bar of tasks, one of points earned, with their figures;
      // no ritual kept, so no bar in the third.
      await expect(card.locator('svg')).toHaveCount(3);
      await expect(card.locator('svg').last().locator('g[data-week]').last().locator('rect')).toHaveCount(0);
      for (const [chart, figure] of [
        [card.locator('svg').first(), '1'],
        [card.locator('svg').nth(1), '30'],
      ] as const) {
        const thisWeek = chart.locator('g[data-week]').last();
        await expect(thisWeek.locator('rect')).toHaveCount(1);
        await expect(thisWeek.locator('text').first()).toHaveText(figure);
      }
      // The same in a table, for anyone who would rather read it.
      await card.getByText('Show as a table').click();
      const rows = card.getByRole('table', { name: 'How the weeks went' }).getByRole('row');
      await expect(rows).toHaveCount(1 + 8);
      await expect(rows.last().getByRole('cell')).toHaveText(['1', '0', '30', '0', '0']);
      await audit(p, 'dashboard with the weeks', found);
    }
    expect(describe(found)).toEqual([]);
    await sub.page.context().close();
  },
);
