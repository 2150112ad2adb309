import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seedCouple } from './seed';

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => page.getByTestId('journal-message');

async function openJournal(page: Page, partnerName: string) {
  await page.goto('/journal');
  await expect(page.getByRole('heading', { name: `Conversation with ${partnerName}` })).toBeVisible();
}

test('partners write to each other live: a tone, Shift+Enter for a new line, Enter to send', async ({
  page,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, page, request, { dominant: 'Jo Dom', submissive: 'Kim Sub' });
  await openJournal(page, 'Kim Sub');
  await openJournal(sub.page, 'Jo Dom');
  await expect(page.getByLabel('Partner', { exact: true })).toHaveValue(sub.id);
  await expect(sub.page.getByText('No messages yet. Say hello to Jo Dom.')).toBeVisible();

  // Empty text is refused: Enter sends nothing and Send stays disabled.
  await composer(page).press('Enter');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();

  await page.getByText('Yellow', { exact: true }).click();
  await composer(page).fill('Line one');
  await composer(page).press('Shift+Enter');
  await composer(page).pressSequentially('Line two');
  await expect(composer(page)).toHaveValue('Line one\nLine two');
  await composer(page).press('Enter');
  await expect(page.getByText('Message sent')).toBeVisible();
  await expect(composer(page)).toHaveValue('');

  const received = messages(sub.page).filter({ hasText: 'Line one' });
  await expect(received).toBeVisible();
  await expect(received).toContainText('Jo Dom, tone Yellow');
  expect(await received.locator('p.whitespace-pre-wrap').innerText()).toBe('Line one\nLine two');
  await expect(received.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/);

  await sub.page.getByText('Red', { exact: true }).click();
  await composer(sub.page).fill('Red, please stop');
  await sub.page.getByRole('button', { name: 'Send' }).click();
  const reply = messages(page).filter({ hasText: 'Red, please stop' });
  await expect(reply).toContainText('Kim Sub, tone Red');
  await expect(messages(page)).toHaveCount(2);
  await expect(messages(sub.page)).toHaveCount(2);
  await sub.page.context().close();
});

test('a voice message with a title reaches the partner live and plays', async ({
  page,
  browser,
  request,
}) => {
  const { sub } = await seedCouple(browser, page, request, { dominant: 'Lee Dom', submissive: 'Mo Sub' });
  await openJournal(page, 'Mo Sub');
  await openJournal(sub.page, 'Lee Dom');

  await sub.page.getByRole('tab', { name: 'Voice' }).click();
  await sub.page.getByRole('button', { name: /Record voice note/ }).click();
  await expect(sub.page.getByText('0:01 / 1:00')).toBeVisible();
  await sub.page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(sub.page.getByText('Recording Complete')).toBeVisible();
  await sub.page.getByLabel('Title (optional)').fill('Goodnight');
  const sent = sub.page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/notes'));
  await sub.page.getByRole('button', { name: 'Send' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ kind: 'voice', voiceNoteDescription: 'Goodnight' });
  await expect(sub.page.getByText('Message sent')).toBeVisible();

  const voice = messages(page).filter({ hasText: 'Goodnight' });
  await expect(voice).toBeVisible();
  const player = voice.getByTestId('voice-player');
  await player.getByRole('button', { name: /^Play/ }).click();
  await expect(player).toHaveAttribute('data-state', 'playing');
  await sub.page.context().close();
});

test('the message_sent notification opens the conversation with its sender', async ({
  page,
  browser,
  request,
}) => {
  const { dom, sub } = await seedCouple(browser, page, request, {
    dominant: 'Nat Dom',
    submissive: 'Oz Sub',
  });
  await sub.page.goto('/dashboard');
  // The message arrives while the submissive is on the dashboard, with their stream listening.
  await expect(sub.page.locator('html')).toHaveAttribute('data-live', 'ready');
  const text = 'Meet me at eight, and wear the blue one. Do not be late tonight, pet.';
  const response = await page.request.post('/api/notes', { data: { partnerId: sub.id, content: text } });
  expect(response.status()).toBe(201);
  await expect(sub.page.getByRole('button', { name: /^Notifications, [1-9]/ })).toBeVisible();
  await sub.page.getByRole('button', { name: /^Notifications/ }).click();
  const item = sub.page.getByRole('button', { name: /New message/ });
  await expect(item).toContainText(`Nat Dom: ${text.slice(0, 50)}…`);
  await item.click();
  await expect(sub.page).toHaveURL(new RegExp(`/journal\\?partner=${dom.id}$`));
  await expect(sub.page.getByRole('heading', { name: 'Conversation with Nat Dom' })).toBeVisible();
  await expect(messages(sub.page).filter({ hasText: text })).toBeVisible();
  await sub.page.context().close();
});

test('a long conversation opens at the newest message and loads older ones above without jumping', async ({
  page,
  browser,
  request,
}) => {
  const { dom, sub } = await seedCouple(browser, page, request, {
    dominant: 'Pat Dom',
    submissive: 'Quin Sub',
  });
  for (let i = 1; i <= 70; i++) {
    const response = await sub.page.request.post('/api/notes', {
      data: { partnerId: dom.id, content: `Note ${i}` },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto('/journal');
  const list = page.getByRole('log', { name: 'Messages with Quin Sub' });
  await expect(list.getByText('Note 70', { exact: true })).toBeInViewport();
  await expect(messages(page)).toHaveCount(50);
  const reading = list.getByText('Note 21', { exact: true });
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(messages(page)).toHaveCount(70);
  // The message read before the older ones arrived is still in view: nothing jumped.
  await expect(reading).toBeInViewport();
  await sub.page.context().close();
});
