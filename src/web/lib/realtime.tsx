import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import { EVENT_NAMES, type EventName, type EventPayloads } from '@/shared/events';

type Handler<N extends EventName> = (data: EventPayloads[N]) => void;
type Registry = Map<EventName, Set<Handler<EventName>>>;

const RealtimeContext = createContext<Registry | null>(null);

/**
 * Owns the one EventSource of a signed-in user. The browser reconnects by itself; when it does, every
 * query is refetched, since events may have been missed while the stream was down.
 */
/** Keyed by user in the layout, so that a different user gets a fresh stream. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const registry = useRef<Registry>(new Map()).current;

  useEffect(() => {
    const source = new EventSource('/api/events');
    let dropped = false;
    source.addEventListener('ready', () => {
      if (dropped) void queryClient.invalidateQueries();
      dropped = false;
    });
    source.addEventListener('error', () => {
      dropped = true;
    });
    for (const name of EVENT_NAMES) {
      source.addEventListener(name, (message) => {
        let data: unknown;
        try {
          data = JSON.parse((message as MessageEvent<string>).data);
        } catch {
          return;
        }
        for (const handler of registry.get(name) ?? []) handler(data as never);
      });
    }
    return () => source.close();
  }, [queryClient, registry]);

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
