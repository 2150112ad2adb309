import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { forgetDeviceSecret, localLock, proofForNewPin, proofForPin } from './app-lock';
import { createQueryClient } from './query-client';

/** A browser's localStorage, enough for the device's secret. */
beforeAll(() => {
  const items = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: () => null,
    get length() {
      return items.size;
    },
  };
});
afterAll(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe('the PIN never leaves the device: a proof made with its secret does (decision 078)', () => {
  it('is HMAC-SHA256 of the PIN under the kept secret, the same for the same PIN, another for another', async () => {
    const made = await proofForNewPin('246810');
    // Not kept until the server has the proof.
    expect(await proofForPin('246810')).toBeNull();
    made.keep();
    const secret = Buffer.from(localStorage.getItem('pact-lock-secret') ?? '', 'hex');
    expect(secret).toHaveLength(32);
    expect(made.proof).toBe(createHmac('sha256', secret).update('246810').digest('hex'));
    expect(await proofForPin('246810')).toBe(made.proof);
    expect(await proofForPin('246811')).not.toBe(made.proof);
    expect(made.proof).not.toContain('246810');
  });

  it('a new PIN gets a new secret, and a forgotten secret makes no proof', async () => {
    const first = await proofForNewPin('111111');
    first.keep();
    const second = await proofForNewPin('111111');
    second.keep();
    expect(second.proof).not.toBe(first.proof);
    forgetDeviceSecret();
    expect(await proofForPin('111111')).toBeNull();
  });
});

describe('a refusal with 423 locks the tab (the session was locked in another tab)', () => {
  it('locks on APP_LOCKED only', async () => {
    const queryClient = createQueryClient();
    localLock.set(false);
    const refuse = (error: ApiError) =>
      queryClient
        .fetchQuery({ queryKey: ['x', error.code], queryFn: () => Promise.reject(error), retry: false })
        .catch(() => {});
    await refuse(new ApiError(404, 'NOT_FOUND', 'Not found'));
    expect(localLock.get()).toBe(false);
    await refuse(new ApiError(423, 'APP_LOCKED', 'This device is locked. Unlock it with your PIN.'));
    expect(localLock.get()).toBe(true);
    localLock.set(false);
  });
});
