import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './realtime';

describe('stream reconnection backoff', () => {
  it('grows from about a second to at most half a minute, jittered within the upper half', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1_000);
    expect(reconnectDelay(3, () => 0.5)).toBe(6_000);
    for (const attempt of [10, 20, 50]) {
      expect(reconnectDelay(attempt, () => 1)).toBe(30_000);
      expect(reconnectDelay(attempt, () => 0)).toBe(15_000);
    }
  });
});
