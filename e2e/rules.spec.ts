import type { Page } from '@playwright/test';
import { dismissToasts, expect, expectNoSidewaysScroll, test } from './fixtures';
import { seedCouple } from './seed';

const live = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-live', 'ready');
const ruleCard = (page: Page, title: string) =>
  page.getByTestId('rule-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('the dominant writes a rule, the submissive acknowledges it live; an edit is a new version to acknowledge again', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request, { dominant: 'Ada Dom', submissive: 'Bo Sub' });
  const sub = s.page;

  // The submissive waits on /structure, listening before anything changes.
  await sub.goto('/structure');
  await expect(sub.getByRole('heading', { name: 'Structure', level: 1 })).toBeVisible();
  const myRules = sub.getByRole('region', { name: 'My rules' });
  await expect(myRules.getByText('No rules yet', { exact: true })).toBeVisible();
  await expect(sub.getByRole('button', { name: 'New rule' })).toHaveCount(0);
  await live(sub);

  // The dominant finds Structure in the bottom navigation.
  await dom.goto('/dashboard');
  await live(dom);
  const structureLink = dom
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Structure' });
  await expect(structureLink).toBeVisible();
  await structureLink.click();
  await expect(dom).toHaveURL(/\/structure$/);
  await expect(dom.getByRole('heading', { name: 'Structure', level: 1 })).toBeVisible();
  await expect(dom.getByText('Rules you agreed on, and how the days go')).toBeVisible();
  await expect(dom.getByRole('tab', { name: 'Rules' })).toHaveAttribute('aria-selected', 'true');

  // A new rule, with a category and a guideline consequence.
  const newRule = dom.getByRole('button', { name: 'New rule' });
  await newRule.click();
  const form = dom.getByRole('form', { name: 'New rule' });
  await form.getByLabel('Title').fill('Kneel when I enter');
  await form.getByLabel('Rule text (optional)').fill('Eyes down.\nWait to be told to rise.');
  await form.getByLabel('Category').selectOption({ label: 'Protocol' });
  await form.getByLabel('Guideline consequence (optional)').fill('Ten lines before bed');
  await form.getByRole('button', { name: 'Add rule' }).click();
  await expect(dom.getByText('Rule added')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(newRule).toBeFocused();

  const domCard = ruleCard(dom, 'Kneel when I enter');
  await expect(domCard.getByText('Protocol', { exact: true })).toBeVisible();
  expect(await domCard.getByTestId('rule-text').innerText()).toBe('Eyes down.\nWait to be told to rise.');
  await expect(domCard).toContainText('Guideline: Ten lines before bed');
  await expect(domCard.getByTestId('rule-version')).toHaveText('Version 1');
  await expect(domCard.getByTestId('rule-acknowledgement')).toHaveText('Not yet acknowledged');

  // It appears live under "My rules", read-only, and the submissive acknowledges it.
  const subCard = myRules.getByTestId('rule-card').filter({ hasText: 'Kneel when I enter' });
  await expect(subCard).toBeVisible();
  await expect(subCard.getByTestId('rule-acknowledgement')).toHaveText('Not yet acknowledged');
  await expect(subCard.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(subCard.getByRole('button', { name: /^Retire/ })).toHaveCount(0);
  await subCard.getByRole('button', { name: /^Acknowledge/ }).click();
  await expect(sub.getByText('Rule acknowledged')).toBeVisible();
  await expect(subCard.getByTestId('rule-acknowledgement')).toHaveText(/^Acknowledged on /);
  await expect(subCard.getByRole('button', { name: /^Acknowledge/ })).toHaveCount(0);

  // The dominant sees who acknowledged it, and when.
  await expect(domCard.getByTestId('rule-acknowledgement')).toHaveText(/^Acknowledged by Bo Sub on /);

  // An edit is version 2, waiting for its own acknowledgement.
  await dismissToasts(dom);
  await domCard.getByRole('button', { name: /^Edit/ }).click();
  const edit = dom.getByRole('form', { name: 'Edit rule' });
  await expect(edit.getByLabel('Title')).toHaveValue('Kneel when I enter');
  await expect(edit.getByLabel('Category')).toHaveValue('protocol');
  await edit.getByLabel('Rule text (optional)').fill('Eyes down, hands behind your back.');
  await edit.getByRole('button', { name: 'Save rule' }).click();
  await expect(dom.getByText('Rule updated')).toBeVisible();
  await expect(domCard.getByTestId('rule-version')).toHaveText('Version 2');
  await expect(domCard.getByTestId('rule-text')).toHaveText('Eyes down, hands behind your back.');
  await expect(domCard.getByTestId('rule-acknowledgement')).toHaveText('Not yet acknowledged');

  // The submissive is told, live, that it changed since they acknowledged it, and acknowledges again.
  await expect(subCard.getByTestId('rule-acknowledgement')).toHaveText('Changed since you acknowledged it');
  await expect(subCard.getByTestId('rule-text')).toHaveText('Eyes down, hands behind your back.');
  await dismissToasts(sub);
  await subCard.getByRole('button', { name: /^Acknowledge/ }).click();
  await expect(sub.getByText('Rule acknowledged')).toBeVisible();
  await expect(subCard.getByTestId('rule-acknowledgement')).toHaveText(/^Acknowledged on /);
  await expect(domCard.getByTestId('rule-acknowledgement')).toHaveText(/^Acknowledged by Bo Sub on /);

  // The history lists both versions, each acknowledged (the card's third action, Log infraction, puts
  // History lower at 375 px: the toasts go first).
  await dismissToasts(dom);
  const history = domCard.getByRole('button', { name: /^History/ });
  await history.click();
  await expect(history).toHaveAttribute('aria-expanded', 'true');
  const entries = domCard.getByTestId('rule-history-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Version 2: Kneel when I enter');
  await expect(entries.nth(1)).toContainText('Version 1: Kneel when I enter');
  for (const entry of await entries.all()) await expect(entry).toContainText('Acknowledged ');
  await expectNoSidewaysScroll(dom);

  // Retired, it leaves both lists.
  await dismissToasts(dom);
  await domCard.getByRole('button', { name: /^Retire/ }).click();
  const confirm = dom.getByRole('dialog', { name: 'Retire this rule?' });
  await confirm.getByRole('button', { name: 'Retire' }).click();
  await expect(dom.getByText('Rule retired')).toBeVisible();
  await expect(domCard).toHaveCount(0);
  await expect(subCard).toHaveCount(0);
  await sub.context().close();
});
