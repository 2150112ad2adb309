import type { PushMessage } from '@/shared/schemas/push';
import type { Logger } from '../logger';
import type { PushOptions, PushSender, PushTarget } from './sender';

/** One push to one device: the device by its row id (read again when it is sent), what it says, how. */
export interface PushJob {
  tokenId: string;
  message: PushMessage;
  options: PushOptions;
}

/** How a push ended: sent; the device gone or forgotten; refused (4xx); failed after the quick retries; or cut by shutdown. */
export type PushOutcome = 'sent' | 'gone' | 'refused' | 'failed' | 'closed';

export interface PushQueue {
  /** Takes a push and returns at once; it is sent after the answer, with retries. */
  enqueue(job: PushJob): void;
  /** Sends a push with the quick retries and resolves with how it ended (the outbox's handler). */
  deliver(job: PushJob): Promise<PushOutcome>;
  /** Runs background work that decides what to push (reads, then `enqueue`), off the request path. */
  run(work: () => Promise<unknown>): void;
  /** Resolves when nothing is running, waiting, in flight or due for a retry (or after `timeoutMs`). */
  drain(timeoutMs?: number): Promise<void>;
  /** Cancels what is in flight and every retry; later jobs are dropped. */
  close(): void;
  readonly size: number;
}

export interface PushQueueOptions {
  sender: PushSender;
  /** The device as it is now; null when it has gone (unsubscribed, account deleted) since the push was queued. */
  load(tokenId: string): Promise<PushTarget | null>;
  /** The push service says the subscription is gone (404, 410): forget the device. */
  gone(tokenId: string, endpoint: string): Promise<void>;
  log: Logger;
  /** Pauses before each retry; after the last the push is given up. */
  retryDelaysMs?: readonly number[];
  /** A push service that has not answered within this is given up on for this attempt. */
  timeoutMs?: number;
  /** Pushes in flight at once. */
  concurrency?: number;
}

export const PUSH_RETRY_DELAYS_MS = [2_000, 15_000, 60_000] as const;
export const PUSH_TIMEOUT_MS = 10_000;
const MAX_QUEUED = 5_000;

/** Worth another try: the push service was unreachable, too slow, busy or failing. */
const retriable = (status: number | null) => status === null || status === 429 || status >= 500;

/**
 * Pushes leave the request path: the change that caused a notification answers first, and the push goes
 * out from here, a few at a time, each attempt cut off after `timeoutMs` and retried a bounded number of
 * times. 404 and 410 forget the device; failures are logged with ids and codes, never shown. The outbox
 * (decision 037) hands each `push` row to `deliver` and keeps the row until it has been sent, so a push
 * in here when the process stops is tried again from its row.
 */
export function createPushQueue(opts: PushQueueOptions): PushQueue {
  const delays = opts.retryDelaysMs ?? PUSH_RETRY_DELAYS_MS;
  const timeoutMs = opts.timeoutMs ?? PUSH_TIMEOUT_MS;
  const concurrency = opts.concurrency ?? 8;
  type Item = { job: PushJob; attempt: number; done: (outcome: PushOutcome) => void };
  const waiting: Item[] = [];
  const timers = new Map<NodeJS.Timeout, () => void>();
  const idle = new Set<() => void>();
  const shutdown = new AbortController();
  let inFlight = 0;
  let running = 0;

  const busy = () => waiting.length + inFlight + running + timers.size;
  const settleIfIdle = () => {
    if (busy() === 0) for (const wake of [...idle]) wake();
  };

  async function attempt(item: Item) {
    const { job, attempt: attemptNo, done } = item;
    const { log } = opts;
    let status: number | null = null;
    let code: string | undefined;
    let target: PushTarget | null = null;
    // A timer of our own, not AbortSignal.timeout inside AbortSignal.any: those are held weakly, and a push
    // service that never answers left nothing else holding them, so the garbage collector could take the
    // timeout before it fired and the attempt hung for good.
    const attemptAbort = new AbortController();
    const onShutdown = () => attemptAbort.abort(shutdown.signal.reason);
    const timeout = setTimeout(
      () => attemptAbort.abort(new DOMException('push service did not answer', 'TimeoutError')),
      timeoutMs,
    );
    shutdown.signal.addEventListener('abort', onShutdown, { once: true });
    try {
      target = await opts.load(job.tokenId);
      if (!target) return done('gone');
      status = await opts.sender.send(target, job.message, job.options, attemptAbort.signal);
    } catch (error) {
      const e = error as { name?: string; code?: string; cause?: { code?: string } };
      code = e.cause?.code ?? e.code ?? e.name;
    } finally {
      clearTimeout(timeout);
      shutdown.signal.removeEventListener('abort', onShutdown);
    }
    if (shutdown.signal.aborted) return done('closed');
    if (status !== null && status >= 200 && status < 300) return done('sent');
    if (target && (status === 404 || status === 410)) {
      log.info({ tokenId: job.tokenId, status }, 'push: subscription gone, device forgotten');
      await opts.gone(job.tokenId, target.endpoint).catch((error) => {
        log.warn({ err: error, tokenId: job.tokenId }, 'push: gone device not forgotten');
      });
      return done('gone');
    }
    const delay = delays[attemptNo];
    if (!retriable(status) || delay === undefined) {
      log.warn({ tokenId: job.tokenId, status, code, attempts: attemptNo + 1 }, 'push: given up');
      return done(retriable(status) ? 'failed' : 'refused');
    }
    log.info({ tokenId: job.tokenId, status, code, attempt: attemptNo + 1 }, 'push: failed, retrying');
    const timer = setTimeout(() => {
      timers.delete(timer);
      push({ ...item, attempt: attemptNo + 1 });
    }, delay);
    timer.unref();
    timers.set(timer, () => done('closed'));
  }

  function pump() {
    while (inFlight < concurrency && waiting.length > 0 && !shutdown.signal.aborted) {
      const next = waiting.shift()!;
      inFlight++;
      void attempt(next).finally(() => {
        inFlight--;
        pump();
        settleIfIdle();
      });
    }
  }

  function push(item: Item) {
    if (shutdown.signal.aborted) {
      item.done('closed');
      return settleIfIdle();
    }
    if (waiting.length >= MAX_QUEUED) {
      opts.log.error({ tokenId: item.job.tokenId }, 'push: queue full, push dropped');
      item.done('failed');
      return settleIfIdle();
    }
    waiting.push(item);
    pump();
  }

  return {
    enqueue(job) {
      push({ job, attempt: 0, done: () => {} });
    },
    deliver(job) {
      return new Promise((resolve) => push({ job, attempt: 0, done: resolve }));
    },
    run(work) {
      if (shutdown.signal.aborted) return;
      running++;
      void work()
        .catch((error) => opts.log.error({ err: error }, 'push: delivery failed'))
        .finally(() => {
          running--;
          settleIfIdle();
        });
    },
    drain(timeoutMs = 10_000) {
      if (busy() === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          idle.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        idle.add(done);
      });
    },
    close() {
      shutdown.abort();
      for (const [timer, cancel] of timers) {
        clearTimeout(timer);
        cancel();
      }
      timers.clear();
      for (const item of waiting.splice(0)) item.done('closed');
      settleIfIdle();
    },
    get size() {
      return busy();
    },
  };
}
