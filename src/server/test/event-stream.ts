import { expect } from 'vitest';
import type { TestClient } from './client';

export interface SseMessage {
  event: string;
  data: string;
}

export interface EventStream {
  /** Every event received so far, in order (heartbeats included). */
  readonly messages: SseMessage[];
  /** The names of the events received so far, without `ready` and `ping`. */
  names(): string[];
  /**
   * The first event called `name` (and whose parsed data satisfies `where`) not already taken by an
   * earlier call; waits for it.
   */
  next<T = Record<string, unknown>>(
    name: string,
    where?: (data: T) => boolean,
    timeoutMs?: number,
  ): Promise<T>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  /** True once the server has ended the stream (or the client closed it). */
  isEnded(): boolean;
  /** Closes the stream from the client's side. */
  close(): void;
}

/**
 * A client of GET /api/events that reads the stream as a browser's EventSource would: `event:` and
 * `data:` lines, dispatched on a blank line. Resolves once the `ready` event has arrived, that is once
 * the server has registered the connection.
 */
export async function openEventStream(client: TestClient, timeoutMs = 5_000): Promise<EventStream> {
  const controller = new AbortController();
  const response = await client.fetch('/api/events', {
    headers: { accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const messages: SseMessage[] = [];
  const taken = new Set<SseMessage>();
  const waiters = new Set<() => void>();
  let ended = false;
  let markEnded: () => void = () => {};
  const endedPromise = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  const finish = () => {
    ended = true;
    markEnded();
    for (const wake of [...waiters]) wake();
  };

  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let event = 'message';
    let data: string[] = [];
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let newline = buffer.search(/\r?\n/);
        while (newline !== -1) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + (buffer[newline] === '\r' ? 2 : 1));
          newline = buffer.search(/\r?\n/);
          if (line === '') {
            if (data.length > 0 || event !== 'message') {
              messages.push({ event, data: data.join('\n') });
              for (const wake of [...waiters]) wake();
            }
            event = 'message';
            data = [];
            continue;
          }
          const colon = line.indexOf(':');
          const field = colon === -1 ? line : line.slice(0, colon);
          const text = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event = text;
          else if (field === 'data') data.push(text);
        }
      }
    } catch {
      // Aborted by the client, or the server went away: the stream has ended either way.
    } finally {
      finish();
    }
  })();

  const stream: EventStream = {
    messages,
    names: () => messages.map((m) => m.event).filter((n) => n !== 'ready' && n !== 'ping'),
    next<T>(name: string, where: (data: T) => boolean = () => true, wait = 5_000) {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          for (const m of messages) {
            if (taken.has(m) || m.event !== name) continue;
            const parsed = JSON.parse(m.data) as T;
            if (!where(parsed)) continue;
            taken.add(m);
            done();
            resolve(parsed);
            return;
          }
          if (ended) {
            done();
            reject(new Error(`The stream ended without a ${name} event (got: ${stream.names().join(', ')})`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`No ${name} event within ${wait} ms (got: ${stream.names().join(', ')})`));
        }, wait);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    ended: endedPromise,
    isEnded: () => ended,
    close: () => controller.abort(),
  };
  await stream.next('ready', undefined, timeoutMs);
  return stream;
}
