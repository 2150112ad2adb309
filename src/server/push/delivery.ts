import { onDiscreetDevice } from '@/shared/domain/push';
import type { PushMessage } from '@/shared/schemas/push';
import type { Logger } from '../logger';
import type { Backoff } from '../outbox/runner';
import type { OutboxOutcome, OutboxRow } from '../outbox/worker';
import type { PushOptions, PushSender, PushTarget } from './sender';

/** One push to one device: the device by its row id (read again when it is sent), what it says, how. */
export interface PushJob {
  tokenId: string;
  message: PushMessage;
  options: PushOptions;
}

/** How an attempt ended: sent; the device gone or forgotten; refused (4xx); failed (worth another try); or cut by shutdown. */
export type PushOutcome = 'sent' | 'gone' | 'refused' | 'failed' | 'closed';

export interface PushAttempt {
  outcome: PushOutcome;
  /** The push service's status, when it answered. */
  status?: number;
  /** The network error's code, when it did not. */
  code?: string;
}

export interface PushDelivery {
  /** One attempt at a push, cut off after `timeoutMs`; how it ended. */
  deliver(job: PushJob): Promise<PushAttempt>;
  /** Cuts off the attempts in flight; later ones end at once as `closed`. */
  close(): void;
}

export interface PushDeliveryOptions {
  sender: PushSender;
  /** The device as it is now; null when it has gone (unsubscribed, account deleted) since the push was queued. */
  load(tokenId: string): Promise<PushTarget | null>;
  /** The push service says the subscription is gone (404, 410): forget the device. */
  gone(tokenId: string, endpoint: string): Promise<void>;
  log: Logger;
  /** A push service that has not answered within this is given up on for this attempt. */
  timeoutMs?: number;
}

export const PUSH_TIMEOUT_MS = 10_000;

/**
 * How a failed push is tried again by the outbox: 2, 4, 8, 16, 32 s, … doubling up to 6 h, 17 attempts
 * (about 21 h) before the row is marked dead. The first retries come within seconds, as a push should.
 */
export const PUSH_BACKOFF: Backoff = { retryMs: 2_000, maxRetryMs: 6 * 60 * 60 * 1000, maxAttempts: 17 };

/** Worth another try: the push service was unreachable, too slow, busy or failing. */
const retriable = (status: number | null) => status === null || status === 429 || status >= 500;

/**
 * Pushes leave from the outbox (decision 037): each `push` row is one attempt here, its time limit its
 * own, and a failure puts the row back for the outbox's backoff (`PUSH_BACKOFF`, decision 051). 404 and
 * 410 forget the device; a refusal (other 4xx) ends the row. Failures are logged with ids and codes, never
 * shown.
 */
export function createPushDelivery(opts: PushDeliveryOptions): PushDelivery {
  const timeoutMs = opts.timeoutMs ?? PUSH_TIMEOUT_MS;
  const shutdown = new AbortController();
  const { log } = opts;

  return {
    async deliver(job) {
      if (shutdown.signal.aborted) return { outcome: 'closed' };
      let status: number | null = null;
      let code: string | undefined;
      let target: PushTarget | null = null;
      // A timer of our own, not AbortSignal.timeout inside AbortSignal.any: those are held weakly, and a
      // push service that never answered left nothing else holding them, so the garbage collector could
      // take the timeout before it fired and the attempt hung for good.
      const attemptAbort = new AbortController();
      const onShutdown = () => attemptAbort.abort(shutdown.signal.reason);
      const timeout = setTimeout(
        () => attemptAbort.abort(new DOMException('push service did not answer', 'TimeoutError')),
        timeoutMs,
      );
      shutdown.signal.addEventListener('abort', onShutdown, { once: true });
      try {
        target = await opts.load(job.tokenId);
        if (!target) return { outcome: 'gone' };
        // A device in discreet mode (decision 081) is sent the neutral name, however the push was queued.
        const message = target.discreet ? onDiscreetDevice(job.message) : job.message;
        status = await opts.sender.send(target, message, job.options, attemptAbort.signal);
      } catch (error) {
        const e = error as { name?: string; code?: unknown; cause?: { code?: string } };
        // A DOMException's code is a number: its name says more.
        code = e.cause?.code ?? (typeof e.code === 'string' ? e.code : e.name);
      } finally {
        clearTimeout(timeout);
        shutdown.signal.removeEventListener('abort', onShutdown);
      }
      if (shutdown.signal.aborted) return { outcome: 'closed' };
      if (status !== null && status >= 200 && status < 300) return { outcome: 'sent', status };
      if (target && (status === 404 || status === 410)) {
        log.info({ tokenId: job.tokenId, status }, 'push: subscription gone, device forgotten');
        await opts.gone(job.tokenId, target.endpoint).catch((error) => {
          log.warn({ err: error, tokenId: job.tokenId }, 'push: gone device not forgotten');
        });
        return { outcome: 'gone', status };
      }
      const failed = { status: status ?? undefined, code };
      if (!retriable(status)) {
        log.warn({ tokenId: job.tokenId, status }, 'push: refused');
        return { outcome: 'refused', ...failed };
      }
      return { outcome: 'failed', ...failed };
    },
    close() {
      shutdown.abort();
    },
  };
}

/**
 * The outbox's handler of `push` rows: one attempt. Sent, gone (the device was forgotten or deleted) and
 * refused end the row; a push service that failed, or a shutdown, puts it back for a later attempt.
 */
export function pushHandler(delivery: PushDelivery) {
  return async (row: OutboxRow): Promise<OutboxOutcome> => {
    const job = row.payload as PushJob;
    const { outcome, status, code } = await delivery.deliver(job);
    if (outcome === 'failed' || outcome === 'closed') {
      return {
        ok: false,
        code: `push:${outcome}`,
        details: { tokenId: job.tokenId, status, pushCode: code },
      };
    }
    return { ok: true };
  };
}
