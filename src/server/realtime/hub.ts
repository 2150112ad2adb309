import type { RealtimeEvent } from '@/shared/events';
import type { BusMessage, EventBus } from './bus';

export interface StreamConnection {
  userId: string;
  sessionId: string;
  send(event: RealtimeEvent): void;
  close(): void;
}

/** How long the hub remembers when a user was last sent an event (longer than any page takes to connect). */
const REMEMBER_MS = 10 * 60_000;
/** Users remembered before the hub forgets the ones it no longer needs to. */
const REMEMBERED_MAX = 50_000;

/** The SSE connections of this instance, by user ("rooms user:<id>"), fed by the bus. */
export class SseHub {
  private readonly rooms = new Map<string, Set<StreamConnection>>();
  private readonly unsubscribe: () => void;
  private readonly stopResync: () => void;
  /** When each user was last sent an event through the bus, connected here or not. */
  private readonly lastEventAt = new Map<string, number>();
  /** Since when this hub has seen every event (its start, or the bus's last resync). */
  private completeSince: number;

  constructor(
    bus: EventBus,
    private readonly now: () => number = Date.now,
  ) {
    this.completeSince = now();
    this.unsubscribe = bus.subscribe((message) => this.deliver(message));
    this.stopResync = bus.onResync(() => {
      this.completeSince = this.now();
      this.closeStreams();
    });
  }

  /**
   * The moment from which the hub knows that no event has been sent to `userId` (decision 035): data read
   * for the user at or after it has missed nothing that a stream would have carried. A page rendered before
   * it is refetched when its stream opens.
   */
  quietSince(userId: string): number {
    const last = this.lastEventAt.get(userId);
    return last === undefined ? this.completeSince : Math.max(this.completeSince, last + 1);
  }

  private remember(userIds: readonly string[]) {
    const at = this.now();
    if (this.lastEventAt.size >= REMEMBERED_MAX) {
      // Forgotten users were quiet since then at least: what the hub knows starts there now.
      this.completeSince = Math.max(this.completeSince, at - REMEMBER_MS);
      for (const [userId, last] of this.lastEventAt) {
        if (at - last > REMEMBER_MS) this.lastEventAt.delete(userId);
      }
      if (this.lastEventAt.size >= REMEMBERED_MAX) {
        this.lastEventAt.clear();
        this.completeSince = at;
      }
    }
    for (const userId of userIds) this.lastEventAt.set(userId, at);
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
      this.remember(message.userIds);
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
