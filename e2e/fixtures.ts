import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

const OUTBOX = path.join('.e2e-data', 'outbox');
export const PASSWORD = 'Velvet#Rope42';

/** Decodes the quoted-printable body of a stored mail and returns its links. */
export function linksOf(raw: string): string[] {
  const decoded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
  return [...decoded.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0].replace(/&amp;/g, '&'));
}

/** Waits for the newest mail to this address whose subject matches, and returns its first link. */
export async function mailLink(to: string, subject: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(OUTBOX).catch(() => [] as string[])).sort().reverse();
        for (const file of files) {
          const raw = await readFile(path.join(OUTBOX, file), 'utf8');
          const headers = raw.split(/\r?\n\r?\n/)[0] ?? '';
          if (headers.includes(`To: ${to}`) && subject.test(headers)) {
            link = linksOf(raw)[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return link!;
}

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A registered and verified account, made through the API as a second device would. */
export async function createVerifiedUser(
  request: APIRequestContext,
  opts: { label: string; role?: 'dominant' | 'submissive' | 'switch'; displayName?: string },
) {
  const email = uniqueEmail(opts.label);
  const response = await request.post('/api/auth/register', {
    data: {
      displayName: opts.displayName ?? 'Test Person',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: opts.role ?? 'submissive',
      ageConfirmed: true,
    },
  });
  expect(response.status()).toBe(201);
  const link = await mailLink(email, /Confirm your email/);
  const verified = await request.get(link, { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  return { email, password: PASSWORD };
}

/**
 * Logs in by the form. `hydrated`: only once the page's code runs, so that the form is sent by it (the
 * browser's own POST before then never hands the password to the page, which unlocks the keys with it).
 */
export async function logIn(page: Page, email: string, password: string, opts: { hydrated?: boolean } = {}) {
  await page.goto('/auth');
  if (opts.hydrated) await expect(page.locator('html[data-hydrated]')).toBeAttached();
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

export const test = base;
export { expect };

/**
 * Marks a test whose subject is layout: it runs at both sizes (the desktop project, 1280 px and dark, runs
 * only these and the layout files named in playwright.config.ts); every other test runs on the phone.
 */
export const LAYOUT = { tag: '@layout' };

/**
 * The submissive (`sub`) confirms the first negotiation with `dominantId` (decision 058), as most tests need
 * to assign at once; the dominant's notification of it is marked read, so that the bell counts only what the
 * test itself does. The tests of the negotiation itself leave this out.
 */
export async function confirmFirstNegotiation(sub: Page, dom: Page, dominantId: string) {
  expect(
    (await sub.request.post('/api/negotiation/confirm', { data: { partnerId: dominantId } })).status(),
  ).toBe(200);
  const inbox = await dom.request.get('/api/notifications');
  expect(inbox.status()).toBe(200);
  const { notifications } = (await inbox.json()) as {
    notifications: { id: string; type: string; read: boolean }[];
  };
  for (const n of notifications.filter((x) => x.type === 'negotiation_confirmed' && !x.read)) {
    expect((await dom.request.post(`/api/notifications/${n.id}/read`)).status()).toBe(200);
  }
}

/** Two verified, signed-in partners in two browser contexts, connected with an active pair. */
export async function createCouple(
  browser: import('@playwright/test').Browser,
  dom: Page,
  request: APIRequestContext,
  names = { dominant: 'Avery Dom', submissive: 'Blake Sub' },
  negotiated = true,
) {
  const a = await createVerifiedUser(request, {
    label: 'dom',
    role: 'dominant',
    displayName: names.dominant,
  });
  const b = await createVerifiedUser(request, {
    label: 'sub',
    role: 'submissive',
    displayName: names.submissive,
  });
  const subContext = await browser.newContext({ viewport: dom.viewportSize(), permissions: ['microphone'] });
  const sub = await subContext.newPage();
  await logIn(dom, a.email, PASSWORD);
  await logIn(sub, b.email, PASSWORD);
  await expect(sub.getByText('Not connected with any partners yet')).toBeVisible();
  await dom.getByRole('button', { name: /^Connect/ }).click();
  const connect = dom.getByRole('dialog', { name: 'Connect with a partner' });
  await connect.getByLabel("Partner's email").fill(b.email);
  await connect.getByRole('button', { name: new RegExp(names.submissive) }).click();
  await connect.getByRole('button', { name: 'Send Request' }).click();
  await sub
    .getByRole('dialog', { name: 'Connection Request' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(dom.getByTestId('partner-status')).toHaveText('Connected with 1 partner(s)');
  const subId = ((await (await sub.request.get('/api/me')).json()) as { user: { id: string } }).user.id;
  const pairs = await dom.request.get('/api/pairs');
  const [pair] = (
    (await pairs.json()) as { pairs: { dominantId: string; submissiveId: string }[] }
  ).pairs.filter((p) => p.submissiveId === subId);
  if (negotiated && pair) await confirmFirstNegotiation(sub, dom, pair.dominantId);
  return { sub, subContext, a, b };
}

/** The dominant opens "Create New Task" from the Tasks page. */
export async function openNewTaskForm(dom: Page) {
  await dom.getByRole('link', { name: 'Tasks' }).click();
  await dom
    .getByRole('button', { name: /Create Task|Assign Task/ })
    .first()
    .click();
  return dom.getByRole('form', { name: 'Create New Task' });
}

/** The dominant assigns the submissive a task through the API, due tomorrow; returns its id. */
export async function assignTask(
  dom: Page,
  sub: Page,
  data: { title: string; photoProofRequired?: boolean },
) {
  const subId = await sub.evaluate(async () => (await (await fetch('/api/me')).json()).user.id as string);
  const created = await dom.request.post('/api/tasks', {
    data: { ...data, dueDate: Date.now() + 24 * 3600_000, assignedTo: subId },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { task: { id: string } }).task.id;
}

/** A small real JPEG for photo proof. */
export const PROOF_JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAYACADASIAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAWAQEBAQAAAAAAAAAAAAAAAAAAAwb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwAAzC4AAAAAD//Z',
  'base64',
);

/** Nothing may make a page wider than its viewport (a phone must never scroll sideways). */
export async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()!.width;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
}

/**
 * Closes every toast on the page, as a user swipes them away before tapping what they cover at the
 * bottom of a phone's screen (a toast under the pointer waits, so it would not go by itself).
 */
export async function dismissToasts(page: Page) {
  const close = page.locator('[data-sonner-toast] button[aria-label="Close toast"]');
  while ((await close.count()) > 0) {
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => {});
  }
}
