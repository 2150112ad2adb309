import type { Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, LAYOUT, test } from './fixtures';
import { connectedUser, seedCouple } from './seed';

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

  await page.getByTestId('journal-composer').getByText('Yellow', { exact: true }).click();
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

  await sub.page.getByTestId('journal-composer').getByText('Red', { exact: true }).click();
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
  const sent = sub.page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/journal/messages'),
  );
  await sub.page.getByRole('button', { name: 'Send' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ kind: 'voice', voiceNoteDescription: 'Goodnight' });
  await expect(sub.page.getByText('Message sent')).toBeVisible();

  const voice = messages(page).filter({ hasText: 'Goodnight' });
  await expect(voice).toBeVisible();
  const player = voice.getByTestId('voice-player');
  // Its waveform is drawn from the recording; the bars fill as it plays.
  const waveform = player.getByTestId('voice-waveform');
  await expect(waveform).toBeVisible();
  await expect(waveform.locator('rect')).toHaveCount(40);
  await expect(waveform.locator('rect[data-played]')).toHaveCount(0);
  await player.getByRole('button', { name: /^Play/ }).click();
  await expect(player).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => waveform.locator('rect[data-played]').count()).toBeGreaterThan(0);
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
  const response = await page.request.post('/api/journal/messages', {
    data: { partnerId: sub.id, content: text },
  });
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
    const response = await sub.page.request.post('/api/journal/messages', {
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

test(
  'the conversation fills the window between the header and an always visible composer, keyboard open too',
  LAYOUT,
  async ({ page, browser, request }) => {
    const { dom, sub } = await seedCouple(browser, page, request, {
      dominant: 'Rae Dom',
      submissive: 'Sol Sub',
    });
    for (let i = 1; i <= 25; i++) {
      const response = await sub.page.request.post('/api/journal/messages', {
        data: { partnerId: dom.id, content: `Line ${i}` },
      });
      expect(response.status()).toBe(201);
    }
    await sub.page.context().close();
    await page.goto('/journal');
    const list = page.getByRole('log', { name: 'Messages with Sol Sub' });
    let newest = list.getByText('Line 25', { exact: true });
    const full = page.viewportSize();
    if (!full) throw new Error('no viewport');

    /** Where the composer and the list sit against the window and the app's fixed bars. */
    const measure = async () => {
      await expect(newest).toBeInViewport();
      const box = async (name: string, locator: ReturnType<Page['getByTestId']>) => {
        const b = await locator.boundingBox();
        if (!b) throw new Error(`${name} not shown`);
        return b;
      };
      const top = await box('top bar', page.locator('header.fixed'));
      const nav = await box('navigation', page.getByRole('navigation', { name: 'Main' }));
      const composer = await box('composer', page.getByTestId('journal-composer'));
      const log = await box('list', list);
      const height = await page.evaluate(() => window.innerHeight);
      const scrolls = await page.evaluate(
        () => document.scrollingElement && document.scrollingElement.scrollHeight > window.innerHeight + 1,
      );
      return { top, nav, composer, log, height, scrolls };
    };

    const check = async (minList: number) => {
      const m = await measure();
      // The page itself does not scroll: everything is in the window at once.
      expect(m.scrolls).toBe(false);
      // The composer is whole, below the top bar and above the bottom nav (from 1024 px, where the navigation
      // is at the side, the window's bottom), and close to it.
      const floor = m.nav.y > m.height / 2 ? m.nav.y : m.height;
      expect(m.composer.y).toBeGreaterThanOrEqual(m.top.y + m.top.height);
      expect(m.composer.y + m.composer.height).toBeLessThanOrEqual(floor + 0.5);
      expect(floor - (m.composer.y + m.composer.height)).toBeLessThan(48);
      // The list takes the space above the composer.
      expect(m.composer.y - (m.log.y + m.log.height)).toBeLessThan(24);
      expect(m.log.height).toBeGreaterThanOrEqual(minList);
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 });
      return m;
    };

    const roomy = await check(full.height * 0.33);
    // The on-screen keyboard takes about 40% of a phone's height: the layout shrinks with the window.
    await page.getByRole('textbox', { name: 'Message' }).focus();
    await page.setViewportSize({ width: full.width, height: Math.round(full.height * 0.58) });
    // At least a message's height stays for the conversation.
    const small = await check(64);
    expect(small.log.height).toBeLessThan(roomy.log.height);
    // A message sent with the keyboard open appears in view.
    await page.getByRole('textbox', { name: 'Message' }).fill('Typed with the keyboard open');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    newest = list.getByText('Typed with the keyboard open');
    await expect(newest).toBeInViewport();
    // The smallest phones still in use, keyboard closed: the conversation keeps room for a few messages.
    await page.getByRole('textbox', { name: 'Message' }).blur();
    for (const [width, height] of [
      [320, 568],
      [375, 667],
    ] as const) {
      await page.setViewportSize({ width, height });
      await check(120);
    }
  },
);

test(
  'the toast after sending covers no control of the composer, on a phone as on a desktop',
  LAYOUT,
  async ({ page, browser, request }) => {
    const { sub } = await seedCouple(browser, page, request, { dominant: 'Lu Dom', submissive: 'Max Sub' });
    await openJournal(page, 'Max Sub');
    await composer(page).fill('Good morning');
    await composer(page).press('Enter');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Message sent' });
    await expect(toast).toBeVisible();
    // The toast's box, once it has slid in, against every control of the composer: tone chips, tabs, box, Send.
    const settled = async () => {
      const before = await toast.boundingBox();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const after = await toast.boundingBox();
      return before !== null && after !== null && before.y === after.y && before.x === after.x;
    };
    await expect.poll(settled).toBe(true);
    const box = (await toast.boundingBox())!;
    const controls = page
      .getByTestId('journal-composer')
      .locator('label:has(input), button, textarea, input:not(.sr-only), [role="tab"]');
    const count = await controls.count();
    expect(count).toBeGreaterThan(6);
    for (let i = 0; i < count; i++) {
      const control = controls.nth(i);
      if (!(await control.isVisible())) continue;
      const c = (await control.boundingBox())!;
      const overlaps =
        box.x < c.x + c.width &&
        c.x < box.x + box.width &&
        box.y < c.y + c.height &&
        c.y < box.y + box.height;
      expect(overlaps, `the toast covers ${await control.evaluate((e) => e.outerHTML.slice(0, 80))}`).toBe(
        false,
      );
    }
    await sub.page.context().close();
  },
);

test(
  'from 1024 px the conversations are listed beside the open one; on a phone the partner picker chooses',
  LAYOUT,
  async ({ page, browser, request }) => {
    const { dom, sub } = await seedCouple(browser, page, request, {
      dominant: 'Ada Dom',
      submissive: 'Bo Sub',
    });
    const second = await connectedUser(browser, request, page, {
      label: 'sub2',
      role: 'submissive',
      displayName: 'Cy Sub',
    });
    expect(
      (
        await second.page.request.post('/api/journal/messages', {
          data: { partnerId: dom.id, content: 'Hello from Cy' },
        })
      ).status(),
    ).toBe(201);
    await sub.page.context().close();
    await second.page.context().close();

    await openJournal(page, 'Bo Sub');
    const list = page.getByRole('navigation', { name: 'Conversations' });
    const picker = page.getByLabel('Partner', { exact: true });
    if (page.viewportSize()!.width >= 1024) {
      await expect(list).toBeVisible();
      await expect(picker).toBeHidden();
      await expect(list.getByRole('link', { name: 'Bo Sub' })).toHaveAttribute('aria-current', 'page');
      await list.getByRole('link', { name: 'Cy Sub' }).click();
      await expect(list.getByRole('link', { name: 'Cy Sub' })).toHaveAttribute('aria-current', 'page');
      await expect(list.getByRole('link', { name: 'Bo Sub' })).not.toHaveAttribute('aria-current', 'page');
    } else {
      await expect(list).toBeHidden();
      await picker.selectOption({ label: 'Cy Sub' });
    }
    await expect(page.getByRole('heading', { name: 'Conversation with Cy Sub' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?partner=${second.id}$`));
    await expect(messages(page).filter({ hasText: 'Hello from Cy' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  },
);
