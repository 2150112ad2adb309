import { createCouple, expect, openNewTaskForm, PROOF_JPEG, test } from './fixtures';

test('the task form refuses a past due date, and an edit keeps the task and saves the change', async ({
  page: dom,
  browser,
  request,
}) => {
  const { subContext } = await createCouple(browser, dom, request, {
    dominant: 'Ivo Dom',
    submissive: 'Jo Sub',
  });
  const form = await openNewTaskForm(dom);
  await form.getByLabel('Title').fill('Fold the laundry');
  await form.getByLabel('Due date').fill('2020-01-01');
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(dom.getByText('Due date cannot be in the past')).toBeVisible();
  const toast = dom.locator('[data-sonner-toast]');
  await expect(toast.getByText('Please choose a date and time in the future')).toBeVisible();
  // Beside the date, read out with it: the form says where the problem is, not only a toast over it.
  await expect(form.getByLabel('Due date')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Due date')).toHaveAccessibleDescription(
    'Please choose a date and time in the future',
  );
  await expect(form.getByLabel('Title')).not.toHaveAttribute('aria-invalid');

  const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
  await form.getByLabel('Due date').fill(tomorrow);
  await form.getByLabel('Repeat').selectOption('custom');
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(toast.getByText('Please choose at least one day')).toBeVisible();
  await expect(form.getByRole('group', { name: 'Repeat on' })).toHaveAccessibleDescription(
    'Please choose at least one day',
  );
  await expect(form.getByLabel('Due date')).not.toHaveAttribute('aria-invalid');
  await form.getByRole('button', { name: 'Mon' }).click();
  await expect(form.getByText('Please choose at least one day')).toHaveCount(0);
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(dom.getByText('Task created', { exact: true })).toBeVisible();

  const card = dom.getByTestId('task-card').filter({ hasText: 'Fold the laundry' });
  await expect(card.getByText('Mon')).toBeVisible();
  await card.getByRole('button', { name: 'Edit Fold the laundry' }).click();
  const edit = dom.getByRole('form', { name: 'Edit Task' });
  await expect(edit.getByLabel('Title')).toHaveValue('Fold the laundry');
  await expect(edit.getByRole('button', { name: 'Mon' })).toHaveAttribute('aria-pressed', 'true');
  await edit.getByLabel('Title').fill('');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(dom.getByText('Task title required')).toBeVisible();
  await edit.getByLabel('Title').fill('Fold and put away the laundry');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(dom.getByText('Task updated')).toBeVisible();
  await expect(
    dom.getByTestId('task-card').filter({ hasText: 'Fold and put away the laundry' }),
  ).toBeVisible();
  await subContext.close();
});

test('Above & Beyond asks for a title, then for a photo, before it shares', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub, subContext } = await createCouple(browser, dom, request, {
    dominant: 'Kim Dom',
    submissive: 'Lee Sub',
  });
  await sub.getByRole('link', { name: 'Tasks' }).click();
  await sub.getByRole('button', { name: 'Above & Beyond' }).first().click();
  const form = sub.getByRole('form', { name: 'Above & Beyond' });
  await form.getByRole('button', { name: 'Share' }).click();
  await expect(sub.getByText('Title is required')).toBeVisible();
  await form.getByLabel('Title').fill('Ironed the shirts');
  await form.getByRole('button', { name: 'Share' }).click();
  await expect(sub.getByText('Please take or upload a photo')).toBeVisible();
  await form
    .getByLabel('Photo proof')
    .setInputFiles({ name: 'shirts.jpg', mimeType: 'image/jpeg', buffer: PROOF_JPEG });
  await expect(form.getByRole('img', { name: 'Selected proof' })).toBeVisible();
  await form.getByRole('button', { name: 'Share' }).click();
  await expect(sub.getByText('Above & Beyond shared')).toBeVisible();
  await expect(dom.getByText(/went above and beyond/).first()).toBeVisible();
  await subContext.close();
});
