import { type DehydratedState, dehydrate, QueryClient, type QueryKey } from '@tanstack/react-query';
import { monthGrid } from '@/shared/domain/calendar';
import type { CurrentUser } from '@/shared/schemas/accounts';
import type { AppLockView } from '@/shared/schemas/app-lock';
import type { Theme } from '@/shared/texts/appearance';
import { queryKeys } from '@/web/lib/query-keys';

declare module 'react-router' {
  interface AppLoadContext {
    /**
     * Reads an API path for this request, in-process: the server's own `fetch` with the request's cookie, so
     * the same session, access rules and answers as the browser would get (decision 048). The answer's body,
     * or null when it was not a 200. Absent while pages are prerendered at build time.
     */
    read?: (path: string) => Promise<unknown>;
    /**
     * Sends a page's form on to an API path in-process (a POST with the request's cookie and client), for a
     * route's `action`: what the API answered, with the cookies it set. Absent at build time.
     */
    submit?: (path: string, body: unknown) => Promise<{ status: number; body: unknown; setCookie: string[] }>;
    /** The moment this request's reads began: every query it renders with is stamped with it. */
    renderedAt?: number;
    /** The time zone this request's dates are rendered in (the `pact_tz` cookie, else UTC). */
    timeZone?: string;
    /** Discreet mode on this device (the `pact_discreet` cookie, decision 081): a neutral name and icons. */
    discreet?: boolean;
    /** The scheme this device chose (the `pact_theme` cookie, decision 089); the system's when absent. */
    theme?: Theme;
  }
}

/** One API read a page is rendered with: its path, its query key, and the part of the answer the query holds. */
export interface Read {
  path: string;
  key: QueryKey;
  /** The part of the answer the query holds; undefined when the answer is not all of it. */
  pick: (body: Record<string, unknown>) => unknown;
}

/** What a route's loader hands to the page: the queries it read, for the root's one HydrationBoundary. */
export interface PageData {
  queries: DehydratedState;
}

/** Where a page learns whether this device is locked. */
const LOCK_PATH = '/api/me/lock';

const read = (path: string, key: QueryKey, pick: Read['pick'] = (body) => body): Read => ({
  path,
  key,
  pick,
});

/** The reads pages are rendered with, by name. Each keeps the shape the page's own query keeps. */
export const reads = {
  me: read('/api/me', queryKeys.me, (b) => b.user ?? null),
  /** This device's app lock (decision 078): read before any other, see loadQueries. */
  appLock: read(LOCK_PATH, queryKeys.appLock),
  notifications: read('/api/notifications', queryKeys.notifications),
  requests: read('/api/partner-requests', queryKeys.partnerRequests, (b) => b.requests),
  stops: read('/api/stops', queryKeys.stops),
  checkins: read('/api/checkins', queryKeys.checkins),
  checkinCadence: read('/api/checkins/cadence', queryKeys.checkinCadence),
  // The history is an infinite query: its first page, as the browser's query keeps it.
  checkinHistory: read('/api/checkins/history', queryKeys.checkinHistory, (b) => ({
    pages: [b],
    pageParams: [null],
  })),
  aftercare: read('/api/aftercare', queryKeys.aftercare),
  limits: read('/api/limits', queryKeys.limits),
  negotiation: read('/api/negotiation', queryKeys.negotiation),
  // The first page of several is not the whole list the query holds: the browser reads it then.
  tasks: read('/api/tasks', queryKeys.tasks, (b) => (b.nextCursor ? undefined : b.tasks)),
  taskHistory: read('/api/task-completions', queryKeys.taskHistory, (b) => b.completions),
  punishments: read('/api/punishments', queryKeys.punishments, (b) => b.punishments),
  recordPairs: read('/api/record/pairs', queryKeys.recordPairs, (b) => b.pairs),
  // The newest page of a conversation, as the browser's infinite query keeps it.
  journal: (partnerId: string) =>
    read(
      `/api/journal/messages?partnerId=${encodeURIComponent(partnerId)}`,
      queryKeys.journal(partnerId),
      (b) => ({ pages: [b], pageParams: [null] }),
    ),
  blockedUsers: read('/api/blocks', queryKeys.blockedUsers, (b) => b.blocked),
  security: read('/api/me/security', queryKeys.security),
  sessions: read('/api/me/sessions', queryKeys.sessions, (b) => b.sessions),
  passkeys: read('/api/me/passkeys', queryKeys.passkeys, (b) => b.passkeys),
  // End-to-end encryption (decision 100): the account's own key, wrapped as the server keeps it.
  myKeys: read('/api/keys', queryKeys.myKeys, (b) => b.keys),
  // The user's pairs (decision 101): a conversation finds its pair, and whether it is sealed, without asking.
  pairs: read('/api/pairs', [...queryKeys.allKeys, 'pairs'], (b) => b.pairs),
  // The default keep-time of a proof (decision 076): every proof control starts from it.
  proofKeep: read('/api/media/keep', queryKeys.proofKeep, (b) => b.keep),
  pushPreferences: read('/api/push/preferences', queryKeys.pushPreferences, (b) => b.preferences),
  notificationPreferences: read(
    '/api/notifications/preferences',
    queryKeys.notificationPreferences,
    (b) => b.preferences,
  ),
  contract: (partnerId: string) =>
    read(
      `/api/contracts?partnerId=${encodeURIComponent(partnerId)}`,
      queryKeys.contract(partnerId),
      (b) => b.contract,
    ),
  rules: (partnerId: string) =>
    read(`/api/rules?partnerId=${encodeURIComponent(partnerId)}`, queryKeys.rules(partnerId), (b) => b.rules),
  infractions: (partnerId: string) =>
    read(
      `/api/infractions?partnerId=${encodeURIComponent(partnerId)}`,
      queryKeys.infractions(partnerId),
      (b) => b.infractions,
    ),
  rituals: (partnerId: string) =>
    read(`/api/rituals?partnerId=${encodeURIComponent(partnerId)}`, queryKeys.rituals(partnerId)),
  weeks: (partnerId: string) =>
    read(`/api/weeks?partnerId=${encodeURIComponent(partnerId)}`, queryKeys.weeks(partnerId)),
  // The Rewards tab (decision 068): the ledger as the browser's infinite query keeps its first page.
  pointsLedger: (partnerId: string) =>
    read(
      `/api/points?partnerId=${encodeURIComponent(partnerId)}`,
      queryKeys.pointsLedger(partnerId),
      (b) => ({
        pages: [b],
        pageParams: [null],
      }),
    ),
  // The calendar (decision 086): the six weeks of a month's grid, as its query keeps them.
  calendar: (partnerId: string, month: string) => {
    const { from, to } = monthGrid(month);
    const query = new URLSearchParams({ partnerId, from, to });
    return read(`/api/calendar?${query}`, queryKeys.calendar(partnerId, month));
  },
  rewards: (partnerId: string) =>
    read(`/api/rewards?partnerId=${encodeURIComponent(partnerId)}`, queryKeys.rewards(partnerId)),
  // The requests are an infinite query too: their newest page, as the browser keeps it.
  redemptions: (partnerId: string) =>
    read(
      `/api/redemptions?partnerId=${encodeURIComponent(partnerId)}`,
      queryKeys.redemptions(partnerId),
      (b) => ({ pages: [b], pageParams: [null] }),
    ),
};

/**
 * Runs `reads` through the request's in-process API and returns them dehydrated, all stamped with the moment
 * the reads began (the stream then says whether anything changed since, decision 035). A read that fails is
 * left out: the page's own query reads it in the browser. First it asks whether this device is locked (one
 * answer per page, shared by every loader): a locked page runs none of its reads and holds only the lock
 * (decision 078), so nothing of the app's content is in its HTML.
 */
export async function loadQueries(
  context: { read?: (path: string) => Promise<unknown>; renderedAt?: number },
  list: Read[],
): Promise<PageData> {
  const renderedAt = context.renderedAt ?? Date.now();
  const queryClient = new QueryClient();
  const fetchRead = context.read;
  if (fetchRead) {
    const lock = (await fetchRead(LOCK_PATH)) as AppLockView | null;
    if (lock?.locked) {
      queryClient.setQueryData(queryKeys.appLock, lock, { updatedAt: renderedAt });
      return { queries: dehydrate(queryClient) };
    }
    await Promise.all(
      list.map(async ({ path, key, pick }) => {
        const body = await fetchRead(path);
        if (!body || typeof body !== 'object') return;
        const data = pick(body as Record<string, unknown>);
        if (data !== undefined) queryClient.setQueryData(key, data, { updatedAt: renderedAt });
      }),
    );
  }
  return { queries: dehydrate(queryClient) };
}

/**
 * The partner a per-partner page (journal, contract) is rendered for: the one its `?partner=` names, else the
 * first, as `useChosenPartner` picks in the browser. Undefined without a partner.
 */
export function chosenPartnerId(user: CurrentUser | null, url: string): string | undefined {
  const partners = user?.partners ?? [];
  const asked = new URL(url).searchParams.get('partner');
  return (partners.find((p) => p.id === asked) ?? partners[0])?.id;
}

/**
 * The reads of a page that shows one partner at a time: who is signed in first (its partners), then `per`
 * for the chosen one (one read or several, made at once). Nothing but the user when there is no partner.
 */
export async function loadForChosenPartner(
  context: Parameters<typeof loadQueries>[0],
  url: string,
  per: (partnerId: string) => Read | Read[],
): Promise<PageData> {
  const partnerId = chosenPartnerId(userOf(await loadQueries(context, [reads.me])), url);
  return loadQueries(context, partnerId ? [per(partnerId)].flat() : []);
}

/** Whether a page was rendered locked (decision 078): it then holds nothing but the lock. */
export function lockedOf(data: PageData | null | undefined): boolean {
  const lock = data?.queries?.queries?.find((q) => q.queryHash === JSON.stringify(queryKeys.appLock));
  return (lock?.state.data as AppLockView | undefined)?.locked === true;
}

/** The signed-in user a dehydrated state holds, if any. */
export function userOf(data: PageData): CurrentUser | null {
  const me = data.queries.queries.find((q) => q.queryHash === JSON.stringify(queryKeys.me));
  return (me?.state.data as CurrentUser | null | undefined) ?? null;
}
