import type { Logger } from '../logger';

/**
 * How failed work is tried again: the pause after the n-th failed attempt is `retryMs × 2^(n−1)`, capped
 * at `maxRetryMs`; after `maxAttempts` attempts it is given up.
 */
export interface Backoff {
  retryMs: number;
  maxRetryMs: number;
  maxAttempts: number;
}

/** The pause before the next attempt after `attempts` failed ones: doubling from `retryMs`, capped. */
export function retryDelayMs(attempts: number, backoff: Pick<Backoff, 'retryMs' | 'maxRetryMs'>) {
  return Math.min(backoff.retryMs * 2 ** Math.max(0, attempts - 1), backoff.maxRetryMs);
}

/** After `attempts` failed attempts: the pause before the next one, or null when the work is given up. */
export function nextRetryMs(attempts: number, backoff: Backoff): number | null {
  return attempts >= backoff.maxAttempts ? null : retryDelayMs(attempts, backoff);
}

export interface Runner {
  /** Runs a pass now, or one more after the pass under way. */
  wake(): void;
  /** Wakes after `ms` (work due sooner than the next poll). */
  wakeIn(ms: number): void;
  /** Runs a pass now (or joins the one under way, plus one more) and answers how much it handled. */
  runDue(): Promise<number>;
  /** Resolves when a pass found nothing to do or failed, and none is under way (or after `timeoutMs`). */
  drain(timeoutMs?: number): Promise<void>;
  /** Wakes every `pollMs`, and once now. */
  start(): void;
  /** Stops waking, and waits for the pass under way (at most `timeoutMs`). */
  close(timeoutMs?: number): Promise<void>;
}

/**
 * The one loop under the outbox's mail and push (decision 051): `round` claims what is due, handles it and
 * answers how many it handled. A pass runs rounds until one finds nothing; passes never overlap (a wake
 * during a pass asks for one more after it, so work written meanwhile is not missed). A round that throws
 * (the database went away) ends its pass: it is logged, never thrown at a caller, and the next wake or poll
 * tries again. What is due, and when failed work is due again, is the round's business (the outbox's rows
 * and their `run_after`), so a crash of the process loses nothing that a round had not finished.
 */
export function createRunner(opts: {
  /** The log lines' prefix. */
  name: string;
  round: () => Promise<number>;
  pollMs: number;
  log: Logger;
}): Runner {
  const { name, log } = opts;
  let current: Promise<number> | null = null;
  let again = false;
  let closed = false;
  /** The last pass ended on an error: a drain stops there rather than spin. */
  let failed = false;
  let poller: NodeJS.Timeout | null = null;
  const timers = new Set<NodeJS.Timeout>();

  async function rounds() {
    let handled = 0;
    while (!closed) {
      const n = await opts.round();
      if (n === 0) break;
      handled += n;
    }
    return handled;
  }

  function pass(): Promise<number> {
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      let handled = 0;
      failed = false;
      try {
        do {
          again = false;
          handled += await rounds();
        } while (again && !closed);
      } catch (error) {
        failed = true;
        log.error({ err: error }, `${name}: pass failed, will try again`);
      }
      return handled;
    })().finally(() => {
      current = null;
    });
    return current;
  }

  const wake = () => {
    if (!closed) void pass();
  };

  const within = <T>(work: Promise<T>, timeoutMs: number) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  };

  return {
    wake,
    wakeIn(ms) {
      if (closed) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        wake();
      }, ms);
      timer.unref();
      timers.add(timer);
    },
    runDue: () => pass(),
    async drain(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!closed && Date.now() < deadline) {
        // A pass that started before the caller's work was written may have missed it: one more.
        const handled = await within(pass(), deadline - Date.now());
        if (handled === 'timeout') return;
        if ((handled === 0 || failed) && !current) return;
      }
    },
    start() {
      if (poller || closed) return;
      poller = setInterval(wake, opts.pollMs);
      poller.unref();
      wake();
    },
    async close(timeoutMs = 5_000) {
      closed = true;
      if (poller) clearInterval(poller);
      poller = null;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      if (current) await within(current, timeoutMs);
    },
  };
}
