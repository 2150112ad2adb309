import { describe, expect, it } from 'vitest';
import type { EventBus } from './bus';
import { SseHub } from './hub';

/** A bus driven by hand, and a clock. */
function harness() {
  let listener: Parameters<EventBus['subscribe']>[0] = () => {};
  let resync = () => {};
  const bus = {
    subscribe: (l: typeof listener) => {
      listener = l;
      return () => {};
    },
    onResync: (l: () => void) => {
      resync = l;
      return () => {};
    },
  } as unknown as EventBus;
  let time = 1_000;
  const hub = new SseHub(bus, () => time);
  const event = (userIds: string[]) =>
    listener({ kind: 'event', userIds, event: { name: 'partner.connected', data: { partnerId: 'p' } } });
  return {
    hub,
    event,
    resync: () => resync(),
    at: (t: number) => {
      time = t;
    },
  };
}

describe('the hub’s record of quiet users', () => {
  it('knows a user quiet since its start, then since just after the last event sent to them', () => {
    const { hub, event, at } = harness();
    expect(hub.quietSince('a')).toBe(1_000);
    at(5_000);
    event(['a']);
    expect(hub.quietSince('a')).toBe(5_001);
    expect(hub.quietSince('b')).toBe(1_000);
  });

  it('after the bus may have missed messages, knows nothing from before', () => {
    const { hub, event, at, resync } = harness();
    at(5_000);
    event(['a']);
    at(9_000);
    resync();
    expect(hub.quietSince('a')).toBe(9_000);
    expect(hub.quietSince('b')).toBe(9_000);
  });

  it('forgets users it no longer needs to, never claiming a quiet it cannot vouch for', () => {
    const { hub, event, at } = harness();
    at(2_000);
    event(['old']);
    at(2_000 + 11 * 60_000);
    for (let i = 0; i < 50_000; i++) event([`u${i}`]);
    // The old user's event was forgotten, but what the hub now vouches for starts after it.
    expect(hub.quietSince('old')).toBeGreaterThan(2_000);
    expect(hub.quietSince('u1')).toBe(2_000 + 11 * 60_000 + 1);
  });
});
