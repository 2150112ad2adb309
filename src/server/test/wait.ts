import { vi } from 'vitest';

/** Resolves when `condition` holds, checking every 20 ms; fails after `ms`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 5_000) {
  await vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error(`Timed out waiting for ${what}`);
    },
    { timeout: ms, interval: 20 },
  );
}

/** `promise`, or a failure with `message` if it has not settled within `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits `ms` for nothing: only to give what must NOT happen (an event to a stranger, one published
 * before its commit) the time it would take to show. Wait for a condition in every other case.
 */
export const quietPeriod = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The median of a few timings: one slow run on a busy machine must not decide a comparison. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
