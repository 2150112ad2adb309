import type { Page } from '@playwright/test';
import { dismissToasts, expect, expectNoSidewaysScroll, test } from './fixtures';
import { seedCouple } from './seed';

const live = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-live', 'ready');
const infractionCard = (page: Page, heading: string) =>
  page
    .getByTestId('infraction-card')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
const tab = (page: Page, name: string) => page.getByRole('tab', { name });

test('the dominant logs an infraction from a rule, the submissive contests it live; a punishment assigned from it names it; another is withdrawn', async ({
  page: dom,
  browser,
  request,
}) => {
  const { dom: d, sub: s } = await seedCouple(browser, dom, request, {
    dominant: 'Ada Dom',
    submissive: 'Bo Sub',
  });
  const sub = s.page;
  const written = await dom.request.post('/api/rules', {
    data: { partnerId: s.id, title: 'Kneel when I enter', consequence: 'Ten lines before bed' },
  });
  expect(written.status()).toBe(201);
  const ruleId = (await written.json()).rule.id as string;

  // The submissive waits on the Infractions tab: nothing logged, said without blame, and no Log.
  await sub.goto('/structure?tab=infractions');
  await expect(tab(sub, 'Infractions')).toHaveAttribute('aria-selected', 'true');
  const subList = sub.getByRole('region', { name: 'Infractions' });
  await expect(subList.getByText('No infractions logged.')).toBeVisible();
  await expect(subList.getByText(/Nothing follows from it by itself/)).toBeVisible();
  await expect(sub.getByRole('button', { name: /^Log infraction/ })).toHaveCount(0);
  await live(sub);

  // The dominant logs one from the rule's card, with a note; focus comes back to the card's button.
  await dom.goto('/structure');
  await live(dom);
  const logFromCard = dom.getByRole('button', { name: 'Log infraction: Kneel when I enter' });
  await logFromCard.click();
  const logForm = dom.getByRole('form', { name: 'Log an infraction' });
  await expect(dom.getByRole('dialog', { name: 'Log an infraction' })).toContainText('Kneel when I enter');
  await expect(logForm.getByLabel('When it happened')).toHaveValue(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
  await logForm.getByLabel('Note (optional)').fill('Stayed on the sofa.');
  await logForm.getByRole('button', { name: 'Log infraction' }).click();
  await expect(dom.getByText('Infraction logged')).toBeVisible();
  await expect(logForm).toHaveCount(0);
  await expect(logFromCard).toBeFocused();

  // The rule changes afterwards: the infraction keeps the version in force when it happened.
  const edited = await dom.request.put(`/api/rules/${ruleId}`, {
    data: {
      title: 'Kneel when I enter',
      text: 'By the door.',
      consequence: 'Ten lines before bed',
      version: 1,
    },
  });
  expect(edited.status()).toBe(200);

  // The submissive sees it live, and contests it with a note.
  const subFirst = infractionCard(sub, 'Kneel when I enter v1');
  await expect(subFirst).toBeVisible();
  await expect(subFirst.getByTestId('infraction-state')).toHaveText('Logged');
  await expect(subFirst.getByTestId('infraction-note')).toHaveText('Note: Stayed on the sofa.');
  await expect(subFirst.getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);
  await expect(subFirst.getByRole('button', { name: /^Assign punishment/ })).toHaveCount(0);
  const contest = subFirst.getByRole('button', { name: /^Contest/ });
  await contest.click();
  const contestForm = sub.getByRole('form', { name: 'Contest this infraction' });
  await contestForm.getByLabel('What happened (optional)').fill('My knee hurt; I told you.');
  await contestForm.getByRole('button', { name: 'Contest it' }).click();
  await expect(sub.getByText('Infraction contested')).toBeVisible();
  await expect(subFirst.getByTestId('infraction-state')).toHaveText('Contested');
  await expect(subFirst.getByTestId('contest-note')).toContainText('My knee hurt; I told you.');
  await expect(subFirst.getByRole('button', { name: /^Contest/ })).toHaveCount(0);
  // Contest is gone once done: focus stays on the infraction, not thrown back to the page's heading.
  await expect(subFirst).toBeFocused();

  // The dominant sees the contest live on the Infractions tab, and cannot contest.
  await dismissToasts(dom);
  await tab(dom, 'Infractions').click();
  const domFirst = infractionCard(dom, 'Kneel when I enter v1');
  await expect(domFirst.getByTestId('infraction-state')).toHaveText('Contested');
  await expect(domFirst.getByTestId('contest-note')).toContainText('My knee hurt; I told you.');
  await expect(domFirst.getByRole('button', { name: /^Contest/ })).toHaveCount(0);

  // A punishment from it: the form opens with the rule's guideline and names what it answers.
  await domFirst.getByRole('button', { name: /^Assign punishment/ }).click();
  const punishmentDialog = dom.getByRole('dialog', { name: 'Add New Punishment' });
  await expect(punishmentDialog).toContainText(/For: Kneel when I enter v1, /);
  const punishmentForm = punishmentDialog.getByRole('form', { name: 'Add New Punishment' });
  await expect(punishmentForm.getByLabel('Title')).toHaveValue('Ten lines before bed');
  await punishmentForm.getByRole('button', { name: 'Add Punishment' }).click();
  await expect(dom.getByText('Punishment Added')).toBeVisible();
  await expect(punishmentDialog).toHaveCount(0);
  const toPunishment = domFirst.getByRole('link', { name: /^See the punishment/ });
  await expect(toPunishment).toBeVisible();
  await expect(domFirst.getByRole('button', { name: /^Assign punishment/ })).toHaveCount(0);
  await expect(subFirst.getByRole('link', { name: /^See the punishment/ })).toBeVisible();

  // The punishment's card names the infraction, and leads back to it.
  await toPunishment.click();
  await expect(dom).toHaveURL(/\/punishments\?highlight=/);
  const punishment = dom.getByTestId('punishment-card').filter({ hasText: 'Ten lines before bed' });
  const forLink = punishment.getByTestId('punishment-infraction');
  await expect(forLink).toHaveText(/^For: Kneel when I enter, /);
  await forLink.click();
  await expect(dom).toHaveURL(/\/structure\?.*tab=infractions.*highlight=/);
  await expect(tab(dom, 'Infractions')).toHaveAttribute('aria-selected', 'true');
  await expect(domFirst).toBeInViewport();

  // Another, logged from the tab: a moment before the rule existed is refused beside "When".
  await dismissToasts(dom);
  const logFromTab = dom.getByRole('button', { name: 'Log infraction', exact: true });
  await logFromTab.click();
  const tabForm = dom.getByRole('form', { name: 'Log an infraction' });
  await expect(tabForm.getByLabel('Rule')).toHaveValue(ruleId);
  const when = tabForm.getByLabel('When it happened');
  const now = await when.inputValue();
  await when.fill('2020-01-01T09:00');
  await tabForm.getByRole('button', { name: 'Log infraction' }).click();
  await expect(tabForm.getByText('The rule was not written yet at that time')).toBeVisible();
  await expect(when).toHaveAttribute('aria-invalid', 'true');
  await when.fill(now);
  await tabForm.getByRole('button', { name: 'Log infraction' }).click();
  await expect(dom.getByText('Infraction logged')).toBeVisible();
  await expect(logFromTab).toBeFocused();
  const domSecond = infractionCard(dom, 'Kneel when I enter v2');
  await expect(dom.getByTestId('infraction-card').first()).toContainText('Kneel when I enter v2');

  // The dominant withdraws it, after a confirmation; it stays, withdrawn, for both.
  await dismissToasts(dom);
  await domSecond.getByRole('button', { name: /^Withdraw/ }).click();
  const confirm = dom.getByRole('dialog', { name: 'Withdraw this infraction?' });
  await expect(confirm).toContainText('Bo Sub will be told');
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(dom.getByText('Infraction withdrawn')).toBeVisible();
  await expect(domSecond.getByTestId('infraction-state')).toHaveText('Withdrawn');
  await expect(domSecond).toBeFocused();
  await expect(domSecond.getByRole('button')).toHaveCount(0);
  const subSecond = infractionCard(sub, 'Kneel when I enter v2');
  await expect(subSecond.getByTestId('infraction-state')).toHaveText('Withdrawn');
  await expect(subSecond.getByRole('button', { name: /^Contest/ })).toHaveCount(0);
  await expect(sub.getByRole('button', { name: /^(Log infraction|Withdraw|Assign punishment)/ })).toHaveCount(
    0,
  );
  await expectNoSidewaysScroll(sub);

  // A notification's link names only the infraction: the page opens the tab that holds it.
  const answer = await sub.request.get(`/api/infractions?partnerId=${d.id}`);
  const [, first] = (await answer.json()).infractions as { id: string }[];
  await sub.goto(`/structure?partner=${d.id}&highlight=${first!.id}`);
  await expect(tab(sub, 'Infractions')).toHaveAttribute('aria-selected', 'true');
  await expect(subFirst).toBeInViewport();
  await expect(subFirst).toHaveClass(/ring-2/);

  // Withdrawn after its punishment was assigned: the punishment's card says so, live, for the submissive.
  await sub.goto('/punishments');
  const subForLink = sub
    .getByTestId('punishment-card')
    .filter({ hasText: 'Ten lines before bed' })
    .getByTestId('punishment-infraction');
  await expect(subForLink).not.toContainText('withdrawn');
  expect((await dom.request.post(`/api/infractions/${first!.id}/withdraw`, { data: {} })).status()).toBe(200);
  await expect(subForLink).toHaveText(/^For: Kneel when I enter, .* \(withdrawn\)$/);
  await sub.context().close();
});
