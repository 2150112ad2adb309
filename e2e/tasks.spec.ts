import { createCouple, expect, expectNoSidewaysScroll, PROOF_JPEG, test } from './fixtures';
import { completeTask, connectedUser, seedAboveAndBeyond, seedCouple, seedTask, signedInUser } from './seed';

test('a daily task that needs a photo: assigned, completed with proof, and given feedback, live', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub, subContext } = await createCouple(browser, dom, request);
  await sub.getByRole('link', { name: 'Tasks' }).click();
  await expect(sub.getByText('View and complete your assigned tasks')).toBeVisible();
  await expect(sub.getByText('No active tasks found')).toBeVisible();

  // The dominant assigns a daily task that needs a photo.
  await dom.getByRole('link', { name: 'Tasks' }).click();
  await expect(dom.getByText('Assign and manage tasks for your submissive')).toBeVisible();
  await dom
    .getByRole('button', { name: /Create Task|Assign Task/ })
    .first()
    .click();
  const form = dom.getByRole('form', { name: 'Create New Task' });
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(dom.getByText('Task title required')).toBeVisible();
  // Beside the field too, read out with it, and focused to be filled in.
  await expect(form.getByLabel('Title')).toHaveAccessibleDescription('Please enter a title for your task');
  await expect(form.getByLabel('Title')).toBeFocused();
  await form.getByLabel('Title').fill('Write three lines of gratitude');
  await expect(form.getByLabel('Title')).not.toHaveAttribute('aria-invalid');
  await form.getByLabel('Description').fill('In your journal, before bed.');
  await form.getByLabel('Repeat').selectOption('daily');
  await form.getByLabel('Photo proof required').check();
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(dom.getByText('Task created', { exact: true })).toBeVisible();

  // The submissive sees it appear without a reload.
  const card = sub.getByTestId('task-card').filter({ hasText: 'Write three lines of gratitude' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Photo proof required')).toBeVisible();
  await expect(card.getByText('Daily')).toBeVisible();

  // Completing without a photo is refused and opens the file picker; with one it completes.
  const chooser = sub.waitForEvent('filechooser');
  await card.getByRole('button', { name: /Complete/ }).click();
  await expect(sub.getByText('Photo proof required').first()).toBeVisible();
  await (await chooser).setFiles({ name: 'proof.jpg', mimeType: 'image/jpeg', buffer: PROOF_JPEG });
  await expect(sub.getByText('Task marked as complete')).toBeVisible();
  await expect(card.getByText('(Next cycle)')).toBeVisible();
  await expect(card.getByText('On time')).toBeVisible();

  // The dominant sees it completed, views the photo and gives feedback.
  const domCard = dom.getByTestId('task-card').filter({ hasText: 'Write three lines of gratitude' });
  await expect(domCard.getByText('(Next cycle)')).toBeVisible();
  await dom.getByRole('tab', { name: 'History' }).click();
  await expect(
    dom.getByRole('tabpanel').getByText('Write three lines of gratitude', { exact: true }),
  ).toBeVisible();
  await dom.getByRole('link', { name: 'Full history' }).click();
  await expect(dom.getByRole('heading', { name: 'Task History' })).toBeVisible();
  await dom.getByRole('button', { name: 'List' }).click();
  await expectNoSidewaysScroll(dom);
  await dom.getByRole('button', { name: /View photo proof for Write three lines/ }).click();
  const photo = dom.getByRole('img', { name: /Proof for Write three lines/ });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await dom.keyboard.press('Escape');
  await dom.getByRole('button', { name: /Add feedback on Write three lines/ }).click();
  const feedback = dom.getByRole('form', { name: 'Give feedback' });
  await feedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(dom.getByText('Feedback Required')).toBeVisible();
  await feedback.getByLabel('Feedback').fill('Beautiful handwriting. Keep going.');
  await feedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(dom.getByText('Feedback Added', { exact: true })).toBeVisible();

  // The submissive is told.
  await expect(sub.getByText('Feedback received')).toBeVisible();
  await subContext.close();
});

test('Above & Beyond: shared with a photo, feedback from the dominant, acknowledged once', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub, subContext } = await createCouple(browser, dom, request, {
    dominant: 'Casey Dom',
    submissive: 'Dana Sub',
  });
  await sub.getByRole('link', { name: 'Tasks' }).click();
  await sub.getByRole('button', { name: 'Above & Beyond' }).first().click();
  const form = sub.getByRole('form', { name: 'Above & Beyond' });
  await form.getByLabel('Title').fill('Cleaned the whole kitchen');
  await form.getByLabel('Details (optional)').fill('Even the oven.');
  await form
    .getByLabel('Photo proof')
    .setInputFiles({ name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: PROOF_JPEG });
  await form.getByRole('button', { name: 'Share' }).click();
  await expect(sub.getByText('Above & Beyond shared')).toBeVisible();

  await dom.getByRole('link', { name: 'Tasks' }).click();
  const card = dom.getByTestId('task-card').filter({ hasText: 'Cleaned the whole kitchen' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /Give feedback/ }).click();
  const feedback = dom.getByRole('form', { name: 'Give feedback' });
  await feedback.getByLabel('Feedback').fill('Thank you, pet.');
  await feedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(dom.getByText('Feedback Added', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);

  await sub.goto('/task-history');
  await expect(sub.getByText('Thank you, pet.').first()).toBeVisible();
  await sub.getByRole('button', { name: /Acknowledge feedback on Cleaned the whole kitchen/ }).click();
  await expect(sub.getByText('Feedback Acknowledged', { exact: true })).toBeVisible();
  await expect(sub.getByText('Acknowledged').first()).toBeVisible();
  await expect(sub.getByRole('button', { name: /Acknowledge feedback/ })).toHaveCount(0);
  await subContext.close();
});

test('a voice task recorded with the microphone and played back by the submissive', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub, subContext } = await createCouple(browser, dom, request, {
    dominant: 'Eli Dom',
    submissive: 'Fay Sub',
  });
  await dom.getByRole('link', { name: 'Tasks' }).click();
  await dom
    .getByRole('button', { name: /Create Task|Assign Task/ })
    .first()
    .click();
  const form = dom.getByRole('form', { name: 'Create New Task' });
  await form.getByText('Voice task', { exact: true }).click();
  await expect(form.getByRole('radio', { name: 'Voice task' })).toBeChecked();
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(dom.getByText('Voice note required')).toBeVisible();
  await form.getByRole('button', { name: /Record voice note/ }).click();
  await expect(form.getByText(/Recording/).first()).toBeVisible();
  await dom.waitForTimeout(2000);
  await form.getByRole('button', { name: /Stop/ }).click();
  await expect(dom.getByText('Recording Complete')).toBeVisible();
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(dom.getByText('Task created', { exact: true })).toBeVisible();

  await sub.getByRole('link', { name: 'Tasks' }).click();
  const card = sub.getByTestId('task-card').filter({ hasText: 'Voice Task' });
  await expect(card).toBeVisible();
  const player = card.getByTestId('voice-player');
  await player.getByRole('button', { name: 'Play voice note' }).click();
  await expect(player).toHaveAttribute('data-state', 'playing');
  await subContext.close();
});

test('reminders: "Task Reminder" two hours before a task is due, and "Good morning!" at 07:00', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub, subContext } = await createCouple(browser, dom, request, {
    dominant: 'Gus Dom',
    submissive: 'Hana Sub',
  });
  // Tomorrow (or the day after) at 07:00 UTC, the users' time zone; the task is due at 09:00.
  const sevenAm = new Date();
  sevenAm.setUTCHours(7, 0, 0, 0);
  sevenAm.setUTCDate(sevenAm.getUTCDate() + (sevenAm.getTime() - Date.now() < 2 * 3600_000 ? 2 : 1));
  const subId = await sub.evaluate(async () => (await (await fetch('/api/me')).json()).user.id as string);
  const created = await dom.request.post('/api/tasks', {
    data: { title: 'Polish the boots', dueDate: sevenAm.getTime() + 2 * 3600_000, assignedTo: subId },
  });
  expect(created.status()).toBe(201);

  await sub.clock.install({ time: new Date(sevenAm.getTime() - 30_000) });
  await sub.goto('/tasks');
  await expect(sub.getByTestId('task-card').filter({ hasText: 'Polish the boots' })).toBeVisible();
  await expect(sub.getByText('Task Reminder')).toBeVisible();
  await expect(sub.getByText('"Polish the boots" is due in about 2 hours.')).toBeVisible();

  await sub.clock.fastForward(60_000);
  await expect(sub.getByText('Good morning!')).toBeVisible();
  await expect(sub.getByText('You have 1 task due today.')).toBeVisible();
  await subContext.close();
});

test("the dominant's header button reads 'Assign Task', also while the list is empty", async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, dom, request, { dominant: 'Ida Dom', submissive: 'Jo Sub' });
  await sub.page.context().close();
  await dom.goto('/tasks');
  await expect(dom.getByText('No active tasks found')).toBeVisible();
  await expect(dom.locator('main header').getByRole('button')).toHaveText('Assign Task');
});

test('feedback from the History tab: the dominant gives it, the submissive acknowledges Above & Beyond', async ({
  page: dom,
  browser,
  request,
}) => {
  const { dom: d, sub: s } = await seedCouple(browser, dom, request, {
    dominant: 'Kim Dom',
    submissive: 'Lee Sub',
  });
  const task = await seedTask(dom, s.id, { title: 'Fold the laundry' });
  await completeTask(s.page, task.id);
  await seedAboveAndBeyond(s.page, d.id, 'Washed the car');

  // The dominant answers both from the History tab of /tasks.
  await dom.goto('/tasks?tab=history');
  await dom.getByRole('button', { name: 'Add feedback on Fold the laundry' }).click();
  const form = dom.getByRole('form', { name: 'Give feedback' });
  await form.getByLabel('Feedback').fill('Neatly done.');
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(dom.getByText('Feedback Added', { exact: true })).toBeVisible();
  const panel = dom.getByRole('tabpanel');
  await expect(panel.getByText('Neatly done.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Add feedback on Fold the laundry' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Add feedback on Washed the car' }).click();
  await form.getByLabel('Feedback').fill('Spotless, thank you.');
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(panel.getByText('Spotless, thank you.')).toBeVisible();

  // The submissive reads it there and acknowledges the Above & Beyond feedback, once.
  const sub = s.page;
  await sub.goto('/tasks?tab=history');
  const subPanel = sub.getByRole('tabpanel');
  await expect(subPanel.getByText('Neatly done.')).toBeVisible();
  await expect(subPanel.getByText('Spotless, thank you.')).toBeVisible();
  await expect(
    subPanel.getByRole('button', { name: /Acknowledge feedback on Fold the laundry/ }),
  ).toHaveCount(0);
  await subPanel.getByRole('button', { name: 'Acknowledge feedback on Washed the car' }).click();
  await expect(sub.getByText('Feedback Acknowledged', { exact: true })).toBeVisible();
  await expect(subPanel.getByText('Acknowledged', { exact: true })).toBeVisible();
  await expect(subPanel.getByRole('button', { name: /Acknowledge feedback/ })).toHaveCount(0);
  await sub.context().close();
});

test('a task card names who assigned it to the submissive, and whom it is for to the dominant', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, dom, request, { dominant: 'Kit Dom', submissive: 'Lou Sub' });
  await seedTask(dom, sub.id, { title: 'Fold the laundry' });
  await sub.page.goto('/tasks');
  const subCard = sub.page.getByTestId('task-card').filter({ hasText: 'Fold the laundry' });
  await expect(subCard).toContainText('From Kit Dom');
  await expect(subCard).not.toContainText('Lou Sub');
  await dom.goto('/tasks');
  await expect(dom.getByTestId('task-card').filter({ hasText: 'Fold the laundry' })).toContainText(
    'For Lou Sub',
  );
  await sub.page.context().close();
});

test('a dominant whose partners are all dominants is told why there is no task to create', async ({
  page,
  browser,
  request,
}) => {
  await signedInUser(browser, request, { label: 'dom-x', role: 'dominant', displayName: 'Ona Dom', page });
  const other = await connectedUser(browser, request, page, {
    label: 'dom-y',
    role: 'dominant',
    displayName: 'Pim Dom',
  });
  await other.page.context().close();
  const why = 'Tasks are assigned to a submissive partner, and your partners are all dominants.';
  await page.goto('/dashboard');
  await expect(page.getByText(why)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Task' })).toHaveCount(0);
  await page.goto('/tasks');
  await expect(page.getByText(why)).toBeVisible();
  await expect(page.getByRole('button', { name: /Create Task|Assign Task/ })).toHaveCount(0);
});
