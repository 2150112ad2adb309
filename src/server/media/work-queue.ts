import { unavailable } from '../http/errors';

/**
 * A bounded queue for CPU-heavy work (decoding and re-encoding photos): at most `concurrency` jobs run at
 * once and at most `maxWaiting` wait; beyond that the caller is told to try again (503). Image work then
 * holds at most `concurrency` of the thread pool that password hashing also needs, so that a flood of
 * uploads cannot delay sign-in.
 */
export function createWorkQueue(opts: { concurrency: number; maxWaiting: number; busyMessage: string }) {
  let running = 0;
  const waiting: (() => void)[] = [];

  const next = () => {
    running--;
    waiting.shift()?.();
  };

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= opts.concurrency) {
        if (waiting.length >= opts.maxWaiting) throw unavailable(opts.busyMessage);
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      running++;
      try {
        return await job();
      } finally {
        next();
      }
    },
    get pending() {
      return running + waiting.length;
    },
  };
}
