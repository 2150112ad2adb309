import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { TEST_PUSH } from '@/shared/domain/push';
import { createLogger } from '../logger';
import { nextRetryMs } from '../outbox/runner';
import { createPushDelivery, PUSH_BACKOFF, type PushJob, pushHandler } from './delivery';
import type { PushSender, PushTarget } from './sender';

const log = createLogger('silent');

/** The engine's garbage collector, run on demand. */
function collectGarbage() {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
const target: PushTarget = { endpoint: 'https://push.example.com/x', p256dh: 'k', auth: 'a' };
const job = (tokenId = 't1'): PushJob => ({
  tokenId,
  message: TEST_PUSH,
  options: { ttl: 60, urgency: 'normal', topic: 'test' },
});
const row = (tokenId = 't1') => ({
  id: 'r1',
  kind: 'push' as const,
  attempts: 1,
  userId: 'u1',
  payload: job(tokenId),
});

/** A sender that answers from a script: a status, an error, or never (until aborted). */
function scripted(...answers: (number | Error | 'never')[]) {
  const calls: string[] = [];
  const sender: PushSender = {
    send(t, _m, _o, signal) {
      calls.push(t.endpoint);
      const next = answers.shift() ?? 201;
      if (next === 'never') {
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      }
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
  };
  return { sender, calls };
}

/** Delivery to one device that is always there. */
const deliveryTo = (sender: PushSender, timeoutMs?: number) =>
  createPushDelivery({ sender, log, load: async () => target, gone: async () => {}, timeoutMs });

describe('push delivery', () => {
  it('one attempt each: a network failure, a timeout and a 5xx put the row back; a 2xx ends it', async () => {
    const { sender, calls } = scripted(new TypeError('fetch failed'), 'never', 503, 429, 201);
    const delivery = deliveryTo(sender, 20);
    const handle = pushHandler(delivery);
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await handle(row()));
    expect(outcomes).toEqual([
      {
        ok: false,
        code: 'push:failed',
        details: { tokenId: 't1', status: undefined, pushCode: 'TypeError' },
      },
      {
        ok: false,
        code: 'push:failed',
        details: { tokenId: 't1', status: undefined, pushCode: 'TimeoutError' },
      },
      { ok: false, code: 'push:failed', details: { tokenId: 't1', status: 503, pushCode: undefined } },
      { ok: false, code: 'push:failed', details: { tokenId: 't1', status: 429, pushCode: undefined } },
      { ok: true },
    ]);
    expect(calls).toHaveLength(5);
  });

  it('cuts off a push service that never answers even when the garbage collector runs meanwhile', async () => {
    // Nothing but the attempt's own timer may hold the timeout: a weakly held one was collected and the
    // attempt then hung for good (seen in CI under load).
    const { sender } = scripted('never');
    const delivery = deliveryTo(sender, 50);
    const attempt = delivery.deliver(job());
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 5; i++) collectGarbage();
    expect(await attempt).toMatchObject({ outcome: 'failed', code: 'TimeoutError' });
  });

  it('forgets a gone device once, ends a refusal without a retry, and skips a device deleted meanwhile', async () => {
    const forgotten: string[] = [];
    const { sender, calls } = scripted(410, 400);
    const delivery = createPushDelivery({
      sender,
      log,
      load: async (id) => (id === 'deleted' ? null : target),
      gone: async (id) => {
        forgotten.push(id);
      },
    });
    const handle = pushHandler(delivery);
    expect(await handle(row('gone'))).toEqual({ ok: true });
    expect(await handle(row('refused'))).toEqual({ ok: true });
    expect(await handle(row('deleted'))).toEqual({ ok: true });
    expect(forgotten).toEqual(['gone']);
    expect(calls).toHaveLength(2);
  });

  it('cuts what is in flight on close and puts it back; later attempts send nothing', async () => {
    const { sender, calls } = scripted('never', 'never');
    const delivery = deliveryTo(sender);
    const handle = pushHandler(delivery);
    const inFlight = [handle(row('a')), handle(row('b'))];
    while (calls.length < 2) await new Promise((resolve) => setImmediate(resolve));
    delivery.close();
    for (const outcome of await Promise.all(inFlight))
      expect(outcome).toMatchObject({ ok: false, code: 'push:closed' });
    expect(await handle(row('c'))).toMatchObject({ ok: false, code: 'push:closed' });
    expect(calls).toHaveLength(2);
  });

  it('is tried again within seconds at first, and given up about 21 hours after the first attempt', () => {
    const pauses = Array.from({ length: PUSH_BACKOFF.maxAttempts }, (_, i) =>
      nextRetryMs(i + 1, PUSH_BACKOFF),
    );
    expect(pauses.slice(0, 5)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
    expect(pauses.at(-1)).toBeNull();
    const hours = pauses.reduce<number>((sum, p) => sum + (p ?? 0), 0) / 3_600_000;
    expect(hours).toBeGreaterThan(20);
    expect(hours).toBeLessThan(22);
  });
});
