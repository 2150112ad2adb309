import { expect, expectNoSidewaysScroll, mailLink, test } from './fixtures';
import { seedCouple } from './seed';

test('a punishment with a 1-minute timer: added, started, counted down on both screens, completed, given feedback and mailed, live', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  // The browsers' clocks are faked from the start (and run on from the real time), so that a minute can pass
  // at once; the timer itself starts at the server's time.
  await dom.clock.install();
  await sub.clock.install();
  await sub.goto('/punishments');
  await expect(sub.getByText('View your assigned punishments and completion status')).toBeVisible();
  await expect(sub.getByText("You don't have any punishments assigned to you at the moment.")).toBeVisible();
  await expect(sub.getByRole('button', { name: 'Add Punishment' })).toHaveCount(0);

  await dom.goto('/punishments');
  await expect(dom.getByText('Manage and track punishments for your submissives')).toBeVisible();
  await expect(
    dom.getByText("You haven't assigned any punishments yet. Add a punishment to track misbehavior."),
  ).toBeVisible();
  await expectNoSidewaysScroll(dom);
  await dom.getByRole('button', { name: 'Add Punishment' }).click();
  const form = dom.getByRole('form', { name: 'Add New Punishment' });
  await form.getByRole('button', { name: 'Add Punishment' }).click();
  const toast = dom.locator('[data-sonner-toast]');
  await expect(toast.getByText('Missing information')).toBeVisible();
  await expect(toast.getByText('Please provide a title for the punishment')).toBeVisible();
  // And beside the field, read out with it, until it is filled in.
  const title = form.getByLabel('Title');
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAccessibleDescription('Please provide a title for the punishment');
  await expect(form.getByText('Please provide a title for the punishment')).toBeVisible();
  await form.getByLabel('Title').fill('Kneel in the corner');
  await expect(title).not.toHaveAttribute('aria-invalid');
  await expect(form.getByText('Please provide a title for the punishment')).toHaveCount(0);
  await form.getByLabel('Severity').selectOption('severe');
  await form.getByLabel('Reason').fill('Talked back at dinner');
  await form.getByLabel('Aftercare required').check();
  await form.getByLabel('Timer', { exact: true }).check();
  const duration = form.getByLabel('Timer duration (minutes)');
  await expect(duration).toHaveValue('15');
  await expect(form.getByText('15 minutes')).toBeVisible();
  await duration.fill('90');
  await expect(form.getByText('1 hour 30 minutes')).toBeVisible();
  await duration.fill('1');
  await expect(form.getByText('1 minute', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Add Punishment' }).click();
  await expect(dom.getByText('Punishment Added')).toBeVisible();

  // The submissive sees it arrive without a reload, and starts the timer.
  const subCard = sub.getByTestId('punishment-card').filter({ hasText: 'Kneel in the corner' });
  await expect(subCard).toBeVisible();
  await expect(subCard.getByText('Severe')).toBeVisible();
  await expect(subCard.getByText('Aftercare required')).toBeVisible();
  await expect(subCard.getByText('Timer: 1 minute')).toBeVisible();
  await expect(subCard.getByRole('checkbox')).toHaveCount(0);
  await expectNoSidewaysScroll(sub);
  const domCard = dom.getByTestId('punishment-card').filter({ hasText: 'Kneel in the corner' });
  await expect(domCard.getByRole('button', { name: /Start Timer/ })).toHaveCount(0);
  await subCard.getByRole('button', { name: /Start Timer/ }).click();
  await expect(sub.getByText('Timer started')).toBeVisible();

  // Both screens count down from the server's start, then say "Time's up!" once the minute has passed.
  for (const card of [subCard, domCard]) {
    await expect(card.getByTestId('punishment-countdown')).toHaveText(/^0[01]:\d\d$/);
  }
  await expect(subCard.getByRole('button', { name: /Start Timer/ })).toHaveCount(0);
  await Promise.all([dom.clock.fastForward(61_000), sub.clock.fastForward(61_000)]);
  for (const [page, card] of [
    [sub, subCard],
    [dom, domCard],
  ] as const) {
    await expect(card.getByText("Time's up!")).toBeVisible();
    await expect(page.getByText('Timer completed')).toBeVisible();
  }
  // Run out, it may be started again, by the submissive only, without waiting for a refetch.
  await expect(subCard.getByRole('button', { name: /Start Timer/ })).toBeVisible();
  await expect(domCard.getByRole('button', { name: /Start Timer/ })).toHaveCount(0);

  // The submissive completes it: their checkbox shows it, and cannot be unchecked.
  await subCard.getByRole('button', { name: /Mark complete/ }).click();
  await expect(sub.getByText('Punishment Completed')).toBeVisible();
  const subBox = subCard.getByRole('checkbox', { name: /Completed: Kneel in the corner/ });
  await expect(subBox).toBeChecked();
  await expect(subBox).toBeDisabled();
  await expect(sub.getByRole('button', { name: /Mark complete/ })).toHaveCount(0);

  // The dominant is told; the notification opens the punishment, highlighted.
  await expect(domCard.getByRole('checkbox')).toBeChecked();
  await dom.getByRole('link', { name: 'Dashboard' }).first().click();
  await dom.getByRole('button', { name: /^Notifications/ }).click();
  await dom
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: /Blake Sub completed the punishment "Kneel in the corner"/ })
    .click();
  await expect(dom).toHaveURL(/\/punishments\?highlight=[0-9a-f-]{36}$/);
  await expect(domCard).toHaveClass(/ring-2/);

  // Feedback, then by e-mail.
  await dom.getByRole('tab', { name: 'Completed' }).click();
  const completed = dom.getByRole('tabpanel').getByTestId('punishment-card');
  await completed.getByRole('button', { name: /Give feedback/ }).click();
  const feedback = dom.getByRole('form', { name: 'Give feedback' });
  await feedback.getByLabel('Feedback').fill('You held still. Good.');
  await feedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(dom.getByText('Feedback Added')).toBeVisible();
  await expect(subCard.getByText('You held still. Good.')).toBeVisible();
  await completed.getByRole('button', { name: /Email feedback/ }).click();
  await expect(dom.getByText('Email sent')).toBeVisible();
  const link = await mailLink(s.email, /Feedback from Avery Dom on Pact/);
  expect(link).toMatch(/\/punishments\?highlight=[0-9a-f-]{36}$/);

  // Only the dominant takes a completion back; the submissive's card follows.
  await completed.getByRole('checkbox').click();
  await expect(dom.getByText('Punishment Uncompleted')).toBeVisible();
  await expect(subCard.getByRole('checkbox')).toHaveCount(0);
  await expect(subCard.getByRole('button', { name: /Mark complete/ })).toBeVisible();
  await sub.context().close();
});

test('a punishment is added with a description that both partners read, and dates in the app format', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request, { dominant: 'Ida Dom', submissive: 'Jon Sub' });
  const sub = s.page;
  await dom.goto('/punishments');
  await sub.goto('/punishments');
  await dom.getByRole('button', { name: 'Add Punishment' }).click();
  const form = dom.getByRole('form', { name: 'Add New Punishment' });
  await form.getByLabel('Title').fill('Write lines');
  const description = form.getByLabel('Description (optional)');
  await expect(description).toHaveAttribute('maxlength', '2000');
  await description.fill('One hundred lines:\nI will answer when spoken to.');
  await form.getByRole('button', { name: 'Add Punishment' }).click();
  await expect(dom.getByText('Punishment Added')).toBeVisible();

  for (const page of [dom, sub]) {
    const card = page.getByTestId('punishment-card').filter({ hasText: 'Write lines' });
    await expect(card.getByText('One hundred lines:')).toBeVisible();
    expect(await card.getByTestId('punishment-description').innerText()).toBe(
      'One hundred lines:\nI will answer when spoken to.',
    );
  }
  const id = (await (await sub.request.get('/api/punishments')).json()).punishments[0].id as string;
  expect(
    (await sub.request.put(`/api/punishments/${id}/completion`, { data: { completed: true } })).status(),
  ).toBe(200);
  for (const page of [dom, sub]) {
    await page.getByRole('tab', { name: 'Completed' }).click();
    const done = page.getByRole('tabpanel').getByTestId('punishment-card').filter({ hasText: 'Write lines' });
    // The app's one date format, as the journal and the tasks show it: "Nov 26, 6:07 PM".
    await expect(done.getByText(/^Completed /)).toHaveText(
      /^Completed [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/,
    );
  }
  await sub.context().close();
});

test('the dominant deletes a punishment once asked: Cancel keeps it, Delete says so and it is gone on both screens', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  const added = await dom.request.post('/api/punishments', {
    data: { assignedTo: s.id, title: 'Cold shower' },
  });
  expect(added.status()).toBe(201);
  await sub.goto('/punishments');
  await dom.goto('/punishments');
  for (const page of [dom, sub]) await expect(page.locator('html[data-live=ready]')).toBeAttached();
  const card = (page: typeof dom) => page.getByTestId('punishment-card').filter({ hasText: 'Cold shower' });
  const remove = card(dom).getByRole('button', { name: 'Delete' });
  const dialog = dom.getByRole('dialog', { name: 'Delete punishment?' });

  await remove.click();
  await expect(dialog).toContainText(
    '"Cold shower" will be deleted with its voice note. This cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(card(dom)).toBeVisible();

  await remove.click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dom.getByText('Punishment deleted')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(card(dom)).toHaveCount(0);
  await expect(card(sub)).toHaveCount(0);
  await sub.context().close();
});
