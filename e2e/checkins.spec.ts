import { expect, test } from './fixtures';
import { holdRequests } from './hold';
import { seedCouple } from './seed';

const CHECKING_IN = 'Yellow was called: a check-in is open. Nothing new can be asked until it is answered.';

test('the dominant calls Yellow: the submissive sees it live and answers Green with a note; Assign waits until then; both read it on /check-ins', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  await dom.goto('/tasks');
  await sub.goto('/dashboard');
  for (const page of [sub, dom]) await expect(page.locator('html')).toHaveAttribute('data-live', 'ready');

  // One tap beside Red; Red stays the first control of the bar.
  const yellow = dom.getByRole('button', { name: 'Yellow: ask for a check-in' });
  await expect(yellow).toHaveAttribute('aria-pressed', 'false');
  await yellow.click();
  await expect(dom.getByText('Yellow called. Your partner is asked to check in.')).toBeVisible();
  await expect(yellow).toHaveAttribute('aria-pressed', 'true');
  await expect(dom.getByTestId('checkin-waiting')).toContainText('Waiting for your partner to check in');

  // The submissive's open page shows it at once, without a reload.
  const ask = sub.getByTestId('checkin-ask');
  await expect(ask).toContainText('Avery Dom asks you to check in.');

  // Meanwhile the dominant's Assign is refused, kindly, and nothing is made.
  await dom
    .getByRole('button', { name: /Create Task|Assign Task/ })
    .first()
    .click();
  const form = dom.getByRole('form', { name: 'Create New Task' });
  await form.getByLabel('Title').fill('Stretch for ten minutes');
  await form.getByRole('button', { name: 'Create Task' }).click();
  await expect(dom.getByText(CHECKING_IN).first()).toBeVisible();
  await dom.keyboard.press('Escape');
  expect((await (await dom.request.get('/api/tasks')).json()).tasks).toEqual([]);

  // The submissive answers Green with a note, from the dialog's radio group.
  const opener = ask.getByRole('button', { name: 'Check in' });
  await opener.click();
  const dialog = sub.getByRole('dialog', { name: 'Check in' });
  // Closed without an answer, focus goes back to what opened it; nothing is sent.
  await sub.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  await opener.click();
  await dialog.getByRole('button', { name: 'Send check-in' }).click();
  await expect(dialog.getByText('Choose Green, Yellow or Red')).toBeVisible();
  await dialog.getByRole('radio', { name: /Green/ }).check();
  await dialog.getByLabel('Note (optional)').fill('All good, a little sleepy.');
  await dialog.getByRole('button', { name: 'Send check-in' }).click();
  await expect(sub.getByText('Check-in sent')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(sub.getByTestId('checkin-banner')).toHaveCount(0);

  // The dominant's page follows live: the wait is over, and assigning works again.
  await expect(dom.getByTestId('checkin-banner')).toHaveCount(0);
  await expect(yellow).toHaveAttribute('aria-pressed', 'false');

  // Both read it in the history, the dominant on a page opened before any answer... and live.
  await dom.goto('/check-ins');
  const entry = dom.getByTestId('checkin-entry').first();
  await expect(entry).toContainText('Blake Sub');
  await expect(entry).toContainText('Green');
  await expect(entry).toContainText('All good, a little sleepy.');
  await expect(entry).toContainText('Yellow, asked by you');
  await sub.context().close();
});

test('the history follows live, and either partner sets the cadence that both see', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request);
  const sub = s.page;
  await dom.goto('/check-ins');
  await sub.goto('/settings');
  await sub.getByRole('link', { name: 'Open check-ins' }).click();
  await expect(sub.getByRole('heading', { name: 'Check-ins', level: 1 })).toBeVisible();
  for (const page of [sub, dom]) await expect(page.locator('html')).toHaveAttribute('data-live', 'ready');
  await expect(dom.getByText('No check-ins answered yet.')).toBeVisible();

  // The submissive sets a weekly check-in; the dominant's open page shows who set it.
  const cadence = sub.getByRole('form', { name: 'Check-ins with Avery Dom' });
  await cadence.getByLabel('Check-ins').selectOption('weekly');
  await cadence.getByLabel('Day').selectOption('Sunday');
  await cadence.getByLabel('Time').fill('09:30');
  await cadence.getByRole('button', { name: 'Save' }).click();
  await expect(sub.getByText('Check-ins saved')).toBeVisible();
  await expect(dom.getByTestId('cadence-now')).toContainText('Every Sunday at 09:30');
  await expect(dom.getByTestId('cadence-now')).toContainText('Set by Blake Sub');

  // A check-in answered while the dominant's history is open appears there without a reload.
  await sub.getByRole('button', { name: 'Yellow: ask for a check-in' }).click();
  await dom.getByTestId('checkin-ask').getByRole('button', { name: 'Check in' }).click();
  const dialog = dom.getByRole('dialog', { name: 'Check in' });
  await dialog.getByRole('radio', { name: /Yellow/ }).check();
  await dialog.getByRole('button', { name: 'Send check-in' }).click();
  // Yellow as the answer asks the submissive back.
  await expect(sub.getByTestId('checkin-ask')).toContainText('Avery Dom asks you to check in.');
  await expect(sub.getByTestId('checkin-entry').first()).toContainText('Yellow');
  await expect(dom.getByTestId('checkin-entry').first()).toContainText('You');

  // Either partner turns it off.
  const domCadence = dom.getByRole('form', { name: 'Check-ins with Blake Sub' });
  await domCadence.getByLabel('Check-ins').selectOption('off');
  await domCadence.getByRole('button', { name: 'Save' }).click();
  await expect(sub.getByTestId('cadence-now')).toContainText('Off');
  await expect(sub.getByTestId('cadence-now')).toContainText('Set by Avery Dom');
  await sub.context().close();
});

test('/check-ins arrives rendered with its cadence and history, and asks the API for none of it again', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request);
  const asked = await (await dom.request.post('/api/checkins', { data: {} })).json();
  const answered = await s.page.request.post(`/api/checkins/${asked.checkins[0].id}/answer`, {
    data: { mood: 'green', note: 'Rendered by the server' },
  });
  expect(answered.status()).toBe(200);
  const errors: string[] = [];
  dom.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await holdRequests(dom, '**/api/events');
  const reads: string[] = [];
  dom.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/') && path !== '/api/events') reads.push(path);
  });
  await dom.goto('/check-ins');
  await expect(dom.locator('html[data-hydrated]')).toBeAttached();
  await expect(dom.getByTestId('checkin-entry').first()).toContainText('Rendered by the server');
  await expect(dom.getByTestId('cadence-now')).toContainText('Off');
  // What the page and its layout were rendered with is not read again (the layout's effects may read the
  // task list for the reminders of the open page, as on every page but /tasks and /dashboard).
  expect(reads.filter((path) => path !== '/api/tasks')).toEqual([]);
  expect(errors).toEqual([]);
  await s.page.context().close();
});

test('"Show older check-ins" keeps its page when a live check-in reads the history again meanwhile', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request);
  const checkIn = async (i: number) => {
    const asked = await (await dom.request.post('/api/checkins', { data: {} })).json();
    const answered = await s.page.request.post(`/api/checkins/${asked.checkins[0].id}/answer`, {
      data: { mood: 'green', note: `Check-in ${i}` },
    });
    expect(answered.status()).toBe(200);
  };
  // One more than a page of the history (20).
  for (let i = 1; i <= 21; i++) await checkIn(i);
  await dom.goto('/check-ins');
  const entries = dom.getByTestId('checkin-entry');
  await expect(entries).toHaveCount(20);
  await expect(dom.locator('html')).toHaveAttribute('data-live', 'ready');
  // The older page is held on its way while a check-in comes live: its refetch must not lose the page asked for.
  const release = await holdRequests(dom, /\/api\/checkins\/history\?.*before=/);
  await dom.getByRole('button', { name: 'Show older check-ins' }).click();
  await expect(dom.getByRole('button', { name: 'Loading…' })).toBeDisabled();
  await checkIn(22);
  await expect(entries.first()).toContainText('Check-in 22');
  release();
  await expect(entries).toHaveCount(22);
  await expect(entries.last()).toContainText(/Check-in 1(?!\d)/);
  await expect(dom.getByRole('button', { name: /^(Show older check-ins|Loading…)$/ })).toHaveCount(0);
  await s.page.context().close();
});
