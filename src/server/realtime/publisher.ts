import type { EventName, EventPayloads, RealtimeEvent } from '@/shared/events';
import type { Db, Tx } from '../db/client';
import type { Logger } from '../logger';
import type { BusMessage, EventBus } from './bus';

/** Queues an event for some users; it leaves only if the transaction commits. */
export type Emit = <N extends EventName>(userIds: string[], name: N, data: EventPayloads[N]) => void;

export interface Publisher {
  /** Runs `work` in a transaction and publishes what it emitted once the transaction has committed. */
  transaction<T>(work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T>;
  publish(messages: BusMessage[]): Promise<void>;
  /**
   * Runs `listener` on this instance with the events of each transaction once it has committed (before
   * they are published): work that must happen once per change, not once per instance (Web Push).
   */
  afterCommit(listener: (messages: BusMessage[]) => void): void;
}

export function createPublisher(db: Db, bus: EventBus, log: Logger): Publisher {
  const publish = async (messages: BusMessage[]) => {
    try {
      await bus.publish(messages);
    } catch (error) {
      // The change is committed; a lost event is repaired by the client's refetch on reconnect.
      log.error({ err: error }, 'realtime: publish failed');
    }
  };
  const committed = new Set<(messages: BusMessage[]) => void>();
  return {
    async transaction(work) {
      const queued: BusMessage[] = [];
      const emit: Emit = (userIds, name, data) => {
        queued.push({ kind: 'event', userIds, event: { name, data } as RealtimeEvent });
      };
      const result = await db.transaction((tx) => work(tx, emit));
      for (const listener of committed) {
        try {
          listener(queued);
        } catch (error) {
          log.error({ err: error }, 'realtime: an after-commit listener failed');
        }
      }
      await publish(queued);
      return result;
    },
    publish,
    afterCommit(listener) {
      committed.add(listener);
    },
  };
}
