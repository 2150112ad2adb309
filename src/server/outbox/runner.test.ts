import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createRunner, nextRetryMs, retryDelayMs } from './runner';
import { OUTBOX_DEFAULTS } from './worker';

const log = createLogger('silent');
const MIN = 60_000;

/** Work items handled in rounds of at most `batch`, as the outbox claims rows. */
function workload(batch = 2) {
  const queue: string[] = [];
  const done: string[] = [];
  let failNext: Error | null = null;
  let rounds = 0;
  const round = async () => {
    rounds++;
    if (failNext) {
      const error = failNext;
      failNext = null;
      throw error;
    }
    const taken = queue.splice(0, batch);
    await Promise.resolve();
    done.push(...taken);
    return taken.length;
  };
  return {
    queue,
    done,
    round,
    failOnce(error: Error) {
      failNext = error;
    },
    get rounds() {
      return rounds;
    },
  };
}

describe('backoff', () => {
  it('doubles from the first pause up to the cap, and gives up after the last attempt', () => {
    const mail = {
      retryMs: OUTBOX_DEFAULTS.retryMs,
      maxRetryMs: OUTBOX_DEFAULTS.maxRetryMs,
      maxAttempts: 14,
    };
    const pauses = Array.from({ length: 14 }, (_, i) => nextRetryMs(i + 1, mail));
    expect(pauses).toEqual([
      30_000,
      MIN,
      2 * MIN,
      4 * MIN,
      8 * MIN,
      16 * MIN,
      32 * MIN,
      64 * MIN,
      128 * MIN,
      256 * MIN,
      360 * MIN,
      360 * MIN,
      360 * MIN,
      null,
    ]);
    // The last attempt comes about a day after the first.
    const total = pauses.reduce<number>((sum, p) => sum + (p ?? 0), 0);
    expect(total / (60 * MIN)).toBeGreaterThan(24);
    expect(total / (60 * MIN)).toBeLessThan(30);
    expect(retryDelayMs(0, mail)).toBe(30_000);
  });
});

describe('runner', () => {
  it('drain resolves once everything due, and everything added while it ran, is handled', async () => {
    const work = workload(2);
    const runner = createRunner({ name: 'test', round: work.round, pollMs: 60_000, log });
    work.queue.push('a', 'b', 'c', 'd', 'e');
    const drained = runner.drain(5_000);
    // Added during the pass: the pass under way, or one more, takes it.
    work.queue.push('f');
    runner.wake();
    await drained;
    expect(work.done.sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(work.queue).toEqual([]);
    await runner.close();
  });

  it('never runs two passes at once: wakes during a pass ask for one more after it', async () => {
    let inRound = 0;
    let most = 0;
    let left = 6;
    const runner = createRunner({
      name: 'test',
      pollMs: 60_000,
      log,
      round: async () => {
        inRound++;
        most = Math.max(most, inRound);
        await new Promise((resolve) => setImmediate(resolve));
        inRound--;
        return left-- > 0 ? 1 : 0;
      },
    });
    for (let i = 0; i < 5; i++) runner.wake();
    await runner.drain(5_000);
    expect(most).toBe(1);
    await runner.close();
  });

  it('after a pass that crashed, the next wake runs again and nothing is lost', async () => {
    const work = workload(10);
    const lines: string[] = [];
    const runner = createRunner({
      name: 'test',
      round: work.round,
      pollMs: 60_000,
      log: createLogger('error', { write: (line: string) => lines.push(line) }),
    });
    work.queue.push('a', 'b');
    work.failOnce(new Error('connection lost'));
    // The failed pass is logged, never thrown at the caller.
    expect(await runner.runDue()).toBe(0);
    expect(work.done).toEqual([]);
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['test: pass failed, will try again']);
    // The next pass finds the work where it was.
    await runner.drain(5_000);
    expect(work.done).toEqual(['a', 'b']);
    await runner.close();
  });

  it('a drain stops at a failed pass rather than spin while the database is away', async () => {
    let rounds = 0;
    const round = async () => {
      rounds++;
      throw new Error('connection refused');
    };
    const runner = createRunner({ name: 'test', round, pollMs: 60_000, log });
    await runner.drain(5_000);
    expect(rounds).toBe(1);
    await runner.close();
  });

  it('a drain ends at its time limit when a round never finishes', async () => {
    const runner = createRunner({ name: 'test', round: () => new Promise(() => {}), pollMs: 60_000, log });
    const started = performance.now();
    await runner.drain(50);
    expect(performance.now() - started).toBeLessThan(5_000);
    await runner.close(50);
  });

  it('wakes itself for work due before the next poll, and stops waking once closed', async () => {
    const work = workload(10);
    let handled: () => void = () => {};
    const soonHandled = new Promise<void>((resolve) => {
      handled = resolve;
    });
    const round = async () => {
      const n = await work.round();
      if (work.done.includes('soon')) handled();
      return n;
    };
    const runner = createRunner({ name: 'test', round, pollMs: 60 * MIN, log });
    work.queue.push('soon');
    runner.wakeIn(1);
    await soonHandled;
    await runner.close();
    const rounds = work.rounds;
    work.queue.push('late');
    runner.wake();
    runner.wakeIn(1);
    runner.start();
    await runner.drain(100);
    expect(work.rounds).toBe(rounds);
    expect(work.done).toEqual(['soon']);
  });
});
