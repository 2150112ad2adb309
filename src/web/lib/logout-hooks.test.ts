import { afterEach, describe, expect, it, vi } from 'vitest';
import { beforeLogout, runBeforeLogout } from './logout-hooks';

describe('work before a logout', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('waits for every hook, and a removed hook no longer runs', async () => {
    const done: string[] = [];
    const removeA = beforeLogout(async () => {
      await Promise.resolve();
      done.push('a');
    });
    const removeB = beforeLogout(async () => {
      done.push('b');
    });
    await runBeforeLogout();
    expect(done.sort()).toEqual(['a', 'b']);
    removeA();
    await runBeforeLogout();
    expect(done.sort()).toEqual(['a', 'b', 'b']);
    removeB();
  });

  it('never fails because of a hook, and never waits for a slow one beyond its limit', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const removeFailing = beforeLogout(() => Promise.reject(new Error('offline')));
    const removeHanging = beforeLogout(() => new Promise<void>(() => {}));
    const running = runBeforeLogout();
    await vi.advanceTimersByTimeAsync(3000);
    await expect(running).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('before-logout hook failed', expect.any(Error));
    removeFailing();
    removeHanging();
  });
});
