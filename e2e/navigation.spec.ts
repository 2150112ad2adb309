import { expect, test } from './fixtures';
import { holdRequests, MANGLED_PUNISHMENTS, openPunishmentsThatFail } from './hold';
import { completeTask, seedCouple, seedTask, signedInUser } from './seed';

test('a highlight link opened as the first page scrolls its task, or its history entry, into view', async ({
  page: dom,
  browser,
  request,
}) => {
  const { sub: s } = await seedCouple(browser, dom, request, { dominant: 'Mo Dom', submissive: 'Ned Sub' });
  // Lists are newest first: the first task made is the last one shown, below the fold. Completed tasks
  // leave the active list for the History tab, where the oldest completion is last.
  const ids: string[] = [];
  for (let i = 1; i <= 10; i++) ids.push((await seedTask(dom, s.id, { title: `Open chore ${i}` })).id);
  for (let i = 1; i <= 12; i++) {
    await completeTask(s.page, (await seedTask(dom, s.id, { title: `Done chore ${i}` })).id);
  }
  await s.page.context().close();

  // The list answers only once the page is on screen, as on a slow network: the scroll must wait for it.
  const releaseTasks = await holdRequests(dom, /\/api\/tasks$/);
  await dom.goto(`/tasks?highlight=${ids[0]}`);
  await expect(dom.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  releaseTasks();
  await expect(dom.locator(`#task-${ids[0]}`)).toBeInViewport();

  const history = (await (await dom.request.get('/api/task-completions')).json()).completions as {
    id: string;
  }[];
  const oldest = history.at(-1)!.id;
  const fresh = await dom.context().newPage();
  const releaseHistory = await holdRequests(fresh, /\/api\/task-completions$/);
  await fresh.goto(`/tasks?tab=history&highlight=${oldest}`);
  await expect(fresh.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
  releaseHistory();
  await expect(fresh.locator(`#completion-${oldest}`)).toBeInViewport();
});

test('opening a notification in the bell opens what it is about', async ({ page: dom, browser, request }) => {
  const { sub: s } = await seedCouple(browser, dom, request, { dominant: 'Oli Dom', submissive: 'Pat Sub' });
  const task = await seedTask(dom, s.id, { title: 'Polish the silver' });
  const sub = s.page;
  await sub.goto('/dashboard');
  // The dashboard arrives rendered by the server: a tap counts once it is hydrated.
  await expect(sub.locator('html[data-live=ready]')).toBeAttached();
  await sub.getByRole('button', { name: /^Notifications/ }).click();
  await sub
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: /New task assigned/ })
    .click();
  await expect(sub).toHaveURL(new RegExp(`/tasks\\?highlight=${task.id}`));
  await expect(sub.locator(`#task-${task.id}`)).toBeInViewport();

  // Feedback on a completion leads to that entry in the History tab.
  await completeTask(sub, task.id);
  const [entry] = (await (await dom.request.get('/api/task-completions')).json()).completions;
  await dom.request.post(`/api/task-completions/${entry.id}/feedback`, { data: { feedback: 'Gleaming.' } });
  await expect(sub.getByRole('button', { name: /^Notifications, [1-9]/ })).toBeVisible();
  await sub.getByRole('link', { name: 'Home' }).click();
  await sub.getByRole('button', { name: /^Notifications/ }).click();
  await sub
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: /Feedback received/ })
    .click();
  await expect(sub).toHaveURL(/\/tasks\?tab=history/);
  await expect(sub.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
  await expect(sub.locator(`#completion-${entry.id}`)).toBeVisible();
  await sub.context().close();
});

test('on a phone, toasts stay clear of the top bar', async ({ page, browser, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signedInUser(browser, request, {
    label: 'toasted',
    role: 'dominant',
    displayName: 'Toast Dom',
    page,
  });
  await page.goto('/dashboard');
  await expect(page.locator('html[data-live=ready]')).toBeAttached();
  // Any toast will do: a failed logout is simplest to provoke.
  await page.route('**/api/auth/logout', (route) => route.abort());
  await page.getByRole('button', { name: 'Log out' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to logout' });
  await expect(toast).toBeVisible();
  const bar = (await page.getByRole('banner').boundingBox())!;
  await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
});

// With Pact's service worker every chunk comes from its precache, which page.route cannot hold back; a chunk
// fails to load when the worker is not there yet (a first visit) or when the network fails: tested without it.
test.describe('without the service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('a page whose code fails to load: the app loads itself again from the server, and the next tap opens it', async ({
    page,
    browser,
    request,
  }) => {
    await signedInUser(browser, request, {
      label: 'offline',
      role: 'dominant',
      displayName: 'Quin Dom',
      page,
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    // The Tasks page's chunk cannot be fetched once (the network failed, or an upgrade removed it).
    let failed = 0;
    await page.route(/\/assets\/tasks-[\w-]+\.js$/, (route) =>
      failed++ === 0 ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.getByRole('link', { name: 'Tasks' }).click();
    // The app loads itself again from the server (a new version's files, if that was the cause); the next
    // tap opens the page.
    await expect.poll(() => failed).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await page.getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  });

  test('a page that fails while it renders shows a friendly error with Retry, inside the app', async ({
    page,
    browser,
    request,
  }) => {
    await signedInUser(browser, request, { label: 'broken', role: 'dominant', displayName: 'Rae Dom', page });
    await openPunishmentsThatFail(page);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.unroute(MANGLED_PUNISHMENTS);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Punishments', level: 1 })).toBeVisible();
  });
});

test('on the narrowest phones every control of the top bar is on screen and apart, for both partners', async ({
  page,
  browser,
  request,
}) => {
  // A paired user's bar holds the most: the mark, the role, Red, Yellow, the bell, the partner and Log out.
  const { sub } = await seedCouple(browser, page, request, { dominant: 'Wren Dom', submissive: 'Ash Sub' });
  const outside: string[] = [];
  for (const p of [page, sub.page]) {
    for (const width of [320, 375]) {
      await p.setViewportSize({ width, height: 700 });
      await p.goto('/dashboard');
      await expect(p.locator('html[data-live=ready]')).toBeAttached();
      const boxes = await p.getByRole('banner').evaluate((bar) =>
        [...bar.querySelectorAll('a, button, [data-testid=role-badge], [data-testid=top-bar-partners]')]
          .map((el) => ({
            name: el.getAttribute('aria-label') ?? el.textContent ?? '',
            r: el.getBoundingClientRect(),
          }))
          .filter(({ r }) => r.width > 0)
          .map(({ name, r }) => ({ name, left: r.left, right: r.right })),
      );
      // The page's own header too: its Connect button stays one line beside the title.
      const label = p
        .getByRole('button', { name: 'Connect', exact: true })
        .getByText('Connect', { exact: true });
      const lines = (await label.boundingBox())!.height;
      if (lines > 24) outside.push(`${width}px: Connect wraps (${lines} px tall)`);
      for (const b of boxes) {
        if (b.left < 0 || b.right > width) outside.push(`${width}px: ${b.name} at ${b.left}..${b.right}`);
      }
      const sorted = [...boxes].sort((a, b) => a.left - b.left);
      for (let i = 1; i < sorted.length; i++) {
        if (sorted[i]!.left < sorted[i - 1]!.right - 0.5)
          outside.push(`${width}px: ${sorted[i]!.name} overlaps ${sorted[i - 1]!.name}`);
      }
    }
  }
  expect(outside).toEqual([]);
});

test('the main navigation is a bar at the bottom of a phone and a column at the side from 1024 px, beside the page', async ({
  page,
  browser,
  request,
}) => {
  test.skip(test.info().project.name !== 'phone', 'it sets each size it looks at itself');
  await signedInUser(browser, request, { label: 'side-nav', role: 'dominant', displayName: 'Lee Dom', page });
  const nav = page.getByRole('navigation', { name: 'Main' });
  /** Where the navigation, the top bar and the page's content sit, and what is current. */
  const layout = async () => {
    await expect(page.locator('html[data-live=ready]')).toBeAttached();
    const box = async (locator: ReturnType<typeof page.locator>) => (await locator.boundingBox())!;
    return {
      nav: await box(nav),
      top: await box(page.getByRole('banner')),
      main: await box(page.locator('main h1')),
      current: await nav.locator('[aria-current=page]').innerText(),
      window: page.viewportSize()!,
    };
  };
  for (const width of [375, 1023, 1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/tasks');
    const l = await layout();
    expect(l.current.trim(), `${width}px`).toBe('Tasks');
    if (width < 1024) {
      // A bar along the bottom, as wide as the window.
      expect(l.nav.y + l.nav.height, `${width}px`).toBeCloseTo(l.window.height, 0);
      expect(l.nav.width, `${width}px`).toBeCloseTo(width, 0);
    } else {
      // A column from under the top bar to the bottom, at the left; the page begins to its right.
      expect(l.nav.x, `${width}px`).toBe(0);
      expect(l.nav.y, `${width}px`).toBeCloseTo(l.top.y + l.top.height, 0);
      expect(l.nav.y + l.nav.height, `${width}px`).toBeCloseTo(l.window.height, 0);
      expect(l.main.x, `${width}px`).toBeGreaterThanOrEqual(l.nav.x + l.nav.width);
      // Each link shows its label beside its icon, one below another.
      const links = await nav
        .getByRole('link')
        .evaluateAll((els) =>
          els.map((el) => el.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, h: r.height })),
        );
      expect(links).toHaveLength(7);
      for (let i = 1; i < links.length; i++) expect(links[i]!.y).toBeGreaterThan(links[i - 1]!.y);
      for (const link of links) expect(link.h).toBeGreaterThanOrEqual(44);
    }
  }
  // From the side, a link opens its page.
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  expect((await nav.locator('[aria-current=page]').innerText()).trim()).toBe('Settings');
});

test('with text at 200 % on a 375 px phone every page fits: two rows of top bar, whole words, the tab bar scrolls', async ({
  page,
  browser,
  request,
}) => {
  test.skip(test.info().project.name !== 'phone', 'a phone’s text size');
  test.setTimeout(120_000);
  await seedCouple(browser, page, request, { dominant: 'Wren Dom', submissive: 'Ash Sub' });
  // The browser's text size at 200 % (Chromium's setting; media queries count rem in it).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  const nav = page.getByRole('navigation', { name: 'Main' });
  const problems: string[] = [];
  for (const path of [
    '/dashboard',
    '/tasks',
    '/punishments',
    '/journal',
    '/contract',
    '/structure',
    '/calendar',
    '/notifications',
    '/settings',
  ]) {
    await page.goto(path);
    await expect(page.locator('html[data-live=ready]')).toBeAttached();
    const found = await page.evaluate(() => {
      const out: string[] = [];
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth > width)
        out.push(`scrolls sideways (${document.documentElement.scrollWidth} px)`);
      // The top bar's controls: on screen, 44 px targets at least, none over another.
      const bar = document.querySelector('header')!;
      const boxes = [...bar.querySelectorAll('a, button, [data-testid=role-badge]')]
        .map((el) => ({
          name: el.getAttribute('aria-label') ?? el.textContent ?? '',
          control: el.matches('a, button'),
          r: el.getBoundingClientRect(),
        }))
        .filter(({ r }) => r.width > 0);
      for (const { name, control, r } of boxes) {
        if (r.left < 0 || r.right > width || r.bottom > bar.getBoundingClientRect().bottom)
          out.push(`${name} off the bar`);
        if (control && r.height < 44) out.push(`${name} is ${r.height} px tall`);
      }
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1))
          if (a.r.left < b.r.right && b.r.left < a.r.right && a.r.top < b.r.bottom && b.r.top < a.r.bottom)
            out.push(`${a.name} overlaps ${b.name}`);
      // The page begins under the bar.
      const main = document.querySelector('main')!.getBoundingClientRect();
      if (main.top + window.scrollY < bar.getBoundingClientRect().bottom)
        out.push('the page starts under the bar');
      // Its title keeps each word on one line.
      const title = document.querySelector('main h1');
      const text = title?.firstChild;
      if (text?.nodeType === Node.TEXT_NODE) {
        for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(`the title breaks "${match[0]}"`);
        }
      }
      return out;
    });
    problems.push(...found.map((p) => `${path}: ${p}`));
    // The current page's tab (calendar and notifications have none) is in view in the bar, scrolled to it.
    const current = nav.locator('[aria-current=page]');
    if ((await current.count()) === 0) continue;
    const [tab, bar] = [(await current.boundingBox())!, (await nav.boundingBox())!];
    if (tab.x < bar.x - 0.5 || tab.x + tab.width > bar.x + bar.width + 0.5)
      problems.push(`${path}: its tab is out of view (${tab.x}..${tab.x + tab.width})`);
  }
  expect(problems).toEqual([]);
  // Every tab can be reached: the last one, scrolled to, opens its page.
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await nav.getByRole('link', { name: 'Settings' }).scrollIntoViewIfNeeded();
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});
