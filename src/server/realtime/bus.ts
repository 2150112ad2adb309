import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { RealtimeEvent } from '@/shared/events';
import type { Logger } from '../logger';

/** What travels between server instances: an event for some users, or an order to close streams. */
export type BusMessage =
  | { kind: 'event'; userIds: string[]; event: RealtimeEvent }
  | { kind: 'close'; sessionIds?: string[]; userIds?: string[] };

export interface EventBus {
  publish(messages: BusMessage[]): Promise<void>;
  subscribe(listener: (message: BusMessage) => void): () => void;
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
  const listeners = new Set<(message: BusMessage) => void>();
  let client: pg.Client | null = null;
  let closed = false;
  let connecting: Promise<pg.Client> | null = null;

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString: url });
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
      log.warn('realtime: bus connection lost, reconnecting');
      setTimeout(
        () => void ensure().catch((error) => log.error({ err: error }, 'realtime: reconnect failed')),
        500,
      );
    };
    next.on('error', reconnect);
    next.on('end', reconnect);
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
    return next;
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
    async close() {
      closed = true;
      listeners.clear();
      await client?.end().catch(() => {});
    },
  };
}
