import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@/shared/schemas/accounts';
import { fetchMe, meQuery } from './current-user';
import { createQueryClient } from './query-client';
import { queryKeys } from './query-keys';

const USER = { id: 'u1', displayName: 'Avery' } as unknown as CurrentUser;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Each answer /api/me gives, in turn: a Response, or an Error for a request that never reached Pact. */
type Answer = () => Response | Error;
const ANSWERS: Record<string, Answer> = {
  'a proxy’s 502 page': () =>
    new Response('<h1>502 Bad Gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }),
  'a 503 for a lost database': () =>
    json(503, {
      error: {
        code: 'UNAVAILABLE',
        message: 'Database connection issue detected. Please try again later or contact support.',
      },
    }),
  'a gateway timeout (504)': () => new Response('', { status: 504 }),
  'no network at all': () => new TypeError('Failed to fetch'),
};

let answers: Answer[] = [];
let asked = 0;
/** Every client a test made, emptied after it (a read still being retried stops). */
const clients: QueryClient[] = [];

beforeEach(() => {
  answers = [];
  asked = 0;
  vi.stubGlobal('fetch', async (input: unknown) => {
    expect(String(input)).toBe('/api/me');
    const next = answers[asked++];
    if (!next) throw new Error('no answer left');
    const answer = next();
    if (answer instanceof Error) throw answer;
    return answer;
  });
});
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
  vi.unstubAllGlobals();
});

/** The app's query client, asking /api/me as the app does; retries at once so that the test need not wait. */
function appClient() {
  const queryClient = createQueryClient();
  clients.push(queryClient);
  queryClient.setQueryDefaults(queryKeys.me, { queryFn: fetchMe, retryDelay: 0 });
  return queryClient;
}

/** The same, holding a signed-in user. */
function signedInClient() {
  const queryClient = appClient();
  queryClient.setQueryData(queryKeys.me, USER);
  return queryClient;
}

/** Every value the cache held for /api/me while `work` ran. */
async function heldWhile(queryClient: QueryClient, work: () => Promise<unknown>) {
  const held: { data: unknown; status: string }[] = [];
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] !== 'me') return;
    held.push({ data: event.query.state.data, status: event.query.state.status });
  });
  await work();
  stop();
  return held;
}

describe('who is signed in: only 200 {user: null} or a 401 means signed out', () => {
  it('200 {user: null} signs the browser out', async () => {
    const queryClient = signedInClient();
    answers = [() => json(200, { user: null })];
    await queryClient.refetchQueries({ queryKey: queryKeys.me });
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull();
  });

  it('a 401 signs the browser out too, at once, without retrying', async () => {
    const queryClient = signedInClient();
    answers = [() => json(401, { error: { code: 'NOT_AUTHENTICATED', message: 'Not authenticated' } })];
    await queryClient.refetchQueries({ queryKey: queryKeys.me });
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull();
    expect(asked).toBe(1);
  });

  for (const [name, answer] of Object.entries(ANSWERS)) {
    it(`${name} keeps the user, and /api/me is asked again until the server answers`, async () => {
      const queryClient = signedInClient();
      // More failures than a refusal is ever retried, then the server is back.
      answers = [answer, answer, answer, answer, answer, () => json(200, { user: USER })];
      const held = await heldWhile(queryClient, () => queryClient.refetchQueries({ queryKey: queryKeys.me }));
      expect(asked).toBe(6);
      expect(held.length).toBeGreaterThan(0);
      expect(held.every((h) => h.data === USER && h.status === 'success')).toBe(true);
      expect(queryClient.getQueryData(queryKeys.me)).toEqual(USER);
    });
  }

  it('a server error (500) or another refusal (403) keeps the last known user as well', async () => {
    for (const status of [500, 403]) {
      const queryClient = signedInClient();
      const refusal = () =>
        json(status, { error: { code: 'INTERNAL', message: 'An unexpected error occurred' } });
      answers = [refusal, refusal, refusal];
      asked = 0;
      await queryClient.refetchQueries({ queryKey: queryKeys.me }).catch(() => {});
      const state = queryClient.getQueryState(queryKeys.me);
      expect(state?.status).toBe('error');
      expect(state?.data).toEqual(USER);
    }
  });

  it('a first read that fails keeps asking, and a visitor is answered null', async () => {
    const queryClient = appClient();
    const [proxy, network] = [ANSWERS['a proxy’s 502 page']!, ANSWERS['no network at all']!];
    answers = [proxy, network, proxy, network, proxy, () => json(200, { user: null })];
    expect(await queryClient.fetchQuery(meQuery)).toBeNull();
    expect(asked).toBe(6);
  });
});
