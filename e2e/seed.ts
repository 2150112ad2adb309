import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { confirmFirstNegotiation, createVerifiedUser, expect, PASSWORD, PROOF_JPEG } from './fixtures';

/**
 * Data made through the API, for tests about a screen rather than about the steps that lead to it: faster
 * than the UI, and a page's `request` shares the cookies of its browser context.
 */

type Role = 'dominant' | 'submissive' | 'switch';

/** Signs a page's browser context in, without the login screen; answers the signed-in user. */
export async function signIn(page: Page, email: string) {
  const response = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  return (await response.json()).user as { id: string; displayName: string };
}

/** A verified account, signed in on a page of a new browser context (or on the page given). */
export async function signedInUser(
  browser: Browser,
  request: APIRequestContext,
  opts: { label: string; role: Role; displayName: string; page?: Page; viewportOf?: Page },
) {
  const account = await createVerifiedUser(request, opts);
  let page = opts.page;
  if (!page) {
    const context = await browser.newContext({
      viewport: opts.viewportOf?.viewportSize() ?? null,
      permissions: ['microphone'],
    });
    page = await context.newPage();
  }
  const user = await signIn(page, account.email);
  return { ...account, ...user, page };
}

/** Sends a connection request from one signed-in page to a user; answers the request's id. */
export async function sendRequest(from: Page, receiverId: string) {
  const response = await from.request.post('/api/partner-requests', { data: { receiverId } });
  expect(response.status()).toBe(201);
  return ((await response.json()).request as { id: string }).id;
}

/** Connects `from`'s user with `other`: a request sent and accepted, as two people do. */
export async function connect(from: Page, other: { id: string; page: Page }) {
  const requestId = await sendRequest(from, other.id);
  expect((await other.page.request.post(`/api/partner-requests/${requestId}/accept`)).status()).toBe(200);
}

/** A new verified user, signed in on a page of their own at `from`'s size, connected with `from`'s user. */
export async function connectedUser(
  browser: Browser,
  request: APIRequestContext,
  from: Page,
  opts: { label: string; role: Role; displayName: string },
) {
  const user = await signedInUser(browser, request, { ...opts, viewportOf: from });
  await connect(from, user);
  return user;
}

/** A connected couple: the dominant on `dom` (the test's page), the submissive on a page of its own. */
export async function seedCouple(
  browser: Browser,
  dom: Page,
  request: APIRequestContext,
  names = { dominant: 'Avery Dom', submissive: 'Blake Sub' },
  /** Whether the submissive confirms the first negotiation at once (decision 058): yes unless told. */
  negotiated = true,
) {
  const d = await signedInUser(browser, request, {
    label: 'dom',
    role: 'dominant',
    displayName: names.dominant,
    page: dom,
  });
  const s = await signedInUser(browser, request, {
    label: 'sub',
    role: 'submissive',
    displayName: names.submissive,
    viewportOf: dom,
  });
  await connect(dom, s);
  if (negotiated) await confirmFirstNegotiation(s.page, dom, d.id);
  return { dom: d, sub: s };
}

/** A task from the dominant page to the submissive; answers the task. */
export async function seedTask(
  dom: Page,
  assignedTo: string,
  task: {
    title: string;
    dueDate?: number;
    photoProofRequired?: boolean;
    description?: string;
    repeatConfig?: { frequency: 'daily' | 'weekly' | 'monthly' };
  },
) {
  const response = await dom.request.post('/api/tasks', {
    data: { dueDate: Date.now() + 3 * 3600_000, ...task, assignedTo },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).task as { id: string };
}

/** A photo uploaded by a signed-in page for the pair it forms with `partnerId`; answers its id. */
export async function seedPhoto(page: Page, partnerId: string) {
  const response = await page.request.post(`/api/media/photo?partnerId=${partnerId}`, {
    headers: { 'Content-Type': 'image/jpeg' },
    data: PROOF_JPEG,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()).media as { id: string }).id;
}

/** Completes a task from a signed-in page, with an optional photo. */
export async function completeTask(page: Page, taskId: string, photoId: string | null = null) {
  const response = await page.request.post(`/api/tasks/${taskId}/complete`, { data: { photoId } });
  expect(response.status()).toBe(200);
}

/** An Above & Beyond entry shared by the submissive page with its dominant (it needs a photo). */
export async function seedAboveAndBeyond(sub: Page, dominantId: string, title: string) {
  const photoId = await seedPhoto(sub, dominantId);
  const response = await sub.request.post('/api/tasks/above-and-beyond', {
    data: { dominantId, title, details: 'Without being asked.', photoId },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).task as { id: string };
}
