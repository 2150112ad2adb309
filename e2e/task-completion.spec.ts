import type { Page, Request } from '@playwright/test';
import { assignTask, createCouple, expect, PROOF_JPEG, test } from './fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PHOTO = { name: 'proof.jpg', mimeType: 'image/jpeg', buffer: PROOF_JPEG };
const isCompletion = (r: Request) => r.method() === 'POST' && /\/api\/tasks\/[^/]+\/complete$/.test(r.url());

async function openCard(sub: Page, title: string) {
  await sub.getByRole('link', { name: 'Tasks' }).click();
  const card = sub.getByTestId('task-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  return card;
}

test('closing the photo picker without a photo leaves Complete usable at once', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub, subContext } = await createCouple(browser, dom, request, {
    dominant: 'Max Dom',
    submissive: 'Nia Sub',
  });
  await assignTask(dom, sub, { title: 'Water the plants', photoProofRequired: true });
  const complete = (await openCard(sub, 'Water the plants')).getByRole('button', { name: /^Complete/ });

  const chooser = sub.waitForEvent('filechooser');
  await complete.click();
  await (await chooser).setFiles([]);
  await expect(complete).toBeEnabled();

  const again = sub.waitForEvent('filechooser');
  await complete.click();
  await (await again).setFiles(PHOTO);
  await expect(sub.getByText('Task marked as complete')).toBeVisible();
  await subContext.close();
});

test('a failed photo upload is reported, never as "Failed to complete task", and another photo completes it', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub, subContext } = await createCouple(browser, dom, request, {
    dominant: 'Oli Dom',
    submissive: 'Pat Sub',
  });
  await assignTask(dom, sub, { title: 'Make the bed', photoProofRequired: true });
  const completions: unknown[] = [];
  sub.on('request', (r) => {
    if (isCompletion(r)) completions.push(r.postDataJSON().photoId);
  });
  const card = await openCard(sub, 'Make the bed');

  const chooser = sub.waitForEvent('filechooser');
  await card.getByRole('button', { name: /^Complete/ }).click();
  await (await chooser).setFiles({
    name: 'broken.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('no photo'),
  });
  await expect(sub.getByText('Photo upload failed')).toBeVisible();
  await expect(sub.getByText('Please select an image file')).toBeVisible();

  const again = sub.waitForEvent('filechooser');
  await sub.getByRole('button', { name: 'Choose another photo' }).click();
  await (await again).setFiles(PHOTO);
  await expect(sub.getByText('Task marked as complete')).toBeVisible();
  await expect(sub.getByText('Failed to complete task')).toHaveCount(0);
  // One completion was asked for, with the photo: none went out without it after the failed upload.
  expect(completions).toHaveLength(1);
  expect(completions[0]).toMatch(UUID);
  await subContext.close();
});

test('the submissive completes a task with voice proof, and the dominant plays it in the history', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub, subContext } = await createCouple(browser, dom, request, {
    dominant: 'Quinn Dom',
    submissive: 'Rae Sub',
  });
  await assignTask(dom, sub, { title: 'Recite the rules' });
  const card = await openCard(sub, 'Recite the rules');
  await card.getByRole('button', { name: /With proof/ }).click();
  const form = sub.getByRole('form', { name: 'Complete task' });
  await expect(form.getByText('Photo proof (optional)')).toBeVisible();
  await form.getByRole('button', { name: /Record voice note/ }).click();
  await expect(form.getByText('0:01 / 1:00')).toBeVisible();
  await form.getByRole('button', { name: 'Stop recording' }).click();
  await expect(sub.getByText('Recording Complete')).toBeVisible();
  const sent = sub.waitForRequest(isCompletion);
  await form.getByRole('button', { name: 'Complete', exact: true }).click();
  expect((await sent).postDataJSON().voiceNoteId).toMatch(UUID);
  await expect(sub.getByText('Task marked as complete')).toBeVisible();
  await expect(form).toHaveCount(0);

  await dom.goto('/task-history');
  const entry = dom.locator('[id^="completion-"]').filter({ hasText: 'Recite the rules' });
  const player = entry.getByTestId('voice-player');
  await player.getByRole('button', { name: 'Play voice note' }).click();
  await expect(player).toHaveAttribute('data-state', 'playing');
  await subContext.close();
});
