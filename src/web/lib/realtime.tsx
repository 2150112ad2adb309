import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import { EVENT_NAMES, type EventName, type EventPayloads } from '@/shared/events';
import { serverContact } from './connection';
import { queryKeys } from './query-keys';
import { useRendered } from './rendered';

type Handler<N extends EventName> = (data: EventPayloads[N]) => void;
type Registry = Map<EventName, Set<Handler<EventName>>>;

const RealtimeContext = createContext<Registry | null>(null);

/** Reconnection waits grow from about a second to at most half a minute, spread so clients do not stampede. */
export function reconnectDelay(attempt: number, random = Math.random) {
  const ceiling = Math.min(30_000, 1_000 * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Allowance for the clocks of two server instances (the one that drew the page, the one streaming). */
export const CLOCK_ALLOWANCE_MS = 5_000;

/**
 * Whether data the browser holds must be read again when its stream is first ready: what was read before
 * the stream listened may have missed a change. Data the server rendered the page with (`dataUpdatedAt` is the
 * moment its reads began, `renderedAt`) is kept when the stream says nothing was sent to the user since
 * (`quietSince`, decision 035); anything else read before `readyAt` is read again.
 */
export function staleAtFirstReady(
  dataUpdatedAt: number,
  readyAt: number,
  renderedAt: number | null,
  quietSince: number | null,
): boolean {
  if (dataUpdatedAt <= 0 || dataUpdatedAt >= readyAt) return false;
  const renderedData = renderedAt !== null && dataUpdatedAt === renderedAt;
  return !(renderedData && quietSince !== null && renderedAt - CLOCK_ALLOWANCE_MS >= quietSince);
}

/** The `quietSince` a ready event carries; null when it is missing or not a number. */
function quietSinceOf(data: string): number | null {
  try {
    const value = (JSON.parse(data) as { quietSince?: unknown }).quietSince;
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Owns the one EventSource of a signed-in user (keyed by user in the layout, so that another user gets a
 * fresh stream). A browser's EventSource retries by itself after a dropped connection but gives up for
 * good when an answer is not a 200 (a proxy's 502 while the server restarts): so whenever the stream
 * fails, it is closed and made anew, with capped, jittered backoff, at once when the device comes back
 * online, the tab is shown again or a read is answered again; the browser going offline counts as a
 * failure. Each time it is back, every query is refetched: events may have been missed meanwhile.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const registry = useRef<Registry>(new Map()).current;
  const renderedAt = useRendered().renderedAt || null;

  useEffect(() => {
    let source: EventSource | null = null;
    let attempt = 0;
    let missed = false;
    let first = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      clearTimeout(retry);
      retry = undefined;
      source?.close();
      const current = new EventSource('/api/events');
      source = current;
      current.addEventListener('ready', (message) => {
        const readyAt = Date.now();
        if (missed) void queryClient.invalidateQueries();
        // The first time, what was read before the stream listened may have missed a change since.
        else if (first) {
          const quietSince = quietSinceOf((message as MessageEvent<string>).data);
          void queryClient.invalidateQueries({
            predicate: (q) => staleAtFirstReady(q.state.dataUpdatedAt, readyAt, renderedAt, quietSince),
          });
        }
        first = false;
        missed = false;
        attempt = 0;
        serverContact.answered();
        // Says that changes now arrive live (a test waits for it before changing something).
        document.documentElement.dataset.live = 'ready';
      });
      current.addEventListener('error', () => {
        if (source !== current || stopped) return;
        delete document.documentElement.dataset.live;
        missed = true;
        current.close();
        // A stream ends too when the session does (signed out elsewhere, a password changed): asking who
        // is signed in lets the layout send a signed-out page to the login at once. A server that cannot
        // be reached leaves the user as they were, and its failure shows the banner (decision 040).
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        retry = setTimeout(connect, reconnectDelay(attempt++));
      });
      for (const name of EVENT_NAMES) {
        current.addEventListener(name, (message) => {
          let data: unknown;
          try {
            data = JSON.parse((message as MessageEvent<string>).data);
          } catch {
            return;
          }
          for (const handler of registry.get(name) ?? []) handler(data as never);
        });
      }
    };
    /** Back online, or the tab shown again: a stream that is waiting to retry goes at once. */
    const reconnectNow = () => {
      if (retry !== undefined && (document.visibilityState === 'visible' || navigator.onLine)) connect();
    };
    /**
     * The browser went offline: the stream may stay open, but what it carries meanwhile cannot be read
     * (a handler's fetch fails), so it counts as missed and is made anew once the browser is back.
     */
    const goneOffline = () => {
      if (stopped || retry !== undefined) return;
      delete document.documentElement.dataset.live;
      missed = true;
      source?.close();
      retry = setTimeout(connect, reconnectDelay(attempt++));
    };
    /** A read answered while the stream waits to retry: the server is back, so the stream goes at once. */
    const unsubscribe = serverContact.subscribe(() => {
      if (serverContact.get() === 'answered') reconnectNow();
    });

    connect();
    window.addEventListener('online', reconnectNow);
    window.addEventListener('offline', goneOffline);
    document.addEventListener('visibilitychange', reconnectNow);
    return () => {
      stopped = true;
      unsubscribe();
      delete document.documentElement.dataset.live;
      clearTimeout(retry);
      source?.close();
      window.removeEventListener('online', reconnectNow);
      window.removeEventListener('offline', goneOffline);
      document.removeEventListener('visibilitychange', reconnectNow);
    };
  }, [queryClient, registry, renderedAt]);

  return <RealtimeContext.Provider value={registry}>{children}</RealtimeContext.Provider>;
}

/** Runs `handler` for each event of this name while the component is mounted. */
export function useRealtimeEvent<N extends EventName>(name: N, handler: Handler<N>) {
  const registry = useContext(RealtimeContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!registry) return;
    const wrapped: Handler<EventName> = (data) => latest.current(data as EventPayloads[N]);
    let set = registry.get(name);
    if (!set) {
      set = new Set();
      registry.set(name, set);
    }
    set.add(wrapped);
    return () => {
      set.delete(wrapped);
    };
  }, [registry, name]);
}

/**
 * What a server event changes in the cache: a query key read again (and every key under it, but those
 * `except` names), or a feature's own change (a task put in place).
 */
export type LiveUpdate<N extends EventName> =
  | { refresh: QueryKey; except?: (key: QueryKey) => boolean }
  | ((queryClient: QueryClient, data: EventPayloads[N]) => void);

/** Each event's updates (decision 048): the app keeps one such table, src/web/app/live-updates.ts. */
export type LiveUpdateTable = { [N in EventName]?: readonly LiveUpdate<N>[] };

/** Carries out `table` for every event while the component is mounted (once, in the signed-in layout). */
export function useLiveUpdates(table: LiveUpdateTable) {
  const registry = useContext(RealtimeContext);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!registry) return;
    const added: [Set<Handler<EventName>>, Handler<EventName>][] = [];
    for (const [name, updates] of Object.entries(table) as [EventName, readonly LiveUpdate<EventName>[]][]) {
      const handler: Handler<EventName> = (data) => {
        for (const update of updates) {
          if (typeof update === 'function') update(queryClient, data);
          else {
            const { refresh, except } = update;
            void queryClient.invalidateQueries({
              queryKey: refresh,
              ...(except ? { predicate: (q) => !except(q.queryKey) } : {}),
            });
          }
        }
      };
      let set = registry.get(name);
      if (!set) {
        set = new Set();
        registry.set(name, set);
      }
      set.add(handler);
      added.push([set, handler]);
    }
    return () => {
      for (const [set, handler] of added) set.delete(handler);
    };
  }, [registry, queryClient, table]);
}
