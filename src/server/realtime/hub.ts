import type { RealtimeEvent } from '@/shared/events';
import type { BusMessage, EventBus } from './bus';

export interface StreamConnection {
  userId: string;
  sessionId: string;
  send(event: RealtimeEvent): void;
  close(): void;
}

/** The SSE connections of this instance, by user ("rooms user:<id>"), fed by the bus. */
export class SseHub {
  private readonly rooms = new Map<string, Set<StreamConnection>>();
  private readonly unsubscribe: () => void;
  private readonly stopResync: () => void;

  constructor(bus: EventBus) {
    this.unsubscribe = bus.subscribe((message) => this.deliver(message));
    this.stopResync = bus.onResync(() => this.closeStreams());
  }

  get connectionCount() {
    let n = 0;
    for (const room of this.rooms.values()) n += room.size;
    return n;
  }

  add(connection: StreamConnection) {
    let room = this.rooms.get(connection.userId);
    if (!room) {
      room = new Set();
      this.rooms.set(connection.userId, room);
    }
    room.add(connection);
    return () => this.remove(connection);
  }

  private remove(connection: StreamConnection) {
    const room = this.rooms.get(connection.userId);
    if (!room) return;
    room.delete(connection);
    if (room.size === 0) this.rooms.delete(connection.userId);
  }

  private deliver(message: BusMessage) {
    if (message.kind === 'event') {
      for (const userId of message.userIds) {
        for (const connection of this.rooms.get(userId) ?? []) connection.send(message.event);
      }
      return;
    }
    if (message.kind !== 'close') return;
    const sessions = new Set(message.sessionIds ?? []);
    const users = new Set(message.userIds ?? []);
    for (const room of this.rooms.values()) {
      for (const connection of [...room]) {
        if (sessions.has(connection.sessionId) || users.has(connection.userId)) connection.close();
      }
    }
  }

  /** Ends every stream; each browser reconnects and refetches what it shows. */
  closeStreams() {
    for (const room of this.rooms.values()) for (const connection of [...room]) connection.close();
  }

  closeAll() {
    this.closeStreams();
    this.unsubscribe();
    this.stopResync();
  }
}
