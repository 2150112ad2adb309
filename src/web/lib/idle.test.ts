import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenQuiet } from './idle';

/** The browser's idle callbacks, granted by hand: each with the idle time it had left, or as timed out. */
function idleCallbacks() {
  const pending = new Map<number, { fn: IdleRequestCallback; timeout?: number }>();
  let next = 1;
  vi.stubGlobal('requestIdleCallback', (fn: IdleRequestCallback, options?: IdleRequestOptions) => {
    pending.set(next, { fn, timeout: options?.timeout });
    return next++;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => pending.delete(id));
  const grant = (remaining: number, didTimeout = false) => {
    const [id, entry] = [...pending.entries()][0] ?? [];
    if (id === undefined || !entry) throw new Error('no idle callback is waiting');
    pending.delete(id);
    entry.fn({ didTimeout, timeRemaining: () => remaining });
  };
  return { pending, grant };
}

describe('work that waits until the page is quiet', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('lets short idle moments pass (the page still coming to life) and runs in the first whole one', () => {
    const { pending, grant } = idleCallbacks();
    const work = vi.fn();
    whenQuiet(work);
    for (const remaining of [4, 12, 30]) {
      grant(remaining);
      expect(work).not.toHaveBeenCalled();
      expect(pending.size).toBe(1);
    }
    grant(49.9);
    expect(work).toHaveBeenCalledTimes(1);
    expect(pending.size).toBe(0);
  });

  it('runs at the latest after its time limit, however busy the page stays', () => {
    vi.useFakeTimers();
    const { pending, grant } = idleCallbacks();
    const work = vi.fn();
    whenQuiet(work, 5_000);
    expect([...pending.values()][0]?.timeout).toBe(5_000);
    vi.advanceTimersByTime(3_000);
    grant(5);
    // Asked again with what is left of the limit.
    expect([...pending.values()][0]?.timeout).toBeLessThanOrEqual(2_000);
    grant(0, true);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('can be called off before it runs', () => {
    const { pending, grant } = idleCallbacks();
    const work = vi.fn();
    const cancel = whenQuiet(work);
    grant(3);
    cancel();
    expect(pending.size).toBe(0);
    expect(work).not.toHaveBeenCalled();
  });
});
