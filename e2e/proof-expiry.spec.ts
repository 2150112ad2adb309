import type { Request } from '@playwright/test';
import { assignTask, createCouple, expect, PROOF_JPEG, test } from './fixtures';

const isPhotoUpload = (r: Request) => r.method() === 'POST' && r.url().includes('/api/media/photo');

// Proofs that expire (decision 076): the sender picks the keep-time beside the proof, and deletes it early;
// both partners then see that a proof existed, and neither can open it.
test('the sender picks a keep-time when sending proof, then deletes it early: both see "Proof deleted"', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub, subContext } = await createCouple(browser, dom, request, {
    dominant: 'Kit Dom',
    submissive: 'Lou Sub',
  });
  await assignTask(dom, sub, { title: 'Polish the boots' });
  await sub.getByRole('link', { name: 'Tasks' }).click();
  const card = sub.getByTestId('task-card').filter({ hasText: 'Polish the boots' });
  await card.getByRole('button', { name: /With proof/ }).click();
  const form = sub.getByRole('form', { name: 'Complete task' });
  const keep = form.getByLabel('Keep this proof for');
  // It starts at the default of Settings: until deleted.
  await expect(keep).toHaveValue('forever');
  await keep.selectOption({ label: '7 days' });
  await form.locator('input[type="file"]').setInputFiles({
    name: 'proof.jpg',
    mimeType: 'image/jpeg',
    buffer: PROOF_JPEG,
  });
  const upload = sub.waitForRequest(isPhotoUpload);
  await form.getByRole('button', { name: 'Complete', exact: true }).click();
  expect(new URL((await upload).url()).searchParams.get('keep')).toBe('7');
  await expect(sub.getByText('Task marked as complete')).toBeVisible();

  await dom.goto('/task-history');
  const entry = dom.locator('[id^="completion-"]').filter({ hasText: 'Polish the boots' });
  await expect(entry.getByRole('button', { name: /View/ }).first()).toBeVisible();
  // The partner is never offered the delete.
  await expect(entry.getByRole('button', { name: /Delete proof: the photo/ })).toHaveCount(0);

  await sub.goto('/task-history');
  const own = sub.locator('[id^="completion-"]').filter({ hasText: 'Polish the boots' });
  await own
    .getByRole('button', { name: /Delete proof: the photo/ })
    .first()
    .click();
  await sub.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(own.getByText('Proof deleted').first()).toBeVisible();
  // The dominant's screen follows live.
  await expect(entry.getByText('Proof deleted').first()).toBeVisible();
  await subContext.close();
});
