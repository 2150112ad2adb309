import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { zoneOffsetTable } from '@/shared/domain/zone-offsets';
import type { CurrentUser } from '@/shared/schemas/accounts';
import { App } from './app/app';
import { routes } from './app/router';
import { type Boot, serializeBoot } from './lib/boot';
import { queryKeys } from './lib/query-keys';
import { renderPage } from './prerender';

/** One read a server-drawn page is drawn with: the API path, and where its answer goes in the query cache. */
interface Read {
  path: string;
  key: readonly unknown[];
  /**
   * The part of the answer the query holds (the same as the query's own function keeps), or undefined
   * when the answer is not all of it (the task list's first page of several): the browser reads it then.
   */
  pick: (body: Record<string, unknown>) => unknown;
}

const notifications: Read = { path: '/api/notifications', key: queryKeys.notifications, pick: (b) => b };
const requests: Read = {
  path: '/api/partner-requests',
  key: queryKeys.partnerRequests,
  pick: (b) => b.requests,
};
const tasks: Read = {
  path: '/api/tasks',
  key: queryKeys.tasks,
  pick: (b) => (b.nextCursor ? undefined : b.tasks),
};
const taskHistory: Read = {
  path: '/api/task-completions',
  key: queryKeys.taskHistory,
  pick: (b) => b.completions,
};
/** Red's button and banner, in the top bar of every signed-in page (decision 049). */
const stops: Read = { path: '/api/stops', key: queryKeys.stops, pick: (b) => b };
/** The dashboard's contract card reads the contract shared with each partner. */
const contracts = (me: CurrentUser): Read[] =>
  me.partners.map((partner) => ({
    path: `/api/contracts?partnerId=${encodeURIComponent(partner.id)}`,
    key: queryKeys.contract(partner.id),
    pick: (b) => b.contract,
  }));

/**
 * The signed-in pages the server draws with their data (decision 033), and what each reads besides who
 * is signed in: everything its first render asks for (its lists, the top bar's bell), so that the
 * browser reads nothing more to bring it to life. `reads` go at once, beside /api/me; `readsOf` need
 * its answer (one read per partner).
 */
const PAGES: Record<string, { reads: Read[]; readsOf?: (me: CurrentUser) => Read[] }> = {
  '/dashboard': { reads: [tasks, notifications, requests, stops], readsOf: contracts },
  '/tasks': { reads: [tasks, taskHistory, notifications, requests, stops] },
};

export const ME_PATH = '/api/me';

/** The API paths the server reads at once to draw this page, or null when it does not draw it. */
export function readsFor(pathname: string): string[] | null {
  const page = PAGES[pathname];
  return page ? [ME_PATH, ...page.reads.map((read) => read.path)] : null;
}

const signedIn = (answers: Record<string, unknown>) =>
  (answers[ME_PATH] as { user?: CurrentUser | null } | undefined)?.user ?? null;

/** The API paths read once /api/me has answered (`answers` holds its answer): none for a visitor. */
export function readsAfter(pathname: string, answers: Record<string, unknown>): string[] {
  const me = signedIn(answers);
  const readsOf = PAGES[pathname]?.readsOf;
  return me && readsOf ? readsOf(me).map((read) => read.path) : [];
}

/** Pages whose lazy code has been loaded once: from then on they draw synchronously. */
const warmed = new Set<string>();

function appAt(url: string, queryClient: QueryClient, boot: Boot) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  return <App queryClient={queryClient} router={router} boot={boot} />;
}

/**
 * Draws the page once, waiting for its lazy code, so that later draws need not wait (and can be
 * synchronous). A drawing that did not reach the page (a Switch still choosing a role) loads nothing of it.
 */
async function warm(pathname: string, queryClient: QueryClient, boot: Boot) {
  if (warmed.has(pathname)) return;
  await renderPage(pathname, { queryClient, boot });
  const me = queryClient.getQueryData<CurrentUser>(queryKeys.me);
  if (me && (me.role !== 'switch' || me.sessionRole)) warmed.add(pathname);
}

/** Runs `draw` with the process's time zone set to `timeZone`: dates then read as in the browser. */
function inTimeZone<T>(timeZone: string, draw: () => T): T {
  const before = process.env.TZ;
  if (before === timeZone) return draw();
  process.env.TZ = timeZone;
  try {
    return draw();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

export interface Drawn {
  /** The page's markup, for inside `#root`. */
  html: string;
  /** The boot data, as text safe inside a JSON script element. */
  boot: string;
}

/**
 * Draws a signed-in page with the answers to its reads (by API path; a read that failed is absent), as the
 * browser's first render will: the same tree, the query cache holding those answers, the clock stopped at
 * `now` and dates in `timeZone`. Null when nobody is signed in (the browser then goes to the login).
 */
export async function drawSignedInPage(
  url: string,
  answers: Record<string, unknown>,
  opts: { now: number; timeZone: string },
): Promise<Drawn | null> {
  const pathname = new URL(url, 'http://pact.invalid').pathname;
  const page = PAGES[pathname];
  const me = signedIn(answers);
  if (!page || !me) return null;
  const queries: Boot['queries'] = [[queryKeys.me, me]];
  for (const read of [...page.reads, ...(page.readsOf?.(me) ?? [])]) {
    const body = answers[read.path];
    const data = body && typeof body === 'object' ? read.pick(body as Record<string, unknown>) : undefined;
    if (data !== undefined) queries.push([read.key, data]);
  }
  const queryClient = new QueryClient();
  for (const [key, data] of queries) queryClient.setQueryData(key, data, { updatedAt: opts.now });
  const zones = [...new Set([opts.timeZone, me.timeZone])].flatMap((zone) => {
    try {
      return [zoneOffsetTable(zone, opts.now)];
    } catch {
      return []; // a zone this server does not know: the browser reckons it with its own data
    }
  });
  const boot: Boot = { renderedAt: opts.now, timeZone: opts.timeZone, zones, queries };
  await warm(pathname, queryClient, boot);
  // Synchronous: nothing else runs while the process's time zone is the user's.
  const html = inTimeZone(opts.timeZone, () => renderToString(appAt(url, queryClient, boot)));
  return { html, boot: serializeBoot(boot) };
}
