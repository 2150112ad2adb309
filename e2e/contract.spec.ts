import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { pdfText } from '../src/server/test/pdf';
import { dismissToasts, expect, expectNoSidewaysScroll, LAYOUT, test } from './fixtures';
import { connect, connectedUser, seedCouple, signedInUser, signIn } from './seed';

const nav = (page: Page, name: 'Home' | 'Contract') =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
const live = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-live', 'ready');
const badge = (page: Page) => page.getByTestId('contract-status');
const editor = (page: Page) => page.getByRole('textbox', { name: 'Contract text' });

test(
  'both sign, the card turns Fully Signed, an edit request is approved, an edit clears both signatures live, and the PDF names both signers',
  LAYOUT,
  async ({ page: dom, browser, request }) => {
    const { sub: s } = await seedCouple(browser, dom, request);
    const sub = s.page;

    // Without a contract the dashboard offers to create one.
    await dom.goto('/dashboard');
    const card = dom.getByTestId('contract-card');
    await expect(card.getByRole('link', { name: 'Create Contract' })).toBeVisible();
    await card.getByRole('link', { name: 'Create Contract' }).click();
    await expect(dom).toHaveURL(/\/contract$/);
    await expect(dom.getByText('Contract created')).toBeVisible();
    await expect(dom.getByText('This contract is shared with your partner')).toBeVisible();
    // Neither has signed: the editor is open; the text renders bold markers as bold once closed.
    await expect(editor(dom)).toHaveValue(/\*\*1\. Purpose\*\*/);
    await dom.getByRole('button', { name: 'Close editor' }).click();
    await expect(dom.getByTestId('contract-text').locator('strong', { hasText: '1. Purpose' })).toBeVisible();
    await expect(dom.getByTestId('contract-text')).not.toContainText('**');
    await expect(badge(dom)).toHaveText('Awaiting Signatures');
    await expectNoSidewaysScroll(dom);

    // The submissive finds it on the dashboard: a preview without markers, cut by width.
    await sub.goto('/dashboard');
    await live(sub);
    const subCard = sub.getByTestId('contract-card');
    await expect(subCard.getByTestId('contract-status')).toHaveText('Awaiting Signatures');
    const preview = (await subCard.getByTestId('contract-preview').innerText()).trim();
    expect(preview).not.toContain('**');
    expect(preview).not.toContain('\n');
    const max = (sub.viewportSize()?.width ?? 0) < 640 ? 100 : 200;
    expect(preview.length).toBeLessThanOrEqual(max + 1);
    expect(preview.length).toBeGreaterThan(max - 20);
    await expect(subCard).toContainText(/Last updated [A-Z][a-z]{2} \d{1,2}, \d{4}/);

    // The dominant signs: the submissive's card follows without a reload.
    await live(dom);
    await dom.getByRole('button', { name: 'Sign as Dominant' }).click();
    await expect(dom.getByText('Document signed')).toBeVisible();
    await expect(badge(dom)).toHaveText('Partially Signed (1/2)');
    await expect(subCard.getByTestId('contract-status')).toHaveText('Partially Signed (1/2)');

    // The submissive opens it from the card ("found"), and signs; the dominant's dashboard turns Fully Signed.
    await subCard.getByRole('link', { name: /Open the contract/ }).click();
    await expect(sub.getByText('Contract found')).toBeVisible();
    await expect(sub.getByText('Attached to your shared contract')).toBeVisible();
    await expect(editor(sub)).toHaveCount(0);
    await nav(dom, 'Home');
    await expect(dom.getByTestId('contract-card').getByTestId('contract-status')).toHaveText(
      'Partially Signed (1/2)',
    );
    await sub.getByRole('button', { name: 'Sign as Submissive' }).click();
    await expect(sub.getByText('Document signed')).toBeVisible();
    await expect(dom.getByTestId('contract-card').getByTestId('contract-status')).toHaveText('Fully Signed');
    await expect(badge(sub)).toHaveText('Fully Signed');
    await expect(sub.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);

    // The signature's notification opens the contract shared with the partner who signed.
    await dom.getByRole('button', { name: /^Notifications/ }).click();
    await dom
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('button', { name: /Blake Sub signed the contract/ })
      .click();
    await expect(dom).toHaveURL(new RegExp(`/contract\\?partner=${s.id}$`));

    // The PDF: both signers, the version and its hash.
    const [download] = await Promise.all([
      dom.waitForEvent('download'),
      dom.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('pact-contract-v1.pdf');
    const text = pdfText(await readFile((await download.path())!));
    const current = (await (await dom.request.get(`/api/contracts?partnerId=${s.id}`)).json()).contract;
    for (const part of [
      'Avery Dom',
      'Blake Sub',
      'Role: Dominant',
      'Role: Submissive',
      'Version 1',
      current.sha256,
    ]) {
      expect(text).toContain(part);
    }

    // The submissive asks to edit; the dominant reviews it live and approves.
    await sub.getByRole('button', { name: 'Request Edit' }).click();
    await expect(sub.getByText('Edit requested', { exact: true })).toBeVisible();
    await expect(sub.getByTestId('edit-pending')).toContainText('Waiting for Avery Dom');
    await dom.getByRole('button', { name: 'Review Edit Request' }).click();
    await dom
      .getByRole('dialog', { name: 'Review Edit Request' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expect(dom.getByText('Edit approved')).toBeVisible();
    await expect(sub.getByTestId('edit-approved')).toBeVisible();

    // The submissive's edit clears both signatures on the dominant's screen, live.
    await sub.getByRole('button', { name: 'Edit', exact: true }).click();
    await editor(sub).fill(`${await editor(sub).inputValue()}\n**10. Curfew**\nHome by eleven.`);
    await sub.getByRole('button', { name: 'Save', exact: true }).click();
    // (The approval came as a notification toast titled "Contract updated" too.)
    await expect(sub.getByText('Contract updated').first()).toBeVisible();
    await expect(sub.getByRole('textbox', { name: 'Contract text' })).toHaveCount(0);
    await expect(badge(dom)).toHaveText('Awaiting Signatures');
    await expect(dom.getByTestId('signature-dominant')).toContainText('Not signed');
    await expect(dom.getByTestId('signature-submissive')).toContainText('Not signed');
    await expect(dom.getByTestId('contract-text')).toContainText('Home by eleven.');
    await expect(dom.getByRole('link', { name: 'Download PDF' })).toHaveCount(0);
    await expect(dom.getByTestId('contract-version')).toContainText('Version 2');

    // The history verifies, and the diff shows the added lines.
    await dom.getByRole('button', { name: 'Show history' }).click();
    await expect(dom.getByTestId('history-verified')).toContainText('History verified');
    await expect(dom.getByTestId('history-list').getByRole('listitem').first()).toContainText(
      'Blake Sub edited the text · version 2',
    );
    await expect(dom.getByTestId('version-diff')).toContainText('+ Home by eleven.');
    await expectNoSidewaysScroll(dom);
    await sub.context().close();
  },
);

test('two saves at once: the second editor is told and keeps its text; templates and reset', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request, {
    dominant: 'Cass Dom',
    submissive: 'Drew Sub',
  });
  const sub = s.page;
  await dom.goto('/contract');
  await expect(dom.getByText('Contract created')).toBeVisible();
  await sub.goto('/contract');
  await expect(sub.getByText('Contract found')).toBeVisible();
  await live(dom);
  await live(sub);

  await editor(sub).fill('Sub version of the rules');
  await editor(dom).fill('Dom version of the rules');
  await dom.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dom.getByText('Contract updated')).toBeVisible();
  // The partner's save reaches the submissive's editor: told, with their own text kept.
  await expect(sub.getByText('Your partner changed the contract while you were editing.')).toBeVisible();
  await expect(editor(sub)).toHaveValue('Sub version of the rules');
  await expect(sub.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await sub.getByRole('button', { name: 'Save my text on the new version' }).click();
  // (The dominant's edit was announced on this screen too, as a notification titled the same.)
  await expect(sub.getByText('Contract updated').first()).toBeVisible();
  await expect(sub.getByTestId('contract-text')).toHaveText('Sub version of the rules');
  await expect(dom.getByTestId('contract-text')).toHaveText('Sub version of the rules');

  // Only .txt files load as a template.
  const input = dom.getByTestId('template-input');
  await input.setInputFiles({
    name: 'rules.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  });
  await expect(dom.getByText('Invalid file format')).toBeVisible();
  await expect(dom.getByText('Please upload a .txt file')).toBeVisible();
  await input.setInputFiles({
    name: 'rules.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('**Our template**\nLine two'),
  });
  await expect(dom.getByText('Template loaded', { exact: true })).toBeVisible();
  await expect(dom.getByText('Template loaded successfully')).toBeVisible();
  await expect(dom.getByTestId('contract-text').locator('strong')).toHaveText('Our template');
  await expect(sub.getByTestId('contract-text')).toContainText('Line two');

  await dom.getByRole('button', { name: 'Reset to default' }).click();
  await dom
    .getByRole('dialog', { name: 'Reset the contract?' })
    .getByRole('button', { name: 'Reset contract' })
    .click();
  await expect(dom.getByText('Contract reset')).toBeVisible();
  await expect(sub.getByTestId('contract-text')).toContainText('Safewords');
  await sub.context().close();
});

test('the local starter: without a pair for the session roles, rules are drafted on the device, then become the contract', async ({
  page,
  browser,
  request,
}) => {
  const sw = await signedInUser(browser, request, {
    label: 'switch',
    role: 'switch',
    displayName: 'Eli Switch',
    page,
  });
  const other = await signedInUser(browser, request, {
    label: 'dom2',
    role: 'dominant',
    displayName: 'Fay Dom',
    viewportOf: page,
  });
  expect((await page.request.put('/api/me/session-role', { data: { role: 'dominant' } })).status()).toBe(200);
  await page.goto('/dashboard');
  await expect(page.getByTestId('contract-card')).toContainText('Connect with a partner to write and sign');
  await page.goto('/contract');
  await expect(page.getByText('Go to Dashboard')).toBeVisible();

  await connect(page, other);
  // The open page follows the new connection live (a reload could come after the toast had been shown).
  // Two dominants: no pair, so no shared contract; the rules stay in this browser.
  await expect(page.getByText('Rules document created')).toBeVisible();
  const starter = page.getByTestId('local-starter');
  await dismissToasts(page);
  await starter.getByRole('button', { name: 'Edit' }).click();
  await starter.getByRole('textbox', { name: 'Rules text' }).fill('**Drafted**\nOur own rules');
  await dismissToasts(page);
  await starter.getByRole('button', { name: 'Save' }).click();
  await expect(starter.getByTestId('contract-text')).toHaveText(/DraftedOur own rules/);
  await page.reload();
  await expect(page.getByTestId('local-starter').getByTestId('contract-text')).toContainText('Our own rules');
  await expect(page.getByText('Rules document created')).toHaveCount(0);

  // As a submissive in a new session (a session keeps its role), a pair can exist: the contract is
  // created, and the draft is offered.
  expect((await page.request.put('/api/me/session-role', { data: { role: 'submissive' } })).status()).toBe(
    409,
  );
  expect((await page.request.post('/api/auth/logout')).status()).toBe(200);
  await signIn(page, sw.email);
  expect((await page.request.put('/api/me/session-role', { data: { role: 'submissive' } })).status()).toBe(
    200,
  );
  await page.goto('/contract');
  await expect(page.getByText('Contract created')).toBeVisible();
  await page.getByRole('button', { name: 'Close editor' }).click();
  await page.getByTestId('local-draft-offer').getByRole('button', { name: 'Use my drafted rules' }).click();
  await expect(page.getByText('Contract updated')).toBeVisible();
  await expect(page.getByTestId('contract-text')).toHaveText(/DraftedOur own rules/);
  await expect(page.getByTestId('local-draft-offer')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign as Submissive' })).toBeVisible();
  await other.page.context().close();
});

test('with two partners the dashboard card shows each contract, named, and each opens its own', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: first } = await seedCouple(browser, dom, request, {
    dominant: 'Kit Dom',
    submissive: 'Lee Sub',
  });
  const second = await connectedUser(browser, request, dom, {
    label: 'sub2',
    role: 'submissive',
    displayName: 'Mo Sub',
  });
  // The contract with Lee is signed by both; with Mo there is none yet.
  const c = (await (await dom.request.post('/api/contracts', { data: { partnerId: first.id } })).json())
    .contract;
  for (const who of [dom, first.page]) {
    const signed = await who.request.post(`/api/contracts/${c.id}/sign`, {
      data: { versionId: c.versionId },
    });
    expect(signed.status()).toBe(200);
  }
  await first.page.context().close();
  await second.page.context().close();

  await dom.goto('/dashboard');
  const card = dom.getByTestId('contract-card');
  const entries = card.getByRole('listitem');
  await expect(entries).toHaveCount(2);
  const withLee = entries.filter({ hasText: 'With Lee Sub' });
  const withMo = entries.filter({ hasText: 'With Mo Sub' });
  await expect(withLee.getByTestId('contract-status')).toHaveText('Fully Signed');
  await expect(withMo.getByRole('link', { name: 'Create Contract' })).toBeVisible();
  await withMo.getByRole('link', { name: 'Create Contract' }).click();
  await expect(dom).toHaveURL(new RegExp(`/contract\\?partner=${second.id}$`));
  await expect(dom.getByRole('combobox', { name: 'Partner' })).toHaveValue(second.id);
  await expect(dom.getByText('Contract created')).toBeVisible();
});

test('the local starter is signed, an edit is requested, denied, approved and made, all kept in the browser', async ({
  page,
  browser,
  request,
}) => {
  await signedInUser(browser, request, { label: 'dom-a', role: 'dominant', displayName: 'Gil Dom', page });
  const other = await connectedUser(browser, request, page, {
    label: 'dom-b',
    role: 'dominant',
    displayName: 'Hal Dom',
  });
  await other.page.context().close();
  await page.goto('/contract');
  const starter = page.getByTestId('local-starter');
  await expect(page.getByText('Rules document created')).toBeVisible();
  const mine = starter.getByRole('group', { name: 'You (Dominant)' });
  const theirs = starter.getByRole('group', { name: 'Hal Dom, on this device (Submissive)' });
  const signature = (role: string) => starter.getByTestId(`signature-${role}`);

  await dismissToasts(page);
  await mine.getByRole('button', { name: 'Sign as Dominant' }).click();
  await expect(page.getByText('Document signed', { exact: true })).toBeVisible();
  await expect(signature('dominant')).toContainText('Signed');
  await expect(signature('submissive')).toContainText('Not signed');
  await expect(mine).toHaveCount(0);
  await dismissToasts(page);
  await theirs.getByRole('button', { name: 'Sign as Submissive' }).click();
  await expect(signature('submissive')).toContainText(/Signed · fully signed [A-Z][a-z]{2} \d/);
  // Fully signed: no editing until an edit is requested and approved.
  await expect(starter.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);

  await dismissToasts(page);
  await mine.getByRole('button', { name: 'Request Edit' }).click();
  await expect(page.getByText('Edit requested', { exact: true })).toBeVisible();
  await expect(starter.getByTestId('local-edit-status')).toHaveText('Edit requested by the Dominant');
  await expect(mine).toHaveCount(0);
  await dismissToasts(page);
  await theirs.getByRole('button', { name: 'Deny Edit' }).click();
  await expect(page.getByText('Edit denied', { exact: true })).toBeVisible();
  await expect(starter.getByTestId('local-edit-status')).toHaveCount(0);
  await expect(starter.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);

  await dismissToasts(page);
  await mine.getByRole('button', { name: 'Request Edit' }).click();
  await expect(page.getByText('Edit requested', { exact: true })).toBeVisible();
  await dismissToasts(page);
  await theirs.getByRole('button', { name: 'Approve Edit' }).click();
  await expect(page.getByText('Edit approved', { exact: true })).toBeVisible();
  // Kept in this browser: the state survives a reload.
  await page.reload();
  await expect(starter.getByTestId('local-edit-status')).toHaveText(
    'Edit approved: the rules can be changed',
  );
  await starter.getByRole('button', { name: 'Edit', exact: true }).click();
  await starter.getByRole('textbox', { name: 'Rules text' }).fill('Amended rules');
  await dismissToasts(page);
  await starter.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contract updated')).toBeVisible();
  await expect(starter.getByTestId('contract-text')).toHaveText('Amended rules');
  await expect(signature('dominant')).toContainText('Not signed');
  await expect(signature('submissive')).toContainText('Not signed');
  await expect(mine.getByRole('button', { name: 'Sign as Dominant' })).toBeVisible();
});
