import { describe, expect, it } from 'vitest';
import { CLOCK_ALLOWANCE_MS, reconnectDelay, staleAtFirstReady } from './realtime';

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

describe('what the first ready event refetches', () => {
  const renderedAt = 1_000_000;
  const readyAt = 1_003_000;
  it('keeps the rendered page’s data when nothing was sent to the user since its reads began', () => {
    expect(staleAtFirstReady(renderedAt, readyAt, renderedAt, renderedAt - CLOCK_ALLOWANCE_MS)).toBe(false);
  });

  it('reads it again when an event may have come since, or the stream cannot say', () => {
    expect(staleAtFirstReady(renderedAt, readyAt, renderedAt, renderedAt - 1_000)).toBe(true);
    expect(staleAtFirstReady(renderedAt, readyAt, renderedAt, renderedAt + 1)).toBe(true);
    expect(staleAtFirstReady(renderedAt, readyAt, renderedAt, null)).toBe(true);
  });

  it('reads again anything else read before the stream was ready, and nothing read after', () => {
    expect(staleAtFirstReady(renderedAt + 500, readyAt, renderedAt, 0)).toBe(true);
    expect(staleAtFirstReady(readyAt - 1, readyAt, null, 0)).toBe(true);
    expect(staleAtFirstReady(readyAt, readyAt, renderedAt, 0)).toBe(false);
    expect(staleAtFirstReady(0, readyAt, renderedAt, 0)).toBe(false);
  });
});
