import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { RealtimeEvent } from '@/shared/events';
import type { Logger } from '../logger';

/**
 * What travels between server instances: an event for some users; an order to forget cached sessions
 * (their session or user changed); or an order to forget them and close their streams (they ended).
 */
export type BusMessage =
  | { kind: 'event'; userIds: string[]; event: RealtimeEvent }
  | { kind: 'forget' | 'close'; sessionIds?: string[]; userIds?: string[] };

export interface EventBus {
  publish(messages: BusMessage[]): Promise<void>;
  subscribe(listener: (message: BusMessage) => void): () => void;
  /**
   * Called when messages may have been missed (the LISTEN connection was lost and is back): the hub then
   * closes every stream so that each browser reconnects and refetches.
   */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

export const CHANNEL = 'pact_events';

/** One process, one database (PGlite): an in-memory emitter. */
export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(messages) {
      for (const message of messages) emitter.emit('message', message);
    },
    subscribe(listener) {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    // One process: nothing can be missed.
    onResync: () => () => {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Several instances on one PostgreSQL server: NOTIFY on a dedicated connection (never inside a write
 * transaction, whose commit PostgreSQL would then serialise), LISTEN on the same connection. Every
 * instance, this one included, receives each message through LISTEN, so there is one delivery path.
 */
export async function createPostgresBus(url: string, log: Logger): Promise<EventBus> {
  // Imported here: a server on PGlite never loads the pg driver.
  const { Client } = (await import('pg')).default;
  const listeners = new Set<(message: BusMessage) => void>();
  const resyncListeners = new Set<() => void>();
  let client: pg.Client | null = null;
  let closed = false;
  let connecting: Promise<pg.Client> | null = null;
  /** Set when the LISTEN connection died: messages may have been missed until it is back. */
  let lost = false;

  const connect = async (): Promise<pg.Client> => {
    const next = new Client({ connectionString: url });
    next.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      let message: BusMessage;
      try {
        message = JSON.parse(msg.payload) as BusMessage;
      } catch {
        log.warn('realtime: ignored a malformed bus payload');
        return;
      }
      for (const listener of listeners) listener(message);
    });
    const reconnect = () => {
      if (closed || client !== next) return;
      client = null;
      lost = true;
      log.warn('realtime: bus connection lost, reconnecting');
      retry(0);
    };
    next.on('error', reconnect);
    next.on('end', reconnect);
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
    if (lost) {
      lost = false;
      log.info('realtime: bus connection restored');
      for (const listener of resyncListeners) listener();
    }
    return next;
  };

  /** Reconnects with capped backoff until it works (the database may be down for a while). */
  const retry = (attempt: number) => {
    const delay = Math.min(500 * 2 ** attempt, 10_000);
    setTimeout(() => {
      if (closed) return;
      ensure().catch((error) => {
        log.warn({ code: (error as { code?: string }).code }, 'realtime: reconnect failed, retrying');
        retry(attempt + 1);
      });
    }, delay).unref();
  };

  const ensure = async () => {
    if (client) return client;
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  await ensure();

  // One query at a time on this connection: concurrent publishes would otherwise call query() while
  // another is running, which pg only queues with a deprecation warning (pg@9 drops it). The chain
  // keeps the same order, and a failed publish does not stop the ones behind it.
  let queue: Promise<void> = Promise.resolve();

  return {
    publish(messages) {
      if (messages.length === 0) return Promise.resolve();
      const run = queue.then(async () => {
        const conn = await ensure();
        // One round trip for the whole batch, in order.
        await conn.query(
          'select pg_notify($1, m) from unnest($2::text[]) with ordinality as t(m, i) order by i',
          [CHANNEL, messages.map((message) => JSON.stringify(message))],
        );
      });
      queue = run.catch(() => {});
      return run;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      resyncListeners.clear();
      await client?.end().catch(() => {});
    },
  };
}
