import { readFileSync } from 'node:fs';

import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { audit, BOTH_SCHEMES, contrastOf, describe, type Finding } from './axe';
import { expect, PROOF_JPEG, test } from './fixtures';
import { openPunishmentsThatFail } from './hold';
import {
  completeTask,
  connect,
  seedAboveAndBeyond,
  seedCouple,
  seedPhoto,
  seedTask,
  sendRequest,
  signedInUser,
} from './seed';

/** A short recording for the journal's voice message. */
const VOICE_WEBM = readFileSync('src/server/test/samples/tone-1.5s.webm');

/**
 * axe-core over every screen and every dialog, in the light and the dark scheme, at each project's
 * viewport: any serious or critical violation fails the test, with the list of what was found where.
 */

type Fixtures = { page: Page; browser: Browser; request: APIRequestContext };

// Each test audits a dozen screens in two schemes (one axe run is seconds on a loaded machine): the
// suite's 60 s would fail them on a slow CI run for their length alone, not for what they find.
test.describe.configure({ timeout: 180_000 });

const heading = (page: Page, name: string) =>
  expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

/**
 * Closes the open dialog by its Close or Cancel button, else by Escape: three Escapes within 1.5 s are Quick
 * exit (decision 080), and closing three dialogs with their audits can take less than that.
 */
async function closeDialog(page: Page) {
  const close = page
    .getByRole('dialog')
    .last()
    .getByRole('button', { name: /^(Close|Cancel)$/ });
  if ((await close.count()) > 0) await close.last().click();
  else await page.keyboard.press('Escape');
}

async function openDialog(page: Page, name: string | RegExp, open: () => Promise<unknown>) {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

test(
  'public screens: landing, login, register, forgot password, legal, 404, role chooser',
  BOTH_SCHEMES,
  async ({ page, browser, request }) => {
    const found: Finding[] = [];
    await page.goto('/');
    await heading(page, 'Pact');
    await audit(page, 'landing', found);

    await page.goto('/auth');
    await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
    await audit(page, '/auth login', found);
    await openDialog(page, 'Reset your password', () =>
      page.getByRole('button', { name: 'Forgot password?' }).click(),
    );
    await audit(page, 'forgot password dialog', found);
    await closeDialog(page);
    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page.getByRole('form', { name: 'Register' })).toBeVisible();
    await audit(page, '/auth register', found);

    await page.goto('/privacy-policy');
    await heading(page, 'Privacy Policy');
    await audit(page, '/privacy-policy', found);
    await page.goto('/terms-of-service');
    await heading(page, 'Terms of Service');
    await audit(page, '/terms-of-service', found);
    await page.goto('/release-info');
    await heading(page, 'Release Information');
    await audit(page, '/release-info', found);
    await page.goto('/help');
    await heading(page, 'Help and support');
    await audit(page, '/help', found);
    await page.goto('/who-can-read');
    await heading(page, 'Who can read what');
    await audit(page, '/who-can-read', found);
    await page.goto('/no-such-page');
    await heading(page, 'Page not found');
    await audit(page, '404', found);

    const aSwitch = await signedInUser(browser, request, {
      label: 'switch',
      role: 'switch',
      displayName: 'Sam Switch',
      page,
    });
    await aSwitch.page.goto('/dashboard');
    await heading(page, 'Choose Your Role for This Session');
    await audit(page, 'role chooser', found);

    expect(describe(found)).toEqual([]);
  },
);

/** A couple with a task due today, one due later, one done with a photo and an Above & Beyond to answer. */
async function dominantWithTasks({ page: dom, browser, request }: Fixtures) {
  const { dom: d, sub: s } = await seedCouple(browser, dom, request, {
    dominant: 'Ivy Dom',
    submissive: 'Jon Sub',
  });
  await seedTask(dom, s.id, { title: 'Water the plants', dueDate: Date.now() + 5 * 60_000 });
  await seedTask(dom, s.id, { title: 'Plan the weekend', dueDate: Date.now() + 3 * 86_400_000 });
  const proved = await seedTask(dom, s.id, { title: 'Make the bed', photoProofRequired: true });
  await completeTask(s.page, proved.id, await seedPhoto(s.page, d.id));
  await seedAboveAndBeyond(s.page, d.id, 'Ironed every shirt');
  await s.page.context().close();
  return dom;
}

test(
  "the dominant's dashboard, its dialogs and the bell",
  BOTH_SCHEMES,
  async ({ page, browser, request }) => {
    const found: Finding[] = [];
    const dom = await dominantWithTasks({ page, browser, request });
    await dom.goto('/dashboard');
    await heading(dom, 'Dashboard');
    await expect(dom.getByTestId('recent-task').first()).toBeVisible();
    await audit(dom, '/dashboard', found);
    for (const colorScheme of ['light', 'dark'] as const) {
      await dom.emulateMedia({ colorScheme });
      expect(
        await contrastOf(dom.getByTestId('bell-badge')),
        `bell badge (${colorScheme})`,
      ).toBeGreaterThanOrEqual(4.5);
    }
    await openDialog(dom, 'Connect with a partner', () =>
      dom.getByRole('button', { name: /^Connect( with a partner)?$/ }).click(),
    );
    await dom.getByLabel("Partner's email").fill('nobody@example.com');
    await expect(dom.getByText(/No users found matching/)).toBeVisible();
    await audit(dom, 'connect partner dialog', found);
    await closeDialog(dom);
    await openDialog(dom, 'Connected partners', () => dom.getByTestId('partner-status').click());
    await audit(dom, 'connected partners dialog', found);
    await closeDialog(dom);
    await openDialog(dom, 'Notifications', () => dom.getByRole('button', { name: /^Notifications/ }).click());
    await audit(dom, 'notifications menu', found);
    await closeDialog(dom);
    // Red's banner with its help link, then the aftercare its lift asks of both (decision 054).
    await dom.getByRole('button', { name: 'Red: stop everything' }).click();
    await expect(dom.getByTestId('stop-banner')).toBeVisible();
    await audit(dom, 'Red banner', found);
    await dom.getByTestId('stop-banner').getByRole('button', { name: 'Lift Red' }).click();
    await expect(dom.getByTestId('aftercare-card')).toBeVisible();
    await audit(dom, 'aftercare card', found);
    expect(describe(found)).toEqual([]);
  },
);

test("the dominant's task list, its dialogs and the History tab", async ({ page, browser, request }) => {
  const found: Finding[] = [];
  const dom = await dominantWithTasks({ page, browser, request });
  await dom.goto('/tasks');
  await heading(dom, 'Tasks');
  await expect(dom.getByTestId('task-card').filter({ hasText: 'Water the plants' })).toBeVisible();
  await audit(dom, '/tasks active', found);
  await openDialog(dom, 'Create New Task', () =>
    dom.getByRole('button', { name: /Assign Task|Create Task/ }).click(),
  );
  await audit(dom, 'task form dialog', found);
  await closeDialog(dom);
  const card = dom.getByTestId('task-card').filter({ hasText: 'Plan the weekend' });
  await card.hover();
  await openDialog(dom, 'Edit Task', () =>
    card.getByRole('button', { name: 'Edit Plan the weekend' }).click(),
  );
  await audit(dom, 'edit task dialog', found);
  await closeDialog(dom);
  await card.hover();
  await openDialog(dom, 'Delete task?', () => card.getByRole('button', { name: /Delete/ }).click());
  await audit(dom, 'delete task dialog', found);
  await closeDialog(dom);
  const feedback = await openDialog(dom, 'Give feedback', () =>
    dom
      .getByTestId('task-card')
      .filter({ hasText: 'Ironed every shirt' })
      .getByRole('button', { name: /Give feedback/ })
      .click(),
  );
  await feedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(dom.getByText('Feedback Required')).toBeVisible();
  await audit(dom, 'feedback dialog with an error toast', found);
  await closeDialog(dom);

  await dom.getByRole('tab', { name: 'History' }).click();
  await expect(dom.getByRole('tabpanel').getByText('Make the bed')).toBeVisible();
  await audit(dom, '/tasks history', found);
  expect(describe(found)).toEqual([]);
});

test("the dominant's full history, the photo viewer and the pages still to come", async ({
  page,
  browser,
  request,
}) => {
  const found: Finding[] = [];
  const dom = await dominantWithTasks({ page, browser, request });
  await dom.goto('/task-history');
  await heading(dom, 'Task History');
  await dom.getByRole('button', { name: 'Grid' }).click();
  await expect(dom.locator('li[id^="completion-"]').first()).toBeVisible();
  await audit(dom, '/task-history grid', found);
  await dom.getByRole('button', { name: 'List' }).click();
  await expect(dom.getByRole('table')).toBeVisible();
  await audit(dom, '/task-history list', found);
  await openDialog(dom, 'Photo proof', () =>
    dom.getByRole('button', { name: /View photo proof for Make the bed/ }).click(),
  );
  await audit(dom, 'photo viewer', found);
  await closeDialog(dom);

  for (const [path, title] of [
    ['/journal', 'Journal'],
    ['/punishments', 'Punishments'],
  ] as const) {
    await dom.goto(path);
    await heading(dom, title);
    await audit(dom, path, found);
  }
  expect(describe(found)).toEqual([]);
});

test('the app lock: its settings section with errors, and the lock screen with a wrong PIN', async ({
  page,
  browser,
  request,
}) => {
  const found: Finding[] = [];
  await signedInUser(browser, request, {
    label: 'a11y-lock',
    role: 'dominant',
    displayName: 'Lee Dom',
    page,
  });
  await page.goto('/settings');
  await heading(page, 'Settings');
  const form = page.getByRole('form', { name: 'Set a PIN' });
  await form.getByLabel('PIN', { exact: true }).fill('12');
  await form.getByRole('button', { name: 'Set PIN' }).click();
  await expect(form.getByText('A PIN is 6 to 32 digits.').last()).toBeVisible();
  await audit(page, '/settings app lock with errors', found);
  await form.getByLabel('PIN', { exact: true }).fill('135790');
  await form.getByLabel('Enter the PIN again').fill('135790');
  await form.getByRole('button', { name: 'Set PIN' }).click();
  await expect(page.getByTestId('app-lock-state')).toHaveText('A PIN is set on this device.');
  expect((await page.request.post('/api/me/lock/engage')).status()).toBe(200);
  await page.reload();
  await heading(page, 'Locked');
  await audit(page, 'lock screen', found);
  const unlock = page.getByRole('form', { name: 'Unlock' });
  await unlock.getByLabel('PIN').fill('000000');
  await unlock.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('alert')).toContainText('4 tries left');
  await audit(page, 'lock screen with a wrong PIN', found);
  expect(describe(found)).toEqual([]);
});

test('settings: blocked users, the security log and sessions, the forms and the delete dialog', async ({
  page,
  browser,
  request,
}) => {
  const found: Finding[] = [];
  const me = await signedInUser(browser, request, {
    label: 'a11y-settings',
    role: 'dominant',
    displayName: 'Ned Dom',
    page,
  });
  const other = await signedInUser(browser, request, {
    label: 'a11y-blocked',
    role: 'submissive',
    displayName: 'Oli Sub',
    viewportOf: page,
  });
  await other.page.context().close();
  expect((await page.request.post('/api/blocks', { data: { userId: other.id } })).status()).toBe(201);
  await request.post('/api/auth/login', { data: { email: me.email, password: 'Wrong#Pass99' } });
  await page.goto('/settings');
  await heading(page, 'Settings');
  await expect(page.getByText('@olisub')).toBeVisible();
  await expect(page.getByTestId('security-score')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active sessions' })).toBeVisible();
  await audit(page, '/settings', found);

  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('New password', { exact: true }).fill('short');
  await form.getByRole('button', { name: 'Update password' }).click();
  await expect(form.getByText('Current password is required')).toBeVisible();
  await audit(page, '/settings change password with errors', found);

  const dialog = await openDialog(page, 'Delete account', () =>
    page
      .getByRole('region', { name: 'Delete account' })
      .getByRole('button', { name: 'Delete account' })
      .click(),
  );
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await expect(dialog.getByText('Please type "DELETE" to confirm account deletion')).toBeVisible();
  await audit(page, 'delete account dialog', found);
  expect(describe(found)).toEqual([]);
});

/** A couple whose submissive has a task, an answered Above & Beyond, and a stranger's request waiting. */
async function submissiveWithRequest({ page: domPage, browser, request }: Fixtures) {
  const { dom: d, sub: s } = await seedCouple(browser, domPage, request, {
    dominant: 'Kai Dom',
    submissive: 'Lou Sub',
  });
  await seedTask(domPage, s.id, { title: 'Stretch for ten minutes', dueDate: Date.now() + 5 * 60_000 });
  await seedAboveAndBeyond(s.page, d.id, 'Cooked dinner');
  const history = await (await domPage.request.get('/api/task-completions')).json();
  const entry = history.completions.find((c: { title: string }) => c.title === 'Cooked dinner');
  await domPage.request.post(`/api/task-completions/${entry.id}/feedback`, {
    data: { feedback: 'Delicious, thank you.' },
  });
  const stranger = await signedInUser(browser, request, {
    label: 'stranger',
    role: 'dominant',
    displayName: 'Max Stranger',
  });
  const requestId = await sendRequest(stranger.page, s.id);
  await stranger.page.context().close();
  return { page: s.page, requestId };
}

test("the submissive's dashboard with a request waiting, the bell and the request dialog", async ({
  page: domPage,
  browser,
  request,
}) => {
  const found: Finding[] = [];
  const { page, requestId } = await submissiveWithRequest({ page: domPage, browser, request });
  await page.goto('/dashboard');
  await heading(page, 'Dashboard');
  await expect(page.getByRole('heading', { name: 'Connection Requests' })).toBeVisible();
  await audit(page, '/dashboard (submissive, request waiting)', found);
  await openDialog(page, 'Notifications', () => page.getByRole('button', { name: /^Notifications/ }).click());
  await audit(page, 'notifications menu (submissive)', found);
  await closeDialog(page);
  await page.goto(`/dashboard?request=${requestId}`);
  const requestDialog = page.getByRole('dialog', { name: 'Connection Request' });
  await expect(requestDialog.getByText('Max Stranger', { exact: true })).toBeVisible();
  await audit(page, 'connection request dialog', found);
  await page.context().close();
  expect(describe(found)).toEqual([]);
});

test("the submissive's tasks, Above & Beyond and history", async ({ page: domPage, browser, request }) => {
  const found: Finding[] = [];
  const { page } = await submissiveWithRequest({ page: domPage, browser, request });
  await page.goto('/tasks');
  await heading(page, 'Tasks');
  await expect(page.getByTestId('task-card').filter({ hasText: 'Stretch for ten minutes' })).toBeVisible();
  await audit(page, '/tasks active (submissive)', found);
  await openDialog(page, 'Above & Beyond', () =>
    page.getByRole('button', { name: 'Above & Beyond' }).first().click(),
  );
  await audit(page, 'Above & Beyond dialog', found);
  await closeDialog(page);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('tabpanel').getByText('Cooked dinner')).toBeVisible();
  await audit(page, '/tasks history (submissive)', found);
  await page.goto('/task-history');
  await heading(page, 'Task History');
  await expect(page.getByText('Delicious, thank you.').first()).toBeVisible();
  await audit(page, '/task-history (submissive)', found);
  await page.context().close();
  expect(describe(found)).toEqual([]);
});

test('the Complete task dialog: empty, recording a voice note, then with a photo and a voice note', async ({
  page,
  browser,
  request,
}) => {
  const found: Finding[] = [];
  const { sub } = await seedCouple(browser, page, request, { dominant: 'Tia Dom', submissive: 'Uma Sub' });
  await seedTask(page, sub.id, { title: 'Fold the laundry' });
  await sub.page.goto('/tasks');
  await heading(sub.page, 'Tasks');
  // The list arrives rendered by the server: a tap counts once it is hydrated.
  await expect(sub.page.locator('html[data-live=ready]')).toBeAttached();
  const dialog = await openDialog(sub.page, 'Complete task', () =>
    sub.page
      .getByTestId('task-card')
      .filter({ hasText: 'Fold the laundry' })
      .getByRole('button', { name: /With proof/ })
      .click(),
  );
  await audit(sub.page, 'complete task dialog', found);
  await dialog.getByLabel('Photo proof (optional)').setInputFiles({
    name: 'proof.jpg',
    mimeType: 'image/jpeg',
    buffer: PROOF_JPEG,
  });
  await expect(dialog.getByRole('img', { name: 'Selected proof' })).toBeVisible();
  await dialog.getByRole('button', { name: /Record voice note/ }).click();
  await expect(dialog.getByRole('button', { name: 'Stop recording' })).toBeVisible();
  await audit(sub.page, 'complete task dialog, recording', found);
  await dialog.getByRole('button', { name: 'Stop recording' }).click();
  await expect(sub.page.getByText('Recording Complete')).toBeVisible();
  await audit(sub.page, 'complete task dialog with photo and voice proof', found);
  await sub.page.context().close();
  expect(describe(found)).toEqual([]);
});

test('partners: Reject & Block, a request that is no longer valid, one still waiting, and the disconnect confirmation', async ({
  page: domPage,
  browser,
  request,
}) => {
  const found: Finding[] = [];
  const { page, requestId } = await submissiveWithRequest({ page: domPage, browser, request });
  await page.goto(`/dashboard?request=${requestId}`);
  const requestDialog = page.getByRole('dialog', { name: 'Connection Request' });
  await requestDialog.getByRole('button', { name: 'Reject & Block' }).click();
  await expect(requestDialog.getByText('Block Max Stranger?')).toBeVisible();
  await audit(page, 'reject and block confirmation', found);
  await closeDialog(page);
  await expect(requestDialog).toHaveCount(0);

  await page.goto(`/dashboard?request=${crypto.randomUUID()}`);
  const error = page.getByRole('dialog', { name: 'Connection Request Error' });
  await expect(
    error.getByText('This request could not be found or has already been processed.'),
  ).toBeVisible();
  await audit(page, 'connection request error dialog', found);
  await error.getByRole('button', { name: 'Close' }).first().click();
  await expect(error).toHaveCount(0);

  const other = await signedInUser(browser, request, {
    label: 'asked',
    role: 'dominant',
    displayName: 'Ned Asked',
    viewportOf: page,
  });
  await other.page.context().close();
  const sent = await sendRequest(page, other.id);
  await page.goto(`/dashboard?request=${sent}`);
  await expect(requestDialog.getByText('Your request to Ned Asked is waiting for an answer.')).toBeVisible();
  await audit(page, 'connection request dialog (sent, waiting)', found);
  await closeDialog(page);

  const partners = await openDialog(page, 'Connected partners', () =>
    page.getByTestId('partner-status').click(),
  );
  await partners.getByRole('button', { name: 'Remove Kai Dom' }).click();
  await expect(partners.getByRole('button', { name: 'Disconnect' })).toBeVisible();
  await audit(page, 'disconnect confirmation', found);
  await page.context().close();
  expect(describe(found)).toEqual([]);
});

test('punishments: both roles, the Add New Punishment and feedback dialogs', async ({
  page,
  browser,
  request,
}) => {
  const found: Finding[] = [];
  const { dom, sub } = await seedCouple(browser, page, request, {
    dominant: 'Pat Dom',
    submissive: 'Quinn Sub',
  });
  const add = async (data: Record<string, unknown>) => {
    const response = await dom.page.request.post('/api/punishments', {
      data: { assignedTo: sub.id, ...data },
    });
    expect(response.status()).toBe(201);
    return (await response.json()).punishment.id as string;
  };
  await add({
    title: 'Write lines',
    severity: 'mild',
    reason: 'Forgot to text',
    timerEnabled: true,
    timerDuration: 20,
  });
  const running = await add({
    title: 'Plank',
    severity: 'moderate',
    aftercareRequired: true,
    timerEnabled: true,
  });
  const done = await add({ title: 'Cold shower', severity: 'severe', notes: 'Two minutes' });
  await add({ title: 'Tickle torture', severity: 'funishment' });
  expect((await sub.page.request.post(`/api/punishments/${running}/timer`)).status()).toBe(200);
  expect(
    (
      await sub.page.request.put(`/api/punishments/${done}/completion`, { data: { completed: true } })
    ).status(),
  ).toBe(200);

  await dom.page.goto('/punishments');
  await heading(dom.page, 'Punishments');
  await expect(dom.page.getByTestId('punishment-countdown')).toBeVisible();
  await audit(dom.page, '/punishments (dominant)', found);
  const form = await openDialog(dom.page, 'Add New Punishment', () =>
    dom.page.getByRole('button', { name: 'Add Punishment' }).click(),
  );
  await form.getByLabel('Timer', { exact: true }).check();
  await audit(dom.page, 'Add New Punishment dialog', found);
  await closeDialog(dom.page);
  await openDialog(dom.page, 'Give feedback', () =>
    dom.page.getByRole('button', { name: /Give feedback on Cold shower/ }).click(),
  );
  await audit(dom.page, 'punishment feedback dialog', found);
  await closeDialog(dom.page);

  await sub.page.goto('/punishments');
  await heading(sub.page, 'Punishments');
  await expect(sub.page.getByRole('button', { name: /Start Timer for Write lines/ })).toBeVisible();
  await audit(sub.page, '/punishments (submissive)', found);
  await sub.page.context().close();
  expect(describe(found)).toEqual([]);
});

test('the journal: a conversation in three tones, with a voice message, and the voice composer', async ({
  page,
  browser,
  request,
}) => {
  const found: Finding[] = [];
  const { dom, sub } = await seedCouple(browser, page, request, {
    dominant: 'Pia Dom',
    submissive: 'Rio Sub',
  });
  for (const [from, to, content, tone] of [
    [page, sub.id, 'Good morning', 'green'],
    [sub.page, dom.id, 'Slow down a little', 'yellow'],
    [page, sub.id, 'Understood, stopping', 'red'],
  ] as const) {
    expect(
      (await from.request.post('/api/journal/messages', { data: { partnerId: to, content, tone } })).status(),
    ).toBe(201);
  }
  const audio = await sub.page.request.post(`/api/media/audio?partnerId=${dom.id}&durationMs=1500`, {
    headers: { 'content-type': 'audio/webm' },
    data: VOICE_WEBM,
  });
  expect(audio.status()).toBe(201);
  const voiceNoteId = (await audio.json()).media.id;
  await sub.page.request.post('/api/journal/messages', {
    data: { partnerId: dom.id, kind: 'voice', voiceNoteId, voiceNoteDescription: 'For tonight' },
  });
  await page.goto('/journal');
  await heading(page, 'Journal');
  await expect(page.getByText('For tonight', { exact: true })).toBeVisible();
  await audit(page, '/journal', found);
  await page.getByRole('tab', { name: 'Voice' }).click();
  await audit(page, '/journal voice composer', found);
  await sub.page.context().close();
  expect(describe(found)).toEqual([]);
});

test('the contract: edit mode, the reset dialog, signed with a review waiting, the history and diff, the card, the local starter', async ({
  page,
  browser,
  request,
}) => {
  const found: Finding[] = [];
  const { sub } = await seedCouple(browser, page, request, { dominant: 'Gil Dom', submissive: 'Hal Sub' });
  await page.goto('/contract');
  await heading(page, 'Contract');
  await expect(page.getByRole('textbox', { name: 'Contract text' })).toBeVisible();
  await audit(page, '/contract (edit mode)', found);
  await openDialog(page, 'Reset the contract?', () =>
    page.getByRole('button', { name: 'Reset to default' }).click(),
  );
  await audit(page, 'reset contract dialog', found);
  await closeDialog(page);

  const c = (await (await page.request.get(`/api/contracts?partnerId=${sub.id}`)).json()).contract;
  const edited = await page.request.put(`/api/contracts/${c.id}/content`, {
    data: { baseVersionId: c.versionId, content: `${c.content}\n**10. Extra**\nOne more rule.` },
  });
  const v2 = (await edited.json()).contract;
  for (const who of [page, sub.page]) {
    expect(
      (await who.request.post(`/api/contracts/${c.id}/sign`, { data: { versionId: v2.versionId } })).status(),
    ).toBe(200);
  }
  expect((await sub.page.request.post(`/api/contracts/${c.id}/edit-request`, { data: {} })).status()).toBe(
    200,
  );
  await page.reload();
  await expect(page.getByRole('button', { name: 'Review Edit Request' })).toBeVisible();
  await audit(page, '/contract (fully signed, review waiting)', found);
  await openDialog(page, 'Review Edit Request', () =>
    page.getByRole('button', { name: 'Review Edit Request' }).click(),
  );
  await audit(page, 'review edit request dialog', found);
  await closeDialog(page);
  await page.getByRole('button', { name: 'Show history' }).click();
  await expect(page.getByTestId('version-diff')).toBeVisible();
  await audit(page, '/contract history and diff', found);
  await page.goto('/dashboard');
  await expect(page.getByTestId('contract-card').getByTestId('contract-status')).toHaveText('Fully Signed');
  await audit(page, '/dashboard with the contract card', found);
  await sub.page.context().close();

  const a = await signedInUser(browser, request, {
    label: 'd1',
    role: 'dominant',
    displayName: 'Ike Dom',
    viewportOf: page,
  });
  const b = await signedInUser(browser, request, {
    label: 'd2',
    role: 'dominant',
    displayName: 'Jay Dom',
    viewportOf: page,
  });
  await connect(a.page, b);
  await a.page.goto('/contract');
  await expect(a.page.getByTestId('local-starter')).toBeVisible();
  // Audited once its toast has gone (a toast over the text is not the page's contrast).
  await expect(a.page.getByText('Rules document created')).toHaveCount(0, { timeout: 15_000 });
  await audit(a.page, '/contract (local starter)', found);
  await a.page.context().close();
  await b.page.context().close();
  expect(describe(found)).toEqual([]);
});

// A page's code is fetched by the service worker once it is installed: without it, its failure can be provoked.
test.describe('without the service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('the route error inside the signed-in layout', async ({ page, browser, request }) => {
    const found: Finding[] = [];
    await signedInUser(browser, request, {
      label: 'a11y-offline',
      role: 'dominant',
      displayName: 'Vic Dom',
      page,
    });
    await openPunishmentsThatFail(page);
    await heading(page, 'Something went wrong');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await audit(page, 'route error (signed in)', found);
    expect(describe(found)).toEqual([]);
  });
});

test('check-ins: Yellow’s banners on both sides, the answer dialog and /check-ins with its history', async ({
  page: dom,
  browser,
  request,
}) => {
  const found: Finding[] = [];
  const { sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  await sub.goto('/dashboard');
  await expect(sub.locator('html')).toHaveAttribute('data-live', 'ready');
  await dom.goto('/check-ins');
  await heading(dom, 'Check-ins');
  await dom.getByRole('button', { name: 'Yellow: ask for a check-in' }).click();
  await expect(dom.getByTestId('checkin-waiting')).toBeVisible();
  await audit(dom, '/check-ins, waiting for a check-in', found);
  const ask = sub.getByTestId('checkin-ask');
  await expect(ask).toBeVisible();
  await audit(sub, '/dashboard with a check-in asked', found);
  const dialog = await openDialog(sub, 'Check in', () =>
    ask.getByRole('button', { name: 'Check in' }).click(),
  );
  await dialog.getByRole('button', { name: 'Send check-in' }).click();
  await expect(dialog.getByText('Choose Green, Yellow or Red')).toBeVisible();
  await audit(sub, 'check-in dialog with an error', found);
  await dialog.getByRole('radio', { name: /Green/ }).check();
  await dialog.getByLabel('Note (optional)').fill('Fine, thank you.');
  await dialog.getByRole('button', { name: 'Send check-in' }).click();
  await expect(dom.getByTestId('checkin-entry')).toHaveCount(1);
  await dom
    .getByRole('form', { name: 'Check-ins with Blake Sub' })
    .getByLabel('Check-ins')
    .selectOption('weekly');
  await audit(dom, '/check-ins with a history and a weekly cadence', found);
  await sub.context().close();
  expect(describe(found)).toEqual([]);
});

test('the first negotiation: the dashboard’s Start here and Limits cards, and /negotiation for both before and after confirming', async ({
  page: dom,
  browser,
  request,
}) => {
  const found: Finding[] = [];
  const { sub: s } = await seedCouple(browser, dom, request, undefined, false);
  const sub = s.page;
  await dom.goto('/dashboard');
  await expect(dom.getByTestId('negotiation-card')).toBeVisible();
  await expect(dom.getByTestId('limits-card')).toBeVisible();
  await audit(dom, '/dashboard with the first negotiation to go through', found);
  await dom.getByRole('link', { name: 'Open the negotiation' }).click();
  await heading(dom, 'Your first negotiation');
  await audit(dom, '/negotiation, the dominant waiting', found);
  await sub.goto('/negotiation');
  await heading(sub, 'Your first negotiation');
  await audit(sub, '/negotiation, the submissive before confirming', found);
  await sub.getByRole('button', { name: 'Confirm our first negotiation' }).click();
  await expect(sub.getByRole('button', { name: 'Withdraw my confirmation' })).toBeVisible();
  await expect(sub.getByText('First negotiation confirmed')).toHaveCount(0, { timeout: 15_000 });
  await audit(sub, '/negotiation, confirmed', found);
  await sub.context().close();
  expect(describe(found)).toEqual([]);
});

test('structure: the rules for both roles, acknowledged, changed and new, the New rule and Retire dialogs', async ({
  page: dom,
  browser,
  request,
}) => {
  const found: Finding[] = [];
  const { sub: s } = await seedCouple(browser, dom, request, { dominant: 'Rue Dom', submissive: 'Sol Sub' });
  const sub = s.page;
  const write = async (data: Record<string, unknown>) => {
    const response = await dom.request.post('/api/rules', { data: { partnerId: s.id, ...data } });
    expect(response.status()).toBe(201);
    return (await response.json()).rule.id as string;
  };
  const kneel = await write({
    title: 'Kneel when I enter',
    text: 'Eyes down.\nWait to be told to rise.',
    category: 'protocol',
    consequence: 'Ten lines before bed',
  });
  const sweets = await write({ title: 'Ask before sweets', text: 'Ask first.', category: 'self_care' });
  await write({ title: 'Lights out by eleven' });
  for (const id of [kneel, sweets]) {
    const ack = await sub.request.post(`/api/rules/${id}/acknowledge`, { data: { version: 1 } });
    expect(ack.status()).toBe(200);
  }
  const edited = await dom.request.put(`/api/rules/${sweets}`, {
    data: {
      title: 'Ask before sweets',
      text: 'Ask first, always.',
      category: 'self_care',
      limitTags: [],
      consequence: null,
      version: 1,
    },
  });
  expect(edited.status()).toBe(200);

  await dom.goto('/structure');
  await heading(dom, 'Structure');
  await expect(dom.getByText(/^Acknowledged by Sol Sub on /)).toBeVisible();
  await dom.getByRole('button', { name: 'History: Ask before sweets' }).click();
  await expect(dom.getByTestId('rule-history-entry')).toHaveCount(2);
  await audit(dom, '/structure (dominant, a history open)', found);
  await openDialog(dom, 'New rule', () => dom.getByRole('button', { name: 'New rule' }).click());
  await dom.getByRole('form', { name: 'New rule' }).getByRole('button', { name: 'Add rule' }).click();
  await expect(dom.getByText('Title is required').first()).toBeVisible();
  await audit(dom, 'New rule dialog, title missing', found);
  await closeDialog(dom);
  await openDialog(dom, 'Retire this rule?', () =>
    dom.getByRole('button', { name: 'Retire Lights out by eleven' }).click(),
  );
  await audit(dom, 'Retire rule dialog', found);
  await closeDialog(dom);

  await sub.goto('/structure');
  await heading(sub, 'Structure');
  await expect(sub.getByText('Changed since you acknowledged it')).toBeVisible();
  await audit(sub, '/structure (submissive: acknowledged, changed and new rules)', found);
  await sub.context().close();
  expect(describe(found)).toEqual([]);
});

test('structure: the infractions for both roles, logged, contested, punished and withdrawn; the Log, Contest, Withdraw and punishment dialogs', async ({
  page: dom,
  browser,
  request,
}) => {
  const found: Finding[] = [];
  const { sub: s } = await seedCouple(browser, dom, request, { dominant: 'Rue Dom', submissive: 'Sol Sub' });
  const sub = s.page;
  const rule = await dom.request.post('/api/rules', {
    data: { partnerId: s.id, title: 'Kneel when I enter', consequence: 'Ten lines before bed' },
  });
  const ruleId = (await rule.json()).rule.id as string;
  const log = async (note?: string) => {
    const response = await dom.request.post('/api/infractions', { data: { ruleId, note } });
    expect(response.status()).toBe(201);
    return (await response.json()).infraction.id as string;
  };
  const [contested, punished, withdrawn] = [await log('Late'), await log(), await log('Forgot')];
  await log('Stayed on the sofa.');
  const contest = await sub.request.post(`/api/infractions/${contested}/contest`, {
    data: { note: 'My knee hurt; I told you.' },
  });
  expect(contest.status()).toBe(200);
  const punishment = await dom.request.post('/api/punishments', {
    data: { title: 'Ten lines before bed', assignedTo: s.id, infractionId: punished },
  });
  expect(punishment.status()).toBe(201);
  expect((await dom.request.post(`/api/infractions/${withdrawn}/withdraw`)).status()).toBe(200);

  await dom.goto('/structure?tab=infractions');
  await heading(dom, 'Structure');
  await expect(dom.getByTestId('infraction-card')).toHaveCount(4);
  await audit(dom, '/structure?tab=infractions (dominant: logged, contested, punished, withdrawn)', found);
  await openDialog(dom, 'Log an infraction', () =>
    dom.getByRole('button', { name: 'Log infraction', exact: true }).click(),
  );
  await audit(dom, 'Log an infraction dialog', found);
  await closeDialog(dom);
  await openDialog(dom, 'Withdraw this infraction?', () =>
    dom
      .getByRole('button', { name: /^Withdraw / })
      .first()
      .click(),
  );
  await audit(dom, 'Withdraw infraction dialog', found);
  await closeDialog(dom);
  await openDialog(dom, 'Add New Punishment', () =>
    dom
      .getByRole('button', { name: /^Assign punishment/ })
      .first()
      .click(),
  );
  await audit(dom, 'Add New Punishment dialog, from an infraction', found);
  await closeDialog(dom);
  await dom.goto('/punishments');
  await expect(dom.getByTestId('punishment-infraction')).toBeVisible();
  await audit(dom, '/punishments (a punishment naming its infraction)', found);

  await sub.goto('/structure?tab=infractions');
  await heading(sub, 'Structure');
  await expect(sub.getByTestId('infraction-card')).toHaveCount(4);
  await audit(sub, '/structure?tab=infractions (submissive)', found);
  await openDialog(sub, 'Contest this infraction', () =>
    sub
      .getByRole('button', { name: /^Contest/ })
      .first()
      .click(),
  );
  await audit(sub, 'Contest infraction dialog', found);
  await sub.context().close();
  expect(describe(found)).toEqual([]);
});

test('structure: the rewards for both roles, a balance, a catalogue, requests granted, denied and pending, the ledger; the Award, Correction, reward, Retire, Grant and Redeem dialogs', async ({
  page: dom,
  browser,
  request,
}) => {
  const found: Finding[] = [];
  const { sub: s } = await seedCouple(browser, dom, request, { dominant: 'Rue Dom', submissive: 'Sol Sub' });
  const sub = s.page;
  const reward = async (title: string, price: number, description = '') => {
    const response = await dom.request.post('/api/rewards', {
      data: { partnerId: s.id, title, description, price },
    });
    expect(response.status()).toBe(201);
    return (await response.json()).reward.id as string;
  };
  const [movie, late] = [
    await reward('Movie night', 30, 'You choose the film.'),
    await reward('Late bedtime', 15),
  ];
  await reward('A weekend away', 500);
  const award = await dom.request.post('/api/points/award', {
    data: { partnerId: s.id, amount: 80, reason: 'Every rule kept this week' },
  });
  expect(award.status()).toBe(201);
  const redeem = async (id: string) =>
    (await (await sub.request.post(`/api/rewards/${id}/redeem`, { data: { note: 'Please' } })).json())
      .redemption.id as string;
  const [granted, denied] = [await redeem(movie), await redeem(late)];
  await redeem(late);
  await dom.request.post(`/api/redemptions/${granted}/grant`, { data: { note: 'Friday it is' } });
  await dom.request.post(`/api/redemptions/${denied}/deny`, { data: { note: 'Not tonight' } });

  await dom.goto('/structure?tab=rewards');
  await heading(dom, 'Structure');
  await expect(dom.getByTestId('redemption-card')).toHaveCount(3);
  await audit(dom, '/structure?tab=rewards (dominant: granted, denied and pending requests)', found);
  await openDialog(dom, 'Award points', () => dom.getByRole('button', { name: 'Award points' }).click());
  await audit(dom, 'Award points dialog', found);
  await closeDialog(dom);
  await openDialog(dom, 'Correct the balance', () => dom.getByRole('button', { name: 'Correction' }).click());
  await dom.getByRole('form', { name: 'Correct the balance' }).getByLabel('Points (+ or −)').fill('-1000');
  await dom.getByRole('form', { name: 'Correct the balance' }).getByLabel('Reason').fill('Counted twice');
  await dom
    .getByRole('form', { name: 'Correct the balance' })
    .getByRole('button', { name: 'Correct the balance' })
    .click();
  await expect(dom.getByText(/The balance cannot go below zero/).first()).toBeVisible();
  await audit(dom, 'Correction dialog, refused', found);
  await closeDialog(dom);
  await openDialog(dom, 'New reward', () => dom.getByRole('button', { name: 'Add reward' }).click());
  await audit(dom, 'New reward dialog', found);
  await closeDialog(dom);
  await openDialog(dom, 'Retire this reward?', () =>
    dom.getByRole('button', { name: 'Retire Movie night' }).click(),
  );
  await audit(dom, 'Retire reward dialog', found);
  await closeDialog(dom);
  await openDialog(dom, 'Grant this reward', () =>
    dom.getByRole('button', { name: 'Grant Late bedtime' }).click(),
  );
  await audit(dom, 'Grant reward dialog', found);
  await closeDialog(dom);

  await sub.goto('/structure?tab=rewards');
  await heading(sub, 'Structure');
  await expect(sub.getByTestId('reward-short')).toHaveCount(1);
  await audit(sub, '/structure?tab=rewards (submissive: one reward out of reach)', found);
  await openDialog(sub, 'Redeem this reward?', () =>
    sub.getByRole('button', { name: 'Redeem Late bedtime' }).click(),
  );
  await audit(sub, 'Redeem reward dialog', found);
  await sub.context().close();
  expect(describe(found)).toEqual([]);
});
